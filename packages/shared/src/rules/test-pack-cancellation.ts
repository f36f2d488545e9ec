/**
 * A driving-test package's own cancellation tiers (issue 33), beside the lesson tiers of cancellation.ts,
 * which stay as they are for ordinary lessons.
 *
 * Why other tiers than a lesson's 48 h / 24 h:
 * - the instructor keeps a half-day for a pack (the pick-up, the warm-up, the drive to the centre, the
 *   wait through the test, the drive back) on a date Service NSW chose, and turns other learners away for
 *   it; a week's notice is about what it takes to fill such a block again, so a full refund needs 7 days;
 * - Service NSW lets a learner move or cancel their test up to about 2 working days before it: a learner
 *   who gives the pack up by then gets half back; later, the instructor's day is lost and nothing is;
 * - a test Service NSW cancels or moves is not the learner's doing, and not a cancellation either: the
 *   pack is moved to the new test time (POST /student/test-packs/{bookingId}/move), at no cost;
 * - an instructor or admin cancelling, or an instructor who may no longer teach, is always the full tier,
 *   as for lessons.
 *
 * Notice is counted back from the pick-up, where the instructor's block (the lesson record) starts: it is
 * the hour they must be there, and the moment the pack counts as started. A test-pack credit cannot be
 * split, so it goes back only on the full tier; the half and none tiers keep it used.
 */
import { TEST_PACK_FULL_REFUND_NOTICE_HOURS, TEST_PACK_HALF_REFUND_NOTICE_HOURS } from "../constants.ts";
import {
  type CancellationOutcome,
  type CancelledBy,
  cancellationOutcome,
  type RefundTier,
} from "./cancellation.ts";
import type { PaymentRefundState } from "./payment-refunds.ts";

const MS_PER_HOUR = 3_600_000;

export interface TestPackTierInput {
  /** The pick-up: the start of the instructor's block. */
  pickupAt: Date;
  now: Date;
  cancelledBy: CancelledBy;
  /** The instructor may no longer teach it (delisted, a document lapsed, their time off clashes). */
  instructorUnavailable?: boolean;
}

/**
 * Which refund applies to a pack: not the student's doing → full; once the pick-up has come, nothing;
 * otherwise TEST_PACK_FULL_REFUND_NOTICE_HOURS (7 days) or more ahead full, TEST_PACK_HALF_REFUND_NOTICE_HOURS
 * (48 h) or more half, less none. Both boundaries are inclusive: exactly 7 days ahead is still full.
 */
export function testPackRefundTier(input: TestPackTierInput): RefundTier {
  if (input.cancelledBy !== "STUDENT") return "full";
  const msBefore = input.pickupAt.getTime() - input.now.getTime();
  if (!(msBefore > 0)) return "none";
  if (input.instructorUnavailable) return "full";
  if (msBefore >= TEST_PACK_FULL_REFUND_NOTICE_HOURS * MS_PER_HOUR) return "full";
  if (msBefore >= TEST_PACK_HALF_REFUND_NOTICE_HOURS * MS_PER_HOUR) return "half";
  return "none";
}

/** How a pack was paid: by card (its own payment), with a test-pack credit, or not at all. */
export type TestPackPaidWith = "CARD" | "TEST_PACK_CREDIT" | null;

/**
 * What cancelling a pack gives back. The money follows the lesson rule (cancellationOutcome) from the
 * pack's tier: a card-paid pack refunds the tier's share and its GST to the card; a credit-paid pack
 * is treated as a credit that cannot be split (method CREDIT, creditReturned, on the full tier only).
 */
export function testPackCancellationOutcome(
  input: TestPackTierInput & {
    priceCents: number;
    paidWith: TestPackPaidWith;
    payment?: PaymentRefundState;
  },
): CancellationOutcome {
  const tier = testPackRefundTier(input);
  return cancellationOutcome({
    priceCents: input.priceCents,
    startTime: input.pickupAt,
    now: input.now,
    cancelledBy: input.cancelledBy,
    instructorUnavailable: input.instructorUnavailable ?? false,
    // A test-pack credit behaves as a bundle credit does: back whole, or kept whole.
    paidWith: input.paidWith === "TEST_PACK_CREDIT" ? "BUNDLE" : input.paidWith,
    tier,
    ...(input.payment ? { payment: input.payment } : {}),
  });
}

/**
 * Until when the learner may move their pack to a new test time: up to the pick-up. The test date is
 * Service NSW's, not Kerb's, and the learner has no say in a move Service NSW makes, so no reschedule
 * window applies; the instructor's own notice still does (the new block is checked like a new pack).
 */
export function canMoveTestPack(pickupAt: Date, now: Date): boolean {
  return pickupAt.getTime() > now.getTime();
}
