import { scopeKeys } from "@/lib/query-keys";

export const learningKeys = {
  assessment: () => [...scopeKeys.student, "assessment"] as const,
  logbook: () => [...scopeKeys.student, "logbook"] as const,
  progress: () => [...scopeKeys.student, "progress"] as const,
  /** The learner's pass-promise claim (issue 33). */
  passPromise: () => [...scopeKeys.student, "pass-promise"] as const,
};
