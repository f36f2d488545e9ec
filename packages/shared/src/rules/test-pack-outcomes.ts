/**
 * After the test day of a driving-test package (issue 33): the instructor's outcome on the pack, what of
 * the pack the NSW logbook counts, and the pass promise (a second pack for a learner who prepared with
 * Kerb and failed).
 *
 * Decisions:
 * - The outcome can be recorded from the test time on (the instructor waits at the centre and hears the
 *   result there), and changed until a pass-promise claim names the pack: the claim was made, and will
 *   be decided, on that outcome.
 * - A pack marked a no-show can only be "not taken": the learner never came. A cancelled or unpaid pack
 *   has no test to record.
 * - Recording "passed" or "failed" on a scheduled pack whose block has ended also marks the lesson
 *   completed: the test was sat, so the instructor gave the whole block. "Not taken" leaves the lesson
 *   as it is, because it covers both a learner who never came (a no-show, marked as such) and a test
 *   Service NSW called off on the day after the warm-up was taught (completed, marked as such).
 * - The logbook counts only the warm-up (TfNSW: supervised driving with a licensed instructor); the test
 *   is driven with the examiner, and the drives to and from the centre are the instructor's travel.
 *   The warm-up is taught from the pick-up (rules/test-pack-plan.ts), so it is the block's first hour.
 * - The pass promise counts completed lessons on Kerb at the time of the claim, packs not counted, and
 *   is once per learner whatever an admin decides.
 */
import { tz } from "@date-fns/tz";
import { addMonths } from "date-fns";
import {
  type BookingStatus,
  PASS_PROMISE_MIN_LESSONS,
  SYDNEY_TZ,
  TEST_PACKAGE_WARM_UP_MINUTES,
  type TestPackOutcome,
} from "../constants.ts";
import { formatSydneyDate, formatSydneyTime } from "./sydney-time.ts";
import { findTestCentre } from "./test-centres.ts";

const MINUTE_MS = 60_000;

/** A pass-promise credit can be spent for this long after the claim is approved. */
export const PASS_PROMISE_CREDIT_VALIDITY_MONTHS = 12;

/** A pack's centre as shown: its name and address, or its id alone once retired from TEST_CENTRES. */
export function testCentreShown(centreId: string): {
  id: string;
  name: string;
  address: string;
  suburb: string;
} {
  const centre = findTestCentre(centreId);
  return centre
    ? { id: centre.id, name: centre.name, address: centre.address, suburb: centre.suburb }
    : { id: centreId, name: centreId, address: "", suburb: "" };
}

export interface TestOutcomeCase {
  outcome: TestPackOutcome;
  /** The pack's lesson record's status. */
  lessonStatus: BookingStatus;
  testAt: Date;
  now: Date;
  /** A pass-promise claim names this pack. */
  claimed: boolean;
}

/** Why the instructor may not record `outcome` on the pack now, as a sentence; null when they may. */
export function testOutcomeRefusal(c: TestOutcomeCase): string | null {
  if (c.lessonStatus === "CANCELLED") return "This pack was cancelled, so it has no test outcome";
  if (c.lessonStatus === "PENDING_PAYMENT" || c.lessonStatus === "EXPIRED") {
    return "This pack was never paid for, so it has no test outcome";
  }
  if (c.now.getTime() < c.testAt.getTime()) {
    return (
      `The test's outcome can be recorded from the test time, ${formatSydneyTime(c.testAt)} on ` +
      `${formatSydneyDate(c.testAt)}`
    );
  }
  if (c.lessonStatus === "NO_SHOW" && c.outcome !== "NOT_TAKEN") {
    return "This pack is marked a no-show, so its test can only be recorded as not taken";
  }
  if (c.claimed) {
    return "The learner has claimed the pass promise on this test, so its outcome can no longer change";
  }
  return null;
}

/** Whether recording `outcome` also marks the pack's lesson completed (see the decisions above). */
export function testOutcomeCompletesPack(c: {
  outcome: TestPackOutcome;
  lessonStatus: BookingStatus;
  blockEnd: Date;
  now: Date;
}): boolean {
  return c.lessonStatus === "SCHEDULED" && c.outcome !== "NOT_TAKEN" && c.now >= c.blockEnd;
}

/**
 * What of a completed pack the logbook counts: its warm-up, the block's first TEST_PACKAGE_WARM_UP_MINUTES
 * from the pick-up; null for a pack without one (nothing of it is supervised driving with the instructor).
 */
export function testPackLogbookSpan(pack: {
  start: Date;
  includesWarmUp: boolean;
}): { start: Date; end: Date } | null {
  if (!pack.includesWarmUp) return null;
  return {
    start: pack.start,
    end: new Date(pack.start.getTime() + TEST_PACKAGE_WARM_UP_MINUTES * MINUTE_MS),
  };
}

export const PASS_PROMISE_REFUSALS = [
  "ALREADY_CLAIMED",
  "PACK_CANCELLED",
  "NO_OUTCOME",
  "NOT_FAILED",
  "TOO_FEW_LESSONS",
] as const;
export type PassPromiseRefusal = (typeof PASS_PROMISE_REFUSALS)[number];

/** Said to a learner who claimed before (also when two of their claims race). */
export const PASS_PROMISE_ALREADY_CLAIMED =
  "You have already claimed the pass promise: it gives one second test pack per learner";

export interface PassPromiseCase {
  /** The learner's completed lessons on Kerb, test packs not counted. */
  completedLessons: number;
  /** The learner's own pack the claim names. */
  pack: { outcome: TestPackOutcome | null; lessonStatus: BookingStatus };
  /** The learner claimed before, whatever was decided. */
  claimedBefore: boolean;
}

export type PassPromiseEligibility =
  | { eligible: true }
  | { eligible: false; reason: PassPromiseRefusal; message: string };

const OUTCOME_WORDS: Record<Exclude<TestPackOutcome, "FAILED">, string> = {
  PASSED: "this test was passed",
  NOT_TAKEN: "this test was not taken",
};

/** Whether the learner may claim the pass promise on the pack, and if not, which condition fails. */
export function passPromiseEligibility(c: PassPromiseCase): PassPromiseEligibility {
  const refuse = (reason: PassPromiseRefusal, message: string) =>
    ({ eligible: false, reason, message }) as const;
  if (c.claimedBefore) {
    return refuse("ALREADY_CLAIMED", PASS_PROMISE_ALREADY_CLAIMED);
  }
  if (c.pack.lessonStatus === "CANCELLED") {
    return refuse("PACK_CANCELLED", "This test pack was cancelled, so the pass promise does not apply to it");
  }
  if (c.pack.outcome === null) {
    return refuse(
      "NO_OUTCOME",
      "Your instructor has not recorded this test's outcome yet: the pass promise is for a failed test",
    );
  }
  if (c.pack.outcome !== "FAILED") {
    return refuse(
      "NOT_FAILED",
      `The pass promise is for a failed test, and ${OUTCOME_WORDS[c.pack.outcome]}`,
    );
  }
  if (c.completedLessons < PASS_PROMISE_MIN_LESSONS) {
    return refuse(
      "TOO_FEW_LESSONS",
      `The pass promise needs at least ${PASS_PROMISE_MIN_LESSONS} completed lessons on Kerb (test packs ` +
        `not counted); you have completed ${c.completedLessons}`,
    );
  }
  return { eligible: true };
}

/** When a pass-promise credit approved at `approvedAt` lapses: 12 months on, on the Sydney calendar. */
export function passPromiseCreditExpiry(approvedAt: Date): Date {
  return new Date(
    addMonths(approvedAt, PASS_PROMISE_CREDIT_VALIDITY_MONTHS, { in: tz(SYDNEY_TZ) }).getTime(),
  );
}
