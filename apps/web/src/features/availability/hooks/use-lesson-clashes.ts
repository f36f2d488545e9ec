import type { AffectedBooking } from "@kerb/shared";
import { useInstructorAvailability } from "../api/get-instructor-availability";

/**
 * The instructor's booked lessons that their hours or settings no longer allow (a day off or leave over a
 * lesson…): the same `conflicts` the Availability page shows, from the same query, so the dashboard and
 * the lessons list agree with it. Empty while loading or if it cannot be loaded.
 */
export function useLessonClashes(): {
  conflicts: AffectedBooking[];
  reasonsOf: (lessonId: string) => AffectedBooking["reasons"] | undefined;
} {
  const query = useInstructorAvailability();
  const conflicts = query.data?.conflicts ?? [];
  const byId = new Map(conflicts.map((c) => [c.id, c.reasons]));
  return { conflicts, reasonsOf: (id) => byId.get(id) };
}
