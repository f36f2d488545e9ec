/**
 * What Kerb pays an instructor for their lessons, and the GST in it (docs/decisions/030). Kerb issues the
 * recipient-created tax invoice, so the instructor's GST status decides the invoice: a GST-registered
 * instructor (with a valid ABN) makes a taxable supply of their share and is paid share + 10% GST, which
 * Kerb claims back as a GST credit; anyone else is paid the share, with no GST. Without a valid ABN
 * nothing is paid: the lessons keep accruing until one is given (Kerb does not withhold 47% instead).
 */
import { isValidAbn } from "./abn.ts";
import { payoutLine } from "./payouts.ts";
import { gstCents } from "./pricing.ts";

export interface InstructorTaxStatus {
  abn: string | null;
  gstRegistered: boolean;
}

/**
 * Why a payout run passes an instructor by; null when they can be paid. "agreement_missing": no current
 * acceptance of Kerb's RCTI agreement (rules/rcti.ts), so no RCTI may be issued.
 */
export type PayoutHold = "abn_missing" | "agreement_missing";

export function payoutHoldOf(status: {
  abn: string | null;
  /** Whether the current RCTI agreement is accepted (rules/rcti.ts `hasCurrentRctiAgreement`). */
  rctiAgreementCurrent: boolean;
}): PayoutHold | null {
  if (!hasValidAbn(status)) return "abn_missing";
  return status.rctiAgreementCurrent ? null : "agreement_missing";
}

export function hasValidAbn(status: Pick<InstructorTaxStatus, "abn">): boolean {
  return status.abn !== null && isValidAbn(status.abn);
}

/** Registered for GST counts only with a valid ABN: GST cannot be charged without one. */
export function chargesGst(status: InstructorTaxStatus): boolean {
  return status.gstRegistered && hasValidAbn(status);
}

export interface InstructorPayCents {
  /** The lesson value (ex GST) the line is for. */
  grossCents: number;
  /** Kerb's 25%. */
  feeCents: number;
  /** The instructor's 75%: the taxable supply on a registered instructor's invoice. */
  shareCents: number;
  /** 10% of the share, rounded half up to the cent; 0 for an instructor not registered for GST. */
  gstCents: number;
  /** What is paid: share + GST. */
  totalCents: number;
}

/**
 * One lesson line. GST is worked out per line (like the fee), so months, payouts and the unpaid
 * balance are sums of the same lines and always agree to the cent.
 */
export function instructorPayLine(grossCents: number, status: InstructorTaxStatus): InstructorPayCents {
  const { feeCents, amountCents: shareCents } = payoutLine(grossCents);
  const gst = chargesGst(status) ? gstCents(shareCents) : 0;
  return { grossCents, feeCents, shareCents, gstCents: gst, totalCents: shareCents + gst };
}

export interface InstructorPayTotals extends InstructorPayCents {
  lessons: number;
}

const zeroTotals = (): InstructorPayTotals => ({
  lessons: 0,
  grossCents: 0,
  feeCents: 0,
  shareCents: 0,
  gstCents: 0,
  totalCents: 0,
});

/**
 * The sums of lines given as (lesson value, number of lessons at it): the shape the database groups
 * earnings in. gross = fee + share and total = share + GST hold to the cent, since every line does.
 */
export function instructorPayTotals(
  groups: ReadonlyArray<{ grossCents: number; lessons: number }>,
  status: InstructorTaxStatus,
): InstructorPayTotals {
  const totals = zeroTotals();
  for (const group of groups) {
    if (!Number.isSafeInteger(group.grossCents) || group.grossCents < 0) {
      throw new RangeError(`Not a payable amount: ${group.grossCents}`);
    }
    const line = instructorPayLine(group.grossCents, status);
    const n = group.lessons;
    totals.lessons += n;
    totals.grossCents += line.grossCents * n;
    totals.feeCents += line.feeCents * n;
    totals.shareCents += line.shareCents * n;
    totals.gstCents += line.gstCents * n;
    totals.totalCents += line.totalCents * n;
  }
  return totals;
}
