/**
 * The students and lessons `seed-cancellation-tiers.ts` writes, shared with the spec that cancels them:
 * one set per Playwright project (phone, desktop), because cancelling uses them up.
 */
export const TIER_PROJECTS = ["phone", "desktop"] as const;

export function tiersStudent(project: string) {
  return `tiers.student.${project}@e2e.test`;
}

/** Hours ahead of the server's start, rounded up to the next hour: one lesson per refund tier. */
export const TIER_LESSONS = [
  { tier: "full", hoursAhead: 72 },
  { tier: "half", hoursAhead: 36 },
  { tier: "none", hoursAhead: 10 },
] as const;

/** Each tier lesson's own payment: KRB-E2E-P0072 (phone), KRB-E2E-D0036 (desktop)… */
export function tierInvoiceNumber(project: string, hoursAhead: number) {
  return `KRB-E2E-${project === "phone" ? "P" : "D"}${String(hoursAhead).padStart(4, "0")}`;
}
