import type { InstructorListing } from "@kerb/shared";

export type InstructorTab = "recommended" | "best_value" | "top_rated";

/** The API answers in recommendation order already; the other tabs re-sort a copy (stable). */
export function orderInstructors(
  list: readonly InstructorListing[],
  tab: InstructorTab,
): InstructorListing[] {
  if (tab === "best_value") return [...list].sort((a, b) => a.standardRate - b.standardRate);
  if (tab === "top_rated") {
    return [...list].sort((a, b) => {
      if (a.rating === null && b.rating === null) return 0;
      if (a.rating === null) return 1;
      if (b.rating === null) return -1;
      return b.rating - a.rating;
    });
  }
  return [...list];
}
