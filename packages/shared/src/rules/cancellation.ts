/** Cancellation, rescheduling and bundle-expiry policy (spec §9 invoice terms). */
import { tz } from "@date-fns/tz";
import { addMonths } from "date-fns";
import {
  BUNDLE_VALIDITY_MONTHS,
  FULL_REFUND_NOTICE_HOURS,
  HALF_REFUND_NOTICE_HOURS,
  HALF_REFUND_SHARE,
  RESCHEDULE_NOTICE_HOURS,
  SYDNEY_TZ,
} from "../constants.ts";
import { type PaymentRefundState, refundOfShare } from "./payment-refunds.ts";
import { gstCents, instructorEarningsCents } from "./pricing.ts";

const MS_PER_HOUR = 3_600_000;

export const CANCELLERS = ["STUDENT", "INSTRUCTOR", "ADMIN"] as const;
export type CancelledBy = (typeof CANCELLERS)[number];
export type RefundTier = "full" | "half" | "none";

export interface RefundInput {
  priceCents: number;
  startTime: Date;
  now: Date;
  cancelledBy: CancelledBy;
  /**
   * The lesson's instructor may no longer teach (delisted, or a document expired or not on record):
   * the student did not cause the cancellation, so it is always the full tier.
   */
  instructorUnavailable?: boolean;
}

/**
 * Which refund applies. Instructor or admin cancellations are not the student's fault: always full.
 * For students: more than 48 h ahead full; 24 h to 48 h inclusive half; under 24 h, or once the
 * lesson has started, nothing; but full whenever their instructor may no longer teach the lesson.
 */
export function refundTier(input: Omit<RefundInput, "priceCents"> & { priceCents?: number }): RefundTier {
  if (input.cancelledBy !== "STUDENT") return "full";
  const msBefore = input.startTime.getTime() - input.now.getTime();
  if (!(msBefore > 0)) return "none";
  if (input.instructorUnavailable) return "full";
  if (msBefore > FULL_REFUND_NOTICE_HOURS * MS_PER_HOUR) return "full";
  if (msBefore >= HALF_REFUND_NOTICE_HOURS * MS_PER_HOUR) return "half";
  return "none";
}

/** Refund in cents; a half refund of an odd amount rounds the half cent up. */
export function refundCents(input: RefundInput): number {
  return refundShareOfTier(refundTier(input), input.priceCents);
}

/** The part of `priceCents` a tier gives back, whichever policy chose the tier. */
export function refundShareOfTier(tier: RefundTier, priceCents: number): number {
  switch (tier) {
    case "full":
      return priceCents;
    case "half":
      return Math.round(priceCents * HALF_REFUND_SHARE);
    case "none":
      return 0;
  }
}

/** How the cancelled lesson was paid for: a bundle credit, a card payment, or nothing to give back. */
export type LessonPaidWith = "BUNDLE" | "CARD" | null;

/** How the student gets something back: money to the card, the credit to the bundle, or nothing. */
export type RefundMethod = "CARD" | "CREDIT" | "NONE";

export interface CancellationOutcome {
  tier: RefundTier;
  method: RefundMethod;
  /** Cents back to the card, GST included (the student paid both); 0 for a bundle lesson. */
  refundCents: number;
  /** The GST part of `refundCents`. */
  refundGstCents: number;
  /** True when the lesson credit goes back to the bundle it came from. */
  creditReturned: boolean;
  /** Lesson value the platform keeps (ex GST): the price less the refunded share, or a forfeited credit. */
  keptCents: number;
  /** What the instructor earns on the cancelled lesson: 75% of what the platform keeps. */
  instructorEarningsCents: number;
}

/**
 * What cancelling a lesson gives back: the one rule behind the API's cancellations (student, instructor,
 * admin) and every cancel dialog's preview. A card-paid lesson refunds the tier's share of the price
 * plus the GST charged on that share; a bundle credit cannot be split, so it goes back only on a
 * full-refund tier and is forfeited otherwise. Whatever is not given back is kept, and the instructor
 * earns their share of it (so a late cancellation still pays them for the hour they kept free).
 */
export function cancellationOutcome(
  input: RefundInput & {
    paidWith: LessonPaidWith;
    /**
     * The card payment as it stands (what it charged and has given back): GST then goes back on the
     * payment's running total, so its refunds add up to the invoice (`refundOfShare`). Without it (a
     * preview that does not know the payment) the share's own GST is shown, which can be a cent over.
     */
    payment?: PaymentRefundState;
    /**
     * The tier another policy chose (a driving-test package's, rules/test-pack-cancellation.ts); without
     * it the lesson tiers above decide. Only the tier differs: the money follows from it the same way.
     */
    tier?: RefundTier;
  },
): CancellationOutcome {
  const tier = input.tier ?? refundTier(input);
  const outcome = (
    method: RefundMethod,
    refundShareCents: number,
    creditReturned: boolean,
  ): CancellationOutcome => {
    const refund = input.payment
      ? refundOfShare(input.payment, refundShareCents)
      : { amountCents: refundShareCents + gstCents(refundShareCents), gstCents: gstCents(refundShareCents) };
    const refundGstCents = refund.gstCents;
    // Nothing paid (paidWith null) means nothing kept either.
    const keptCents = creditReturned || input.paidWith === null ? 0 : input.priceCents - refundShareCents;
    return {
      tier,
      method,
      refundCents: refund.amountCents,
      refundGstCents,
      creditReturned,
      keptCents,
      instructorEarningsCents: instructorEarningsCents(keptCents),
    };
  };
  if (input.paidWith === "BUNDLE") {
    const creditReturned = tier === "full";
    return outcome(creditReturned ? "CREDIT" : "NONE", 0, creditReturned);
  }
  if (input.paidWith === "CARD") {
    const share = refundShareOfTier(tier, input.priceCents);
    return outcome(share > 0 ? "CARD" : "NONE", share, false);
  }
  return outcome("NONE", 0, false);
}

/** Rescheduling is allowed up to (and including) exactly 24 hours before the start. */
export function canReschedule(startTime: Date, now: Date): boolean {
  return startTime.getTime() - now.getTime() >= RESCHEDULE_NOTICE_HOURS * MS_PER_HOUR;
}

/**
 * Bundle credits expire 12 months after purchase, counted on the Sydney calendar (same wall time a year
 * on; 29 February falls back to 28 February).
 */
export function bundleExpiryFrom(purchasedAt: Date): Date {
  return new Date(addMonths(purchasedAt, BUNDLE_VALIDITY_MONTHS, { in: tz(SYDNEY_TZ) }).getTime());
}
