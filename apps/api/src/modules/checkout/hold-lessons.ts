import type { batchBookingRequest } from "@kerb/shared";
import { isListableInstructor, sydneyTodayDate, teachesInSuburb } from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { findInstructorListing } from "../instructors/index.ts";
import { checkLessonTimes, lessonRowOf, planLessons, retryPastLapsedHolds } from "../lessons/index.ts";
import { findUsableSavedCard } from "../saved-cards/index.ts";
import { lockLessonCheckout, openLessonsPayment, refuseChangedPrice } from "./open-lessons-payment.ts";
import { startCheckout } from "./start-checkout.ts";

type BatchRequest = z.output<typeof batchBookingRequest>;

/**
 * POST /student/bookings/batch: holds every chosen slot at once (all or nothing) for a card checkout,
 * and opens its payment. Where the lessons land is planLessons' business (lessons/plan-lessons.ts).
 */
export async function holdLessons(ctx: AppContext, studentId: string, request: BatchRequest) {
  const now = ctx.now();
  checkLessonTimes(request.bookings, now);
  // A card that is not theirs is refused before any time is held.
  if (request.savedCardId) await findUsableSavedCard(ctx, ctx.db, studentId, request.savedCardId);

  const hold = () =>
    ctx.db.transaction(async (tx) => {
      const { student, suburb } = await lockLessonCheckout(ctx, tx, {
        studentId,
        suburb: request.suburb,
        times: request.bookings.map((b) => ({ start: new Date(b.startTime), end: new Date(b.endTime) })),
        now,
      });
      const lessons = await planLessons(tx, {
        suburb,
        now,
        requests: request.bookings,
        accept: (slot, item, index) =>
          refuseChangedPrice(slot, item, "A lesson price has changed. Please review your selection.", {
            index,
          }),
        unavailable: async (item, index) => {
          // Say why the instructor is not free: gone from the listing, another suburb, or just taken.
          const instructor = await findInstructorListing(tx, item.instructorId ?? "");
          if (!instructor || !isListableInstructor(instructor, sydneyTodayDate(now))) {
            return new AppError("not_found", "That instructor is not available for booking", { index });
          }
          if (!teachesInSuburb(instructor.suburbs, suburb)) {
            return new AppError("instructor_not_in_suburb", `That instructor does not teach in ${suburb}`, {
              index,
            });
          }
          return new AppError(
            "slot_unavailable",
            "One of the chosen times has just been taken. Please choose another.",
            { index, startTime: item.startTime },
          );
        },
      });
      const payment = await openLessonsPayment(ctx, tx, {
        studentId,
        invoice: request.invoice,
        now,
        lessons: lessons.map((l) => lessonRowOf(l, suburb)),
      });
      return { payment, student, suburb };
    });
  const held = await retryPastLapsedHolds(ctx, now, hold);

  const count = request.bookings.length;
  return startCheckout(ctx, held.payment, held.student, `Kerb driving lessons × ${count} (${held.suburb})`, {
    savedCardId: request.savedCardId,
  });
}
