import type { PaymentType } from "@kerb/shared";
import {
  centsToDollars,
  formatSydneyDate,
  formatSydneyTime,
  fullName,
  type PaymentCaller,
} from "@kerb/shared/rules";
import { HOLD_DURATION_ADJECTIVE } from "@kerb/shared/words";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import * as payments from "../payments/index.ts";
import { fulfilPayment } from "./fulfil-payment.ts";

/** "at 10:00 am on 16/01/2099", in Sydney. */
const lessonWhen = (lesson: { startTime: Date }) =>
  `at ${formatSydneyTime(lesson.startTime)} on ${formatSydneyDate(lesson.startTime)}`;

/**
 * The client's "I have paid" (the learner's, or the guardian's who pays for them): verified with the
 * card provider, never taken on trust, then fulfilled.
 */
export async function confirmPayment(
  ctx: AppContext,
  paymentId: string,
  caller: PaymentCaller,
  /** What the route pays for; a guardian's confirmation takes either. */
  type?: PaymentType,
) {
  const payment = await payments.findReadablePayment(ctx.db, paymentId, caller);
  if (type && payment.type !== type) throw new AppError("payment_not_found", "Payment not found");
  if (
    payment.status === "PENDING" ||
    payment.status === "EXPIRED" ||
    payment.status === "CANCELLED" ||
    payment.status === "REFUNDED"
  ) {
    const verified = payment.status === "REFUNDED" ? undefined : await ctx.payments.verify(payment);
    if (payment.status === "PENDING") {
      if (verified?.status === "error") {
        throw new AppError(
          "verification_error",
          "We could not check this payment with the card provider. Please try again.",
        );
      }
      if (verified?.status === "unpaid") {
        throw new AppError("verification_failed", "The card provider has not confirmed this payment.");
      }
      if (verified?.status === "paid" && verified.amountCents !== payment.amountCents) {
        throw new AppError("amount_mismatch", "The amount charged does not match the invoice.", {
          expected: centsToDollars(payment.amountCents),
          charged: centsToDollars(verified.amountCents),
        });
      }
    }
    const outcome = await fulfilPayment(ctx, payment.id, {
      paidCents: verified?.status === "paid" ? verified.amountCents : null,
    });
    if (outcome.kind === "expired" && outcome.outsideHours) {
      // Refused before the lesson is booked: a paid lesson inside the instructor's leave helps nobody.
      const lesson = outcome.outsideHours;
      throw new AppError(
        "slot_unavailable",
        `${fullName(lesson.instructor)} is no longer available ${lessonWhen(lesson)}: they have taken that time ` +
          "off since you chose it. Your held times were released and " +
          (outcome.refunded ? "the charge is being refunded to your card." : "you have not been charged.") +
          " Please choose another time.",
        { reason: "instructor_time_off", startTime: lesson.startTime.toISOString() },
      );
    }
    if (outcome.kind === "expired" && outcome.released) {
      throw new AppError(
        "hold_expired",
        outcome.refunded
          ? "You released these lessons before the payment arrived, so those times are no longer held. The charge is being refunded to your card."
          : "You released these lessons, so those times are no longer held. You have not been charged.",
      );
    }
    if (outcome.kind === "expired") {
      throw new AppError(
        "hold_expired",
        outcome.refunded
          ? `Your ${HOLD_DURATION_ADJECTIVE} hold expired before the payment arrived, so those times were released. The charge is being refunded to your card.`
          : `Your ${HOLD_DURATION_ADJECTIVE} hold has expired and those times were released. You have not been charged.`,
      );
    }
    // Just fulfilled by this call: answer from the rows in hand rather than reading them again.
    if (outcome.kind === "paid" && outcome.fulfilled?.lessons) {
      return { payment: payments.paymentDetails(outcome.fulfilled.payment, outcome.fulfilled.lessons) };
    }
  }
  return {
    payment: await payments.describePayment(
      ctx,
      await payments.findReadablePayment(ctx.db, paymentId, caller),
    ),
  };
}
