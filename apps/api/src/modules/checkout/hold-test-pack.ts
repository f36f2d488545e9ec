import { randomUUID } from "node:crypto";
import { SUBURBS, type testPackRequest } from "@kerb/shared";
import {
  centsToDollars,
  dollarsToCents,
  findSuburb,
  findTestCentre,
  formatSydneyDate,
  holdExpiryFrom,
  invoiceTotals,
  planTestPack,
  type TestCentreId,
  teachesInSuburb,
  unknownSuburbMessage,
} from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { findInstructorListing } from "../instructors/index.ts";
import {
  checkLessonBlock,
  holdLessonsOfPayment,
  openHoldsAndClashes,
  refuseOwnClashes,
  retryPastLapsedHolds,
} from "../lessons/index.ts";
import { claimInvoiceNumber, insertPayment } from "../payments/index.ts";
import { lockStudentForCheckout } from "../students/index.ts";
import { findTestPackageOffer, insertTestPack, refusePastTest } from "../test-packages/index.ts";
import { startCheckout } from "./start-checkout.ts";
import { testPackRefusal } from "./test-pack-refusals.ts";

type PackRequest = z.output<typeof testPackRequest>;

/**
 * POST /student/test-packs: holds the instructor's whole block for the learner's driving test (pick-up
 * to drop-off, rules/test-pack-plan.ts) as one lesson record at the pick-up suburb, with its test_packs
 * row, and opens its card payment, as the lesson batch hold does (hold-lessons.ts). The block is
 * checked under the instructor's schedule lock (lessons' checkLessonBlock); the exclusion constraint
 * is the last word (23P01 → 409).
 */
export async function holdTestPack(ctx: AppContext, studentId: string, request: PackRequest) {
  const now = ctx.now();
  const testAt = new Date(request.testAt);
  refusePastTest(testAt, now);
  const centreId = request.centreId as TestCentreId;
  const centre = findTestCentre(centreId);
  if (!centre) throw new AppError("bad_request", "We don't know that test centre");

  const hold = () =>
    ctx.db.transaction(async (tx) => {
      const student = await lockStudentForCheckout(tx, studentId);
      if (!student) throw new AppError("unauthorized", "Please sign in again");
      const suburb = request.suburb ?? findSuburb(student.suburb ?? "");
      if (!suburb) throw new AppError("invalid_suburb", unknownSuburbMessage(), { validSuburbs: SUBURBS });

      const offer = await findTestPackageOffer(tx, request.instructorId);
      if (!offer?.enabled) {
        throw new AppError(
          "instructor_unavailable",
          "That instructor does not offer driving-test packages.",
          {
            reason: "not_offered",
          },
        );
      }
      if (!offer.centreIds.includes(centreId)) {
        throw new AppError(
          "bad_request",
          `That instructor does not take learners to ${centre.name}. Choose an instructor who does.`,
          { reason: "centre_not_served" },
        );
      }
      // The price the learner was shown must still hold: we never charge another.
      if (dollarsToCents(request.price) !== offer.priceCents) {
        throw new AppError("amount_mismatch", "The test package's price has changed. Please review it.", {
          expected: centsToDollars(offer.priceCents),
        });
      }
      const plan = planTestPack({ testAt, pickup: suburb, centreId, includesWarmUp: offer.includesWarmUp });
      const period = { start: plan.pickupAt, end: plan.dropOffAt };

      const { open, clashes } = await openHoldsAndClashes(tx, studentId, [period], now);
      if (open + 1 > ctx.env.MAX_HELD_LESSONS) {
        throw new AppError(
          "too_many_holds",
          `You already have ${open} lessons waiting for payment. Pay for or let those go before holding more.`,
          { held: open, limit: ctx.env.MAX_HELD_LESSONS },
        );
      }
      refuseOwnClashes(clashes);

      const answer = await checkLessonBlock(tx, {
        instructorId: request.instructorId,
        suburb,
        ...period,
        now,
      });
      if (!answer) {
        const listing = await findInstructorListing(tx, request.instructorId);
        if (listing && !teachesInSuburb(listing.suburbs, suburb)) {
          throw new AppError("instructor_not_in_suburb", `That instructor does not teach in ${suburb}.`);
        }
        throw new AppError("not_found", "That instructor is not available for booking.");
      }
      const refusal = testPackRefusal(answer, plan);
      if (refusal) throw refusal;

      const totals = invoiceTotals([offer.priceCents]);
      const holdExpiresAt = holdExpiryFrom(now);
      const paymentId = randomUUID();
      const bookingId = randomUUID();
      const payment = await insertPayment(
        tx,
        {
          id: paymentId,
          userId: studentId,
          type: "BOOKINGS",
          provider: ctx.payments.name,
          subtotalCents: totals.subtotalCents,
          gstCents: totals.gstCents,
          amountCents: totals.totalCents,
          invoiceNumber: await claimInvoiceNumber(tx, {
            secret: ctx.auth.secret,
            studentId,
            claim: request.invoice,
            now,
          }),
          expiresAt: holdExpiresAt,
          createdAt: now,
        },
        holdLessonsOfPayment(tx, paymentId, [
          {
            id: bookingId,
            studentId,
            instructorId: request.instructorId,
            startTime: plan.pickupAt,
            endTime: plan.dropOffAt,
            priceCents: offer.priceCents,
            isPoolHours: false,
            suburb,
            pickupLocation: request.pickupLocation?.trim() || suburb,
            holdExpiresAt,
            createdAt: now,
          },
        ]),
      );
      await insertTestPack(tx, {
        bookingId,
        centreId,
        testAt,
        includesWarmUp: offer.includesWarmUp,
        toCentreMinutes: plan.toCentreMinutes,
        fromCentreMinutes: plan.fromCentreMinutes,
        createdAt: now,
      });
      return { payment, student };
    });
  const held = await retryPastLapsedHolds(ctx, now, hold);
  return startCheckout(
    ctx,
    held.payment,
    held.student,
    `Kerb driving test package (${centre.name}, ${formatSydneyDate(testAt)})`,
  );
}
