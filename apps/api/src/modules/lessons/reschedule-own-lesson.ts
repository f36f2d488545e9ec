import { RESCHEDULE_NOTICE_HOURS, type RescheduleRequest, type RescheduleResponse } from "@kerb/shared";
import { canReschedule, formatSydneyDate, formatSydneyTime } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { findStudentBooking } from "../students/index.ts";
import { findPackOfLesson } from "../test-packages/index.ts";
import { enqueueLessonRescheduled } from "./emails/index.ts";
import { checkLessonMove } from "./lesson-move.ts";
import { lockStudentLesson } from "./lesson-reads.ts";
import { checkLessonTransition, moveLesson } from "./lessons.writes.ts";
import { retryPastLapsedHolds } from "./plan-lessons.ts";

/**
 * POST /student/bookings/:id/reschedule: moves the student's own SCHEDULED lesson to another open slot
 * of the same instructor, in the same suburb and of the same kind, at the price already paid. One
 * transaction, one UPDATE: the lesson keeps its old time unless the new one is taken.
 */
export async function rescheduleOwnLesson(
  ctx: AppContext,
  studentId: string,
  bookingId: string,
  request: RescheduleRequest,
): Promise<RescheduleResponse> {
  const now = ctx.now();
  const start = new Date(request.startTime);
  const end = new Date(request.endTime);
  // A lapsed hold in the new slot is released and the move tried once more (plan-lessons.ts).
  await retryPastLapsedHolds(ctx, now, () =>
    ctx.transact(async (uow) => {
      const { tx } = uow;
      const lesson = await lockStudentLesson(tx, studentId, bookingId);
      if (!lesson) throw new AppError("not_found", "Lesson not found");
      // A pack's block is worked back from a test time Service NSW set: it moves with the test, not to a slot.
      if (await findPackOfLesson(tx, bookingId)) {
        throw new AppError(
          "invalid_state",
          'This is a driving-test package: it follows your test time. If your test moved, choose "Move to my ' +
            'new test time" on My bookings instead.',
          { reason: "test_pack", move: `/api/student/test-packs/${bookingId}/move` },
        );
      }
      checkLessonTransition("reschedule", lesson.status, "STUDENT");
      if (!canReschedule(lesson.startTime, now)) {
        throw new AppError(
          "reschedule_window_closed",
          `Lessons can be rescheduled up to ${RESCHEDULE_NOTICE_HOURS} hours before they start; this one starts at ` +
            `${formatSydneyTime(lesson.startTime)} on ${formatSydneyDate(lesson.startTime)}`,
        );
      }
      // The same instructor, suburb and kind of time; the price already paid does not change.
      await checkLessonMove(tx, { ...lesson, studentId }, request, now, {
        instructorBusy:
          "Your instructor is not free at that time. Please choose another of their open times.",
        kindAdvice: "To change the kind of lesson, cancel it and book again.",
      });
      // A clash with the student's own lessons, or a booking that won the race, is 23P01 → 409.
      await moveLesson(tx, bookingId, { start, end }, now);
      await uow.audit({
        actorId: studentId,
        action: "booking.reschedule",
        targetType: "booking",
        targetId: bookingId,
        details: {
          from: { startTime: lesson.startTime.toISOString(), endTime: lesson.endTime.toISOString() },
          to: { startTime: start.toISOString(), endTime: end.toISOString() },
        },
        createdAt: now,
      });
      await enqueueLessonRescheduled(uow, {
        bookingId,
        previous: { startTime: lesson.startTime, endTime: lesson.endTime },
        now,
        appUrl: publicOrigin(ctx.env),
      });
    }),
  );
  const booking = await findStudentBooking(ctx.db, studentId, bookingId);
  if (!booking) throw new AppError("not_found", "Lesson not found");
  return { booking };
}
