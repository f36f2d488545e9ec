import type { TestPackBooked, testPackCreditRequest } from "@kerb/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { bookLessons, lessonRowOf, retryPastLapsedHolds } from "../lessons/index.ts";
import {
  centreSummaries,
  insertTestPack,
  lockUsableTestPackCredit,
  markTestPackCreditUsed,
  testPackPlanView,
} from "../test-packages/index.ts";
import { placeTestPack, readTestPackRequest } from "./test-pack-placement.ts";

type CreditRequest = z.output<typeof testPackCreditRequest>;

/**
 * POST /student/test-packs/with-credit: the learner's pack paid with a test-pack credit (bought in
 * advance, or the pass promise's): no card and no new invoice. A credit is one pack with any instructor
 * who offers them, whatever their price. Placed as the card hold places it (test-pack-placement.ts), the
 * lesson SCHEDULED at once, its test_packs row written and the credit marked used, in one transaction.
 */
export async function bookTestPackWithCredit(
  ctx: AppContext,
  studentId: string,
  request: CreditRequest,
): Promise<TestPackBooked> {
  const now = ctx.now();
  const { testAt, centre } = readTestPackRequest(request, now);

  const book = () =>
    ctx.db.transaction(async (tx) => {
      // The student's row is locked first (placeTestPack), so two spends of theirs queue up here.
      const placed = await placeTestPack(tx, { studentId, request, centre, testAt, now });
      const credit = await lockUsableTestPackCredit(tx, studentId, now);
      if (!credit) {
        throw new AppError(
          "insufficient_credits",
          "You have no unused test-pack credit. Pay for the pack by card instead.",
        );
      }
      const { suburb, offer, plan } = placed;
      const row = lessonRowOf(placed.lesson, suburb);
      // What the pack is worth: a bought credit's price, as a bundle lesson is worth its bundle's (the
      // instructor earns their share of what the learner paid); the pass promise's pack the instructor's
      // own price, their share of which Kerb pays (ledger: lesson.promotion).
      const priceCents = credit.source === "PURCHASE" ? credit.valueCents : row.priceCents;
      const [lesson] = await bookLessons(tx, [{ ...row, priceCents, studentId, createdAt: now }]);
      if (!lesson) throw new Error("insert returned no row");
      await insertTestPack(tx, {
        bookingId: lesson.id,
        centreId: centre.id,
        testAt,
        includesWarmUp: offer.includesWarmUp,
        toCentreMinutes: plan.toCentreMinutes,
        fromCentreMinutes: plan.fromCentreMinutes,
        createdAt: now,
      });
      if (!(await markTestPackCreditUsed(tx, credit.id, lesson.id, now))) {
        throw new AppError("conflict", "That test-pack credit was used meanwhile. Please try again.");
      }
      return { lessonId: lesson.id, creditId: credit.id, suburb, plan };
    });
  const booked = await retryPastLapsedHolds(ctx, now, book);
  const [summary] = centreSummaries([centre.id]);
  if (!summary) throw new AppError("bad_request", "We don't know that test centre");
  return {
    lessonId: booked.lessonId,
    creditId: booked.creditId,
    instructorId: request.instructorId,
    centre: summary,
    suburb: booked.suburb,
    testAt: testAt.toISOString(),
    plan: testPackPlanView(booked.plan),
  };
}
