import type { BookWeeklySeriesResponse, bookWeeklySeriesRequest } from "@kerb/shared";
import { isBookableStart, lessonMinutesBetween, sydneyDateOf, weeklySeriesHorizon } from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { createLessonSeries, lessonRowOf, planLessons, retryPastLapsedHolds } from "../lessons/index.ts";
import { findUsableSavedCard } from "../saved-cards/index.ts";
import { lockLessonCheckout, openLessonsPayment, refuseChangedPrice } from "./open-lessons-payment.ts";
import { startCheckout } from "./start-checkout.ts";
import { alternativeDates, seriesWeeksOf } from "./weekly-series-plan.ts";

type BookRequest = z.output<typeof bookWeeklySeriesRequest>;

interface SeriesLessonRequest {
  week: number;
  instructorId: string;
  startTime: string;
  endTime: string;
  price: number;
  isPoolHours: boolean;
  pickupLocation: string | null | undefined;
}

/**
 * The lessons the learner's choices ask for: a kept week at the series' time, a moved one at the time
 * chosen (the same length, with the same instructor, within the days that week's other times are
 * offered from), a skipped one not at all. Every week must be answered exactly once.
 */
function chosenLessons(request: BookRequest, now: Date): SeriesLessonRequest[] {
  const { weeks, minutes } = seriesWeeksOf(request, now);
  const answered = new Set(request.choices.map((c) => c.week));
  if (
    answered.size !== request.choices.length ||
    weeks.some((w) => !answered.has(w.week)) ||
    answered.size !== weeks.length
  ) {
    throw new AppError("validation_error", "Choose keep, skip or move once for every week of the series", [
      { path: "choices", message: `One choice for each of the ${weeks.length} weeks` },
    ]);
  }
  const lessons: SeriesLessonRequest[] = [];
  for (const choice of request.choices) {
    const week = weeks.find((w) => w.week === choice.week);
    if (!week || choice.action === "skip") continue;
    const common = {
      week: week.week,
      instructorId: request.instructorId,
      price: choice.price,
      isPoolHours: choice.isPoolHours,
      pickupLocation: request.pickupLocation,
    };
    if (choice.action === "keep") {
      if (!week.start || !week.end) {
        throw new AppError(
          "bad_request",
          "That week's time does not exist (the clocks go forward): skip or move it",
          {
            week: week.week,
          },
        );
      }
      lessons.push({ ...common, startTime: week.start.toISOString(), endTime: week.end.toISOString() });
      continue;
    }
    const start = new Date(choice.startTime);
    const { from, to } = alternativeDates(week, now);
    const date = sydneyDateOf(start);
    if (
      date < from ||
      date > to ||
      lessonMinutesBetween(choice.startTime, choice.endTime) !== minutes ||
      !isBookableStart(start, now)
    ) {
      throw new AppError("bad_request", "A moved week must take one of the times offered for that week", {
        week: week.week,
        startTime: choice.startTime,
      });
    }
    lessons.push({ ...common, startTime: choice.startTime, endTime: choice.endTime });
  }
  if (lessons.length === 0) {
    throw new AppError("bad_request", "Keep or move at least one week to book a weekly lesson");
  }
  return lessons;
}

/**
 * POST /student/weekly-series: books the weeks the learner kept or moved as one card checkout, the
 * batch booking's path (holdLessons): every week planned again under the instructor's lock by the same
 * rules as the preview, a price or kind other than the one shown refused (amount_mismatch), all the
 * lessons held at once with the series they belong to, one payment and one invoice with a line per
 * lesson. Paying is confirmed as for any booking (POST /student/bookings/batch/confirm/:paymentId).
 */
export async function bookWeeklySeries(
  ctx: AppContext,
  studentId: string,
  request: BookRequest,
): Promise<BookWeeklySeriesResponse> {
  const now = ctx.now();
  const lessons = chosenLessons(request, now);
  const horizon = weeklySeriesHorizon(now);
  // A card that is not theirs is refused before any week is held.
  if (request.savedCardId) await findUsableSavedCard(ctx, ctx.db, studentId, request.savedCardId);

  const hold = () =>
    ctx.db.transaction(async (tx) => {
      const { student, suburb } = await lockLessonCheckout(ctx, tx, {
        studentId,
        suburb: request.suburb,
        times: lessons.map((l) => ({ start: new Date(l.startTime), end: new Date(l.endTime) })),
        now,
      });
      const planned = await planLessons(tx, {
        suburb,
        now,
        requests: lessons,
        instructorId: request.instructorId,
        horizon,
        accept: (slot, item) =>
          refuseChangedPrice(slot, item, "A lesson price has changed. Please review your weekly lesson.", {
            week: item.week,
          }),
        unavailable: (item) =>
          new AppError(
            "slot_unavailable",
            `Week ${item.week}'s time has just been taken. Please review your weekly lesson.`,
            { week: item.week, startTime: item.startTime },
          ),
      });
      const seriesId = await createLessonSeries(tx, {
        studentId,
        instructorId: request.instructorId,
        weeks: request.weeks,
        firstStartTime: new Date(request.startTime),
        createdAt: now,
      });
      const payment = await openLessonsPayment(ctx, tx, {
        studentId,
        invoice: request.invoice,
        now,
        lessons: planned.map((l) => ({ ...lessonRowOf(l, suburb), seriesId })),
      });
      return { payment, student, suburb, seriesId };
    });
  const held = await retryPastLapsedHolds(ctx, now, hold);
  const checkout = await startCheckout(
    ctx,
    held.payment,
    held.student,
    `Kerb weekly lesson × ${lessons.length} (${held.suburb})`,
    { savedCardId: request.savedCardId },
  );
  return { ...checkout, seriesId: held.seriesId };
}
