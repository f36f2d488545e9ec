import { type batchBookingRequest, SUBURBS } from "@kerb/shared";
import {
  centsToDollars,
  dollarsToCents,
  findSuburb,
  isListableInstructor,
  sydneyTodayDate,
  teachesInSuburb,
  unknownSuburbMessage,
} from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { findInstructorListing } from "../instructors/index.ts";
import {
  checkLessonTimes,
  lessonRowOf,
  openHoldsAndClashes,
  planLessons,
  refuseOwnClashes,
  retryPastLapsedHolds,
} from "../lessons/index.ts";
import { findUsableSavedCard } from "../saved-cards/index.ts";
import { lockStudentForCheckout } from "../students/index.ts";
import { openLessonsPayment, refuseTooManyHolds } from "./open-lessons-payment.ts";
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
      // One batch per student at a time: the hold cap below is counted and used atomically, so
      // concurrent batches cannot each see room and together hoard slots.
      const student = await lockStudentForCheckout(tx, studentId);
      if (!student) throw new AppError("unauthorized", "Please sign in again");
      // The schema has already matched a suburb sent in the request; the student's own may be stale.
      const suburb = request.suburb ?? findSuburb(student.suburb ?? "");
      if (!suburb) {
        throw new AppError("invalid_suburb", unknownSuburbMessage(), {
          validSuburbs: SUBURBS,
        });
      }
      const { open, clashes } = await openHoldsAndClashes(
        tx,
        studentId,
        request.bookings.map((b) => ({ start: new Date(b.startTime), end: new Date(b.endTime) })),
        now,
      );
      refuseTooManyHolds(ctx, open, request.bookings.length);
      refuseOwnClashes(clashes);
      const lessons = await planLessons(tx, {
        suburb,
        now,
        requests: request.bookings,
        // The price and kind the student was shown must still hold: we never charge another.
        accept: (slot, item, index) => {
          if (item.isPoolHours !== slot.isPoolHours || dollarsToCents(item.price) !== slot.priceCents) {
            throw new AppError(
              "amount_mismatch",
              "A lesson price has changed. Please review your selection.",
              {
                index,
                expected: centsToDollars(slot.priceCents),
                isPoolHours: slot.isPoolHours,
              },
            );
          }
        },
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
