/**
 * Lessons taught while their instructor was not allowed to teach (rules/teaching-stops.ts, decision 031):
 * the admin decides, one lesson at a time, audited (the list: list-held-lessons.ts).
 * - PAY: the hold is lifted; the lesson is paid by the next payout run once it is marked (a lesson never
 *   marked gets its "mark your lesson" email again).
 * - REFUND: the instructor's earning, if the lesson was marked, is reversed in the ledger; the student
 *   gets the lesson's value back (the card share with its GST, exact on the payment's running total, or
 *   the credit to its bundle); the lesson becomes CANCELLED by ADMIN with nothing kept. Both are emailed
 *   what happened (held-lesson-refunded.ts), never the admin's own note.
 */
import type { DecideHeldLessonResponse } from "@kerb/shared";
import {
  centsToDollars,
  type HeldLessonDecision,
  payableGrossCents,
  refundOfShare,
  type TeachingStopReason,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { returnBundleCredit } from "../bundles/index.ts";
import { postHeldLessonRefunded } from "../ledger/index.ts";
import { findPaymentRefundState } from "../payments/index.ts";
import { findPayoutOfLesson, lockInstructorPayouts } from "../payouts/index.ts";
import { enqueueHeldLessonRefunded } from "./emails/index.ts";
import { insertHeldLessonDecision, lockHeldLesson } from "./held-lesson-store.ts";
import { refundHeldLesson } from "./lessons.writes.ts";

/** POST /admin/held-lessons/:id/decision: PAY or REFUND one held lesson, once, audited. */
export async function decideHeldLesson(
  ctx: AppContext,
  adminId: string,
  bookingId: string,
  input: { decision: HeldLessonDecision; note: string },
): Promise<DecideHeldLessonResponse> {
  const now = ctx.now();
  return ctx.transact(async (uow) => {
    const { tx } = uow;
    const lesson = await lockHeldLesson(tx, bookingId, now);
    if (!lesson) throw new AppError("not_found", "Booking not found");
    if (lesson.decided) throw new AppError("invalid_state", "This lesson has already been decided");
    if (!lesson.waiting) {
      throw new AppError(
        "invalid_state",
        "This lesson is not held: it was not taught while its instructor was stopped from teaching",
        { status: lesson.status },
      );
    }
    if (
      !(await insertHeldLessonDecision(tx, {
        bookingId,
        decision: input.decision,
        note: input.note,
        decidedBy: adminId,
        decidedAt: now,
      }))
    ) {
      throw new AppError("invalid_state", "This lesson was decided meanwhile. Reload to see how.");
    }
    let refundCents = 0;
    let refundGstCents = 0;
    let bundleCreditReturned = false;
    let status = lesson.status;
    if (input.decision === "REFUND") {
      // The payout run takes this lock before it reads what is payable (held lessons are not, so
      // finding a payout here means the lesson was paid before its stop was known: refuse).
      await lockInstructorPayouts(tx, lesson.instructorId);
      const payout = await findPayoutOfLesson(tx, lesson.id);
      if (payout) {
        throw new AppError(
          "invalid_state",
          "The instructor was already paid for this lesson, so Kerb cannot refund it here",
          { payoutId: payout.id },
        );
      }
      // What the student paid for the lesson that is still theirs: its price, or a no-show's kept value.
      const valueCents = lesson.status === "SCHEDULED" ? lesson.priceCents : payableGrossCents(lesson);
      if (lesson.status !== "SCHEDULED") {
        await postHeldLessonRefunded(
          uow,
          { id: lesson.id, status: lesson.status as "COMPLETED" | "NO_SHOW", earnedCents: valueCents },
          now,
        );
      }
      if (lesson.bundleId) {
        await returnBundleCredit(tx, lesson.bundleId, lesson);
        bundleCreditReturned = true;
      } else if (lesson.paymentId) {
        const payment = await findPaymentRefundState(tx, lesson.paymentId, { lock: true });
        if (!payment) throw new AppError("not_found", "Payment not found");
        const refund = refundOfShare(payment, valueCents);
        refundCents = refund.amountCents;
        refundGstCents = refund.gstCents;
        if (refundCents > 0) {
          await uow.refund({
            paymentId: lesson.paymentId,
            bookingId: lesson.id,
            amountCents: refundCents,
            gstCents: refundGstCents,
            reason: "HELD_LESSON",
            now,
          });
        }
      }
      await refundHeldLesson(tx, { lessonId: lesson.id, now, refundCents, from: lesson.status });
      status = "CANCELLED";
      await enqueueHeldLessonRefunded(uow, {
        bookingId: lesson.id,
        refund: {
          method: bundleCreditReturned ? "CREDIT" : refundCents > 0 ? "CARD" : "NONE",
          refundCents,
          refundGstCents,
        },
        earnedCents: lesson.status === "SCHEDULED" ? 0 : valueCents,
        stopReason: lesson.stopReason as TeachingStopReason,
        now,
        appUrl: publicOrigin(ctx.env),
      });
    }
    await uow.audit({
      actorId: adminId,
      action: input.decision === "PAY" ? "booking.held_pay" : "booking.held_refund",
      targetType: "booking",
      targetId: lesson.id,
      details: {
        decision: input.decision,
        note: input.note,
        instructorId: lesson.instructorId,
        refundCents,
        bundleCreditReturned,
        before: { status: lesson.status },
        after: { status },
      },
      createdAt: now,
    });
    return {
      id: lesson.id,
      decision: input.decision,
      status,
      refund: centsToDollars(refundCents),
      bundleCreditReturned,
    };
  });
}
