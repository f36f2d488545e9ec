import type { MoveTestPackResponse, moveTestPackRequest } from "@kerb/shared";
import {
  canMoveTestPack,
  findSuburb,
  findTestCentre,
  formatSydneyDate,
  formatSydneyTime,
  fullName,
  planTestPack,
  type TestCentreId,
} from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { findStudentBooking } from "../students/index.ts";
import {
  findPackOfLesson,
  findTestPackageOffer,
  moveTestPack,
  refuseUnbookableTest,
  testPackPlanView,
  testPackRefusal,
  testPackSummariesOf,
} from "../test-packages/index.ts";
import { checkLessonBlock } from "./check-lesson-block.ts";
import { enqueueLessonRescheduled } from "./emails/index.ts";
import { lockStudentLesson } from "./lesson-reads.ts";
import { checkLessonTransition, moveLesson } from "./lessons.writes.ts";
import { retryPastLapsedHolds } from "./plan-lessons.ts";
import { findStudentClashes } from "./student-clashes.ts";

type MoveRequest = z.output<typeof moveTestPackRequest>;

/** What the learner can do when their instructor cannot make the new time: the pack stays as it was. */
const BUSY_ADVICE =
  "Your package keeps its present time. Message your instructor, or cancel the package and book one with another instructor for your new test.";

/** The instructor's offer must still take learners to a centre the pack did not go to before. */
async function checkCentreServed(tx: Executor, instructorId: string, centreId: string, name: string) {
  const offer = await findTestPackageOffer(tx, instructorId);
  if (!offer?.centreIds.includes(centreId)) {
    throw new AppError(
      "instructor_unavailable",
      `Your instructor does not take learners to ${name}. Keep your test at the centre of your package, or cancel the package and book one with an instructor who does.`,
      { reason: "centre_not_served" },
    );
  }
}

/**
 * POST /student/test-packs/:bookingId/move: the learner's test moved (Service NSW's new date, perhaps at
 * another centre), so their pack follows it. The block is planned again from the new test time with the
 * same instructor, pick-up suburb and warm-up (rules/test-pack-plan.ts), checked against the learner's
 * own lessons and, under the instructor's schedule lock, against the instructor's calendar with the pack
 * itself left out; then the one lesson record moves (moveLesson) and test_packs follows, in one
 * transaction, and both are told as for a reschedule. The price already paid does not change. Allowed
 * until the pick-up: the test date is Service NSW's, so no reschedule window applies (the instructor's
 * notice still does, for the new block).
 */
export async function moveOwnTestPack(
  ctx: AppContext,
  studentId: string,
  bookingId: string,
  request: MoveRequest,
): Promise<MoveTestPackResponse> {
  const now = ctx.now();
  const testAt = new Date(request.testAt);
  const moved = await retryPastLapsedHolds(ctx, now, () =>
    ctx.transact(async (uow) => {
      const { tx } = uow;
      // Ownership first, under lock: someone else's lesson is "not found", never "forbidden".
      const lesson = await lockStudentLesson(tx, studentId, bookingId);
      if (!lesson) throw new AppError("not_found", "Lesson not found");
      const pack = await findPackOfLesson(tx, bookingId);
      if (!pack) {
        throw new AppError(
          "not_a_test_pack",
          "This lesson is not a driving-test package, so it has no test time to follow. Reschedule it instead.",
        );
      }
      checkLessonTransition("reschedule", lesson.status, "STUDENT");
      if (!canMoveTestPack(lesson.startTime, now)) {
        throw new AppError(
          "invalid_state",
          `This package started with the pick-up at ${formatSydneyTime(lesson.startTime)} on ${formatSydneyDate(lesson.startTime)} and can no longer be moved`,
        );
      }
      refuseUnbookableTest(testAt, now);
      const centre = findTestCentre(request.centreId ?? pack.centreId);
      if (!centre) throw new AppError("bad_request", "We don't know that test centre");
      if (testAt.getTime() === pack.testAt.getTime() && centre.id === pack.centreId) {
        throw new AppError(
          "bad_request",
          "Your package is already planned for that test; enter the new test time",
        );
      }
      if (centre.id !== pack.centreId)
        await checkCentreServed(tx, lesson.instructorId, centre.id, centre.name);
      const suburb = findSuburb(lesson.suburb);
      if (!suburb) throw new AppError("invalid_state", "This package's pick-up suburb is no longer served");

      const plan = planTestPack({
        testAt,
        pickup: suburb,
        centreId: centre.id as TestCentreId,
        includesWarmUp: pack.includesWarmUp,
      });
      const period = { start: plan.pickupAt, end: plan.dropOffAt };
      const own = (await findStudentClashes(tx, studentId, [period], now)).filter((c) => c.id !== bookingId);
      if (own.length > 0) {
        throw new AppError(
          "slot_unavailable",
          "You have another lesson between the new pick-up and drop-off. Move or cancel it first.",
          { startTime: period.start.toISOString() },
        );
      }
      const answer = await checkLessonBlock(tx, {
        instructorId: lesson.instructorId,
        suburb,
        ...period,
        now,
        excludeBookingId: bookingId,
      });
      if (!answer) {
        throw new AppError(
          "instructor_unavailable",
          "Your instructor can no longer take bookings in your suburb, so the package cannot move. Cancel it for a full refund instead.",
        );
      }
      const refusal = testPackRefusal(answer, plan, BUSY_ADVICE);
      if (refusal) throw refusal;

      // The exclusion constraint stays the last word: a booking that won the race is 23P01 → 409.
      await moveLesson(tx, bookingId, period, now);
      await moveTestPack(tx, bookingId, {
        testAt,
        centreId: centre.id,
        toCentreMinutes: plan.toCentreMinutes,
        fromCentreMinutes: plan.fromCentreMinutes,
      });
      await uow.audit({
        actorId: studentId,
        action: "booking.test_pack_move",
        targetType: "booking",
        targetId: bookingId,
        details: {
          instructor: fullName(answer.instructor),
          from: {
            testAt: pack.testAt.toISOString(),
            centreId: pack.centreId,
            startTime: lesson.startTime.toISOString(),
            endTime: lesson.endTime.toISOString(),
          },
          to: {
            testAt: testAt.toISOString(),
            centreId: centre.id,
            startTime: plan.pickupAt.toISOString(),
            endTime: plan.dropOffAt.toISOString(),
          },
        },
        createdAt: now,
      });
      await enqueueLessonRescheduled(uow, {
        bookingId,
        previous: { startTime: lesson.startTime, endTime: lesson.endTime },
        now,
        appUrl: publicOrigin(ctx.env),
      });
      return plan;
    }),
  );
  const [booking, packs] = await Promise.all([
    findStudentBooking(ctx.db, studentId, bookingId),
    testPackSummariesOf(ctx.db, [bookingId]),
  ]);
  const testPack = packs.get(bookingId);
  if (!booking || !testPack) throw new AppError("not_found", "Lesson not found");
  return { booking: { ...booking, testPack }, testPack, plan: testPackPlanView(moved) };
}
