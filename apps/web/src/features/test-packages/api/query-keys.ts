import type { TestPackOptionsQuery } from "@kerb/shared";
import { scopeKeys } from "@/lib/query-keys";

export const testPackageKeys = {
  /** The signed-in instructor's own offer. */
  own: () => [...scopeKeys.instructor, "test-package"] as const,
  /** The instructors who can do a learner's test pack (centre, test time, pick-up suburb). */
  options: (query: TestPackOptionsQuery) => [...scopeKeys.student, "test-pack-options", query] as const,
};
