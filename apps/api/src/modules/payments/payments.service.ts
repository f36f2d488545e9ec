import type { PaymentDetails, PaymentType } from "@kerb/shared";
import { bundleExpiryFrom, centsToDollars } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { expireLessonsOfPayment, scheduleHeldLessons } from "../bookings/holds.repository.ts";
import * as repo from "./payments.repository.ts";

type Outcome = { kind: "paid" } | { kind: "expired" };

export function createPaymentService(ctx: AppContext) {
  async function ownPayment(paymentId: string, userId: string) {
    const payment = await repo.findPayment(ctx.db, paymentId);
    // Someone else's payment is "not found": its existence is none of the caller's business.
    if (!payment || payment.userId !== userId) {
      throw new AppError("payment_not_found", "Payment not found");
    }
    return payment;
  }

  async function details(payment: repo.PaymentRow): Promise<PaymentDetails> {
    const [lessons, bundle] = await Promise.all([
      repo.listPaymentLessons(ctx.db, payment.id),
      payment.type === "BUNDLE" ? repo.findBundleOfPayment(ctx.db, payment.id) : undefined,
    ]);
    return {
      id: payment.id,
      type: payment.type,
      status: payment.status,
      provider: payment.provider,
      currency: "AUD",
      invoiceNumber: payment.invoiceNumber,
      subtotal: centsToDollars(payment.subtotalCents),
      gst: centsToDollars(payment.gstCents),
      amount: centsToDollars(payment.amountCents),
      createdAt: payment.createdAt.toISOString(),
      paidAt: payment.paidAt?.toISOString() ?? null,
      lessons: lessons.map(({ priceCents, startTime, endTime, holdExpiresAt: _h, ...l }) => ({
        ...l,
        startTime: startTime.toISOString(),
        endTime: endTime.toISOString(),
        price: centsToDollars(priceCents),
      })),
      bundle:
        payment.type === "BUNDLE" && payment.bundleSpec
          ? {
              id: bundle?.id ?? null,
              totalLessons: payment.bundleSpec.totalLessons,
              pricePerLesson: centsToDollars(payment.bundleSpec.pricePerLessonCents),
              expiresAt: bundle?.expiresAt.toISOString() ?? null,
            }
          : null,
    };
  }

  /**
   * Fulfils a payment exactly once, whoever asks first (the client's confirm call or a provider
   * webhook): the row lock serialises them and a PAID payment is returned as it is.
   */
  async function fulfil(paymentId: string): Promise<Outcome> {
    const now = ctx.now();
    return ctx.db.transaction(async (tx): Promise<Outcome> => {
      const payment = await repo.lockPayment(tx, paymentId);
      if (!payment) throw new AppError("payment_not_found", "Payment not found");
      if (payment.status === "PAID") return { kind: "paid" };
      if (payment.status === "EXPIRED") return { kind: "expired" };
      if (payment.status !== "PENDING") {
        throw new AppError(
          "invalid_state",
          `This payment is ${payment.status.toLowerCase()} and cannot be confirmed`,
        );
      }
      if (payment.type === "BOOKINGS") {
        const lessons = await repo.listPaymentLessons(tx, payment.id);
        const lapsed = lessons.some(
          (l) => l.status !== "PENDING_PAYMENT" || !l.holdExpiresAt || l.holdExpiresAt <= now,
        );
        if (lapsed || lessons.length === 0) {
          await expireLessonsOfPayment(tx, payment.id);
          await repo.updatePayment(tx, payment.id, { status: "EXPIRED" });
          return { kind: "expired" };
        }
        await scheduleHeldLessons(tx, payment.id);
      } else {
        const spec = payment.bundleSpec;
        if (!spec) throw new AppError("invalid_state", "This bundle payment has no bundle attached");
        await repo.insertBundle(tx, {
          studentId: payment.userId,
          instructorId: spec.instructorId,
          paymentId: payment.id,
          totalLessons: spec.totalLessons,
          pricePerLessonCents: spec.pricePerLessonCents,
          expiresAt: bundleExpiryFrom(now),
        });
      }
      await repo.updatePayment(tx, payment.id, { status: "PAID", paidAt: now });
      return { kind: "paid" };
    });
  }

  return {
    async getPayment(paymentId: string, userId: string) {
      return details(await ownPayment(paymentId, userId));
    },

    async confirm(paymentId: string, userId: string, type: PaymentType) {
      const payment = await ownPayment(paymentId, userId);
      if (payment.type !== type) throw new AppError("payment_not_found", "Payment not found");
      if (payment.status !== "PAID") {
        if (payment.status === "PENDING") {
          const verified = await ctx.payments.verify(payment);
          if (verified.status === "error") {
            throw new AppError(
              "verification_error",
              "We could not check this payment with the card provider. Please try again.",
            );
          }
          if (verified.status === "unpaid") {
            throw new AppError("verification_failed", "The card provider has not confirmed this payment.");
          }
          if (verified.amountCents !== payment.amountCents) {
            throw new AppError("amount_mismatch", "The amount charged does not match the invoice.", {
              expected: centsToDollars(payment.amountCents),
              charged: centsToDollars(verified.amountCents),
            });
          }
        }
        const outcome = await fulfilPaid(payment);
        if (outcome.kind === "expired") {
          throw new AppError(
            "hold_expired",
            "Your 30-minute hold has expired and those times were released. You have not been charged.",
          );
        }
      }
      return { payment: await details(await ownPayment(paymentId, userId)) };
    },

    fulfilPaid,
  };

  /**
   * Fulfils a payment the provider reports as paid. If its holds lapsed meanwhile, the slots are gone,
   * so the money goes back to the card.
   */
  async function fulfilPaid(payment: repo.PaymentRow): Promise<Outcome> {
    const outcome = await fulfil(payment.id);
    if (outcome.kind === "expired" && payment.provider !== "demo") await refundUnfulfilled(payment);
    return outcome;
  }

  /** A card charged for holds that lapsed meanwhile is given its money back. */
  async function refundUnfulfilled(payment: repo.PaymentRow) {
    const verified = await ctx.payments.verify(payment);
    if (verified.status !== "paid") return;
    await ctx.payments.refund(payment, verified.amountCents);
    await repo.updatePayment(ctx.db, payment.id, { status: "REFUNDED", refundedCents: verified.amountCents });
  }
}

export type PaymentService = ReturnType<typeof createPaymentService>;
