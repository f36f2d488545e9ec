import type { PaymentDetails } from "@kerb/shared";
import { centsToDollars } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./payments.repository.ts";

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

  return {
    async getPayment(paymentId: string, userId: string) {
      return details(await ownPayment(paymentId, userId));
    },
    /** The payment as its owner sees it (the caller has checked ownership). */
    describe: details,
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
