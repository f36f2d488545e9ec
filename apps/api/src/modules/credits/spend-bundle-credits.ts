import type { CreditBookingRequest, CreditBookingResponse } from "@kerb/shared";
import {
  creditSpendRefusal,
  creditSuburb,
  creditsForLesson,
  creditsLeft,
  creditsSpentOn,
  isListableInstructor,
  sydneyTodayDate,
} from "@kerb/shared/rules";
import { plural } from "@kerb/shared/words";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { type LockedBundle, lockStudentBundle, useCredits } from "../bundles/index.ts";
import { findInstructorListing } from "../instructors/index.ts";
import {
  bookLessons,
  checkLessonTimes,
  enqueueCreditBooking,
  findStudentClashes,
  lessonMinutesOf,
  lessonRowOf,
  planLessons,
  refuseOwnClashes,
  retryPastLapsedHolds,
} from "../lessons/index.ts";
import { findStudentForCheckout, toStudentBooking } from "../students/index.ts";
import { bundleExpired, bundleNotFound } from "./bundle-refusals.ts";
import * as repo from "./credits.repository.ts";

/** The bundle's instructor, if they may still be booked, and the suburb the lessons happen in. */
async function bookableInstructor(
  ctx: AppContext,
  tx: Executor,
  bundle: LockedBundle,
  studentSuburb: string | null,
) {
  const listing = bundle.instructorId ? await findInstructorListing(tx, bundle.instructorId) : undefined;
  if (!bundle.instructorId || !listing || !isListableInstructor(listing, sydneyTodayDate(ctx.now()))) {
    throw new AppError(
      "instructor_unavailable",
      "Your bundle's instructor is not taking bookings at the moment. You can move your credits to another instructor in your suburb.",
    );
  }
  const suburb = creditSuburb([bundle.suburb, studentSuburb], listing.suburbs);
  if (!suburb) {
    throw new AppError("instructor_unavailable", "Your bundle's instructor no longer teaches in our suburbs");
  }
  return { instructorId: bundle.instructorId, suburb };
}

/**
 * POST /student/bundles/:id/bookings: spending a Flow A bundle: lessons with the bundle's instructor,
 * paid with its credits. No card and no new GST (both were on the bundle's invoice); the lessons are
 * SCHEDULED at once. All or nothing: the bundle row is locked, the credits counted, the lessons
 * inserted under the exclusion constraints and the credits used, in one transaction.
 */
export async function spendBundleCredits(
  ctx: AppContext,
  studentId: string,
  bundleId: string,
  request: CreditBookingRequest,
): Promise<CreditBookingResponse> {
  const now = ctx.now();
  const items = request.bookings;
  checkLessonTimes(items, now);
  // A credit is an hour: 60 minutes take one, 120 take two, and 90 cannot be paid with credits.
  const creditsOf = items.map((item) => creditsForLesson(lessonMinutesOf(item)));
  const ninety = creditsOf.indexOf(null);
  if (ninety >= 0) {
    throw new AppError(
      "bad_request",
      "A 90-minute lesson cannot be paid with bundle credits (a credit is one hour and cannot be split). Choose 60 or 120 minutes, or book it by card.",
      { index: ninety },
    );
  }
  const creditsNeeded = creditsOf.reduce<number>((sum, c) => sum + (c ?? 0), 0);
  const student = await findStudentForCheckout(ctx.db, studentId);
  if (!student) throw new AppError("unauthorized", "Please sign in again");
  // A lapsed hold in the way is released and the spend tried once more (lessons' plan-lessons.ts).
  const result = await retryPastLapsedHolds(ctx, now, () =>
    ctx.transact(async (uow) => {
      const { tx } = uow;
      const bundle = await lockStudentBundle(tx, studentId, bundleId);
      if (!bundle) throw bundleNotFound();
      const refusal = creditSpendRefusal(bundle, creditsNeeded, now);
      if (refusal === "bundle_expired") throw bundleExpired();
      if (refusal === "insufficient_credits") {
        const left = creditsLeft(bundle);
        throw new AppError(
          "insufficient_credits",
          `This bundle has ${plural(left, "credit")} left; the lessons you chose need ${plural(creditsNeeded, "credit")}. Nothing was booked.`,
          { creditsLeft: left, requested: creditsNeeded },
        );
      }
      const { instructorId, suburb } = await bookableInstructor(ctx, tx, bundle, student.suburb);

      const periods = items.map((i) => ({ start: new Date(i.startTime), end: new Date(i.endTime) }));
      const clashes = await findStudentClashes(tx, studentId, periods, now);
      refuseOwnClashes(clashes);
      // Pool or standard time alike costs one credit; the lesson's value is what the bundle charged
      // for it (ex GST), of which the instructor earns 75%.
      const planned = await planLessons(tx, {
        suburb,
        now,
        requests: items,
        instructorId,
        priceCents: (slot) => bundle.pricePerLessonCents * creditsSpentOn(slot.start, slot.end),
        unavailable: (item, index) =>
          new AppError(
            "slot_unavailable",
            "One of the chosen times has just been taken. Please choose another. No credits were used.",
            { index, startTime: item.startTime },
          ),
      });
      const rows = planned.map((l) => ({
        ...lessonRowOf(l, suburb),
        studentId,
        bundleId: bundle.id,
        createdAt: now,
      }));
      // The exclusion constraints are the final word on a slot taken meanwhile (23P01 → 409).
      const inserted = await bookLessons(tx, rows);
      const credits = await useCredits(tx, bundle.id, creditsNeeded);
      await uow.audit({
        actorId: studentId,
        action: "bundle.spend",
        targetType: "bundle",
        targetId: bundle.id,
        details: { lessons: inserted.map((r) => r.id), usedLessons: credits.usedLessons },
        createdAt: now,
      });
      await enqueueCreditBooking(uow, {
        bookingIds: inserted.map((r) => r.id),
        credits,
        now,
        appUrl: publicOrigin(ctx.env),
      });
      const booked = await repo.listStudentLessons(
        tx,
        studentId,
        inserted.map((r) => r.id),
      );
      return { credits, booked };
    }),
  );

  return {
    bundle: {
      id: result.credits.id,
      totalLessons: result.credits.totalLessons,
      usedLessons: result.credits.usedLessons,
      expiresAt: result.credits.expiresAt.toISOString(),
    },
    bookings: result.booked.map((row) => ({ ...toStudentBooking(row), status: "SCHEDULED" as const })),
  };
}
