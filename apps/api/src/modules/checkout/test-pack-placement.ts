/**
 * Where a learner's test pack lands, whatever pays for it (a card hold, a test-pack credit): the checks
 * both make inside their transaction, in one place. The student row is locked (one checkout per learner
 * at a time), the instructor's offer read, the block planned from the test time and checked against the
 * learner's own lessons and, under the instructor's schedule lock, against the instructor's calendar.
 */
import { SUBURBS, type Suburb, type testPackRequest } from "@kerb/shared";
import {
  centsToDollars,
  dollarsToCents,
  findSuburb,
  findTestCentre,
  planTestPack,
  type TestCentre,
  type TestCentreId,
  type TestPackPlan,
  teachesInSuburb,
  unknownSuburbMessage,
} from "@kerb/shared/rules";
import type { z } from "zod";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { findInstructorListing } from "../instructors/index.ts";
import {
  checkLessonBlock,
  openHoldsAndClashes,
  type PlannedLesson,
  refuseOwnClashes,
} from "../lessons/index.ts";
import { lockStudentForCheckout } from "../students/index.ts";
import { findTestPackageOffer, refuseUnbookableTest, testPackRefusal } from "../test-packages/index.ts";

type PackRequest = Pick<
  z.output<typeof testPackRequest>,
  "instructorId" | "centreId" | "suburb" | "pickupLocation"
> & {
  /** Dollars ex GST as shown; checked only when the learner pays the price (a card). */
  price?: number;
};

export interface TestPackPlacement {
  student: { id: string; email: string };
  suburb: Suburb;
  offer: { priceCents: number; includesWarmUp: boolean };
  plan: TestPackPlan;
  /** The block as a planned lesson (pick-up to drop-off at the instructor's price), for `lessonRowOf`. */
  lesson: PlannedLesson;
  /** Held lessons the learner already has waiting for payment. */
  openHolds: number;
}

/**
 * What every pack request says before anything is locked, whoever pays: the test time (not past) and a
 * centre we know (400 otherwise).
 */
export function readTestPackRequest(request: { testAt: string; centreId: string }, now: Date) {
  const testAt = new Date(request.testAt);
  refuseUnbookableTest(testAt, now);
  const centre = findTestCentre(request.centreId);
  if (!centre) throw new AppError("bad_request", "We don't know that test centre");
  return { testAt, centre };
}

export async function placeTestPack(
  tx: Executor,
  input: { studentId: string; request: PackRequest; centre: TestCentre; testAt: Date; now: Date },
): Promise<TestPackPlacement> {
  const { studentId, request, centre, testAt, now } = input;
  const student = await lockStudentForCheckout(tx, studentId);
  if (!student) throw new AppError("unauthorized", "Please sign in again");
  const suburb = request.suburb ?? findSuburb(student.suburb ?? "");
  if (!suburb) throw new AppError("invalid_suburb", unknownSuburbMessage(), { validSuburbs: SUBURBS });

  const offer = await findTestPackageOffer(tx, request.instructorId);
  if (!offer?.enabled) {
    throw new AppError("instructor_unavailable", "That instructor does not offer driving-test packages.", {
      reason: "not_offered",
    });
  }
  if (!offer.centreIds.includes(centre.id)) {
    throw new AppError(
      "bad_request",
      `That instructor does not take learners to ${centre.name}. Choose an instructor who does.`,
      { reason: "centre_not_served" },
    );
  }
  // The price the learner was shown must still hold: we never charge another.
  if (request.price !== undefined && dollarsToCents(request.price) !== offer.priceCents) {
    throw new AppError("amount_mismatch", "The test package's price has changed. Please review it.", {
      expected: centsToDollars(offer.priceCents),
    });
  }
  const plan = planTestPack({
    testAt,
    pickup: suburb,
    centreId: centre.id as TestCentreId,
    includesWarmUp: offer.includesWarmUp,
  });
  const period = { start: plan.pickupAt, end: plan.dropOffAt };
  const { open, clashes } = await openHoldsAndClashes(tx, studentId, [period], now);
  refuseOwnClashes(clashes);

  const answer = await checkLessonBlock(tx, { instructorId: request.instructorId, suburb, ...period, now });
  if (!answer) {
    const listing = await findInstructorListing(tx, request.instructorId);
    if (listing && !teachesInSuburb(listing.suburbs, suburb)) {
      throw new AppError("instructor_not_in_suburb", `That instructor does not teach in ${suburb}.`);
    }
    throw new AppError("not_found", "That instructor is not available for booking.");
  }
  const refusal = testPackRefusal(answer, plan);
  if (refusal) throw refusal;
  const lesson: PlannedLesson = {
    instructorId: request.instructorId,
    start: plan.pickupAt,
    end: plan.dropOffAt,
    priceCents: offer.priceCents,
    isPoolHours: false,
    pickupLocation: request.pickupLocation?.trim() || suburb,
  };
  return { student, suburb, offer, plan, lesson, openHolds: open };
}
