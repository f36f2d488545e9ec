import { randomUUID } from "node:crypto";
import type { testPackRequest } from "@kerb/shared";
import { formatSydneyDate } from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { lessonRowOf, retryPastLapsedHolds } from "../lessons/index.ts";
import { insertTestPack } from "../test-packages/index.ts";
import { openLessonsPayment, refuseTooManyHolds } from "./open-lessons-payment.ts";
import { startCheckout } from "./start-checkout.ts";
import { placeTestPack, readTestPackRequest } from "./test-pack-placement.ts";

type PackRequest = z.output<typeof testPackRequest>;

/**
 * POST /student/test-packs: holds the instructor's whole block for the learner's driving test (pick-up
 * to drop-off, rules/test-pack-plan.ts) as one lesson record at the pick-up suburb, with its test_packs
 * row, and opens its card payment, as the lesson batch hold does (hold-lessons.ts). Where it lands is
 * test-pack-placement.ts's business; the exclusion constraint is the last word (23P01 → 409).
 */
export async function holdTestPack(ctx: AppContext, studentId: string, request: PackRequest) {
  const now = ctx.now();
  const { testAt, centre } = readTestPackRequest(request, now);

  const hold = () =>
    ctx.db.transaction(async (tx) => {
      const { student, suburb, offer, plan, lesson, openHolds } = await placeTestPack(tx, {
        studentId,
        request,
        centre,
        testAt,
        now,
      });
      refuseTooManyHolds(ctx, openHolds, 1);
      const bookingId = randomUUID();
      const payment = await openLessonsPayment(ctx, tx, {
        studentId,
        invoice: request.invoice,
        now,
        lessons: [{ id: bookingId, ...lessonRowOf(lesson, suburb) }],
      });
      await insertTestPack(tx, {
        bookingId,
        centreId: centre.id,
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
