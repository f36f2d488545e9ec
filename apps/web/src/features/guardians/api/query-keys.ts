import { scopeKeys } from "@/lib/query-keys";

export const guardianKeys = {
  /** The learners a guardian follows. */
  learners: () => [...scopeKeys.guardian, "learners"] as const,
  learner: (learnerId: string) => [...scopeKeys.guardian, "learner", learnerId] as const,
  learnerProgress: (learnerId: string) => [...scopeKeys.guardian, "learner-progress", learnerId] as const,
  learnerLogbook: (learnerId: string) => [...scopeKeys.guardian, "learner-logbook", learnerId] as const,
  /** What the guardian paid for, across learners (their receipts). */
  payments: () => [...scopeKeys.guardian, "payments"] as const,
  /** An emailed invitation, read before the guardian has an account (so under no one's scope). */
  invitation: (token: string) => ["guardian-invitation", token] as const,
  /** A learner's own list of their parents and guardians. */
  ofStudent: () => [...scopeKeys.student, "guardians"] as const,
};
