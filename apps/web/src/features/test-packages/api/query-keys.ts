import type { TestPackOptionsQuery } from "@kerb/shared";
import { scopeKeys } from "@/lib/query-keys";

export const testPackageKeys = {
  /** The signed-in instructor's own offer. */
  own: () => [...scopeKeys.instructor, "test-package"] as const,
  /** The instructors who can do a learner's test pack (centre, test time, pick-up suburb). */
  options: (query: TestPackOptionsQuery) => [...scopeKeys.student, "test-pack-options", query] as const,
  /** The learner's test-pack credits and what buying one costs. */
  credits: () => [...scopeKeys.student, "test-pack-credits"] as const,
  /** The pass promise's claims, as the admin decides them. */
  adminClaimsAll: () => [...scopeKeys.admin, "pass-promise"] as const,
  adminClaims: (page: number) => [...scopeKeys.admin, "pass-promise", page] as const,
};
