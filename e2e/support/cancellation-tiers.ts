/** The student and lessons `seed-cancellation-tiers.ts` writes, shared with the spec that cancels them. */
export const TIERS_STUDENT = "tiers.student@e2e.test";

/** Hours ahead of the server's start, rounded up to the next hour: one lesson per refund tier. */
export const TIER_LESSONS = [
  { tier: "full", hoursAhead: 72, invoiceNumber: "KRB-E2E-0072" },
  { tier: "half", hoursAhead: 36, invoiceNumber: "KRB-E2E-0036" },
  { tier: "none", hoursAhead: 10, invoiceNumber: "KRB-E2E-0010" },
] as const;
