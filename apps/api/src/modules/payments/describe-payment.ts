import type { PaymentDetails } from "@kerb/shared";
import { centsToDollars, mayReadPayment, type PaymentCaller } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./payments.repository.ts";

/**
 * The payment, if the caller may read it (rules/payment-access.ts); anyone else's payment is "not
 * found": its existence is none of the caller's business.
 */
export async function findReadablePayment(db: Executor, paymentId: string, caller: PaymentCaller) {
  const payment = await repo.findPayment(db, paymentId);
  if (!payment || !mayReadPayment(payment, caller)) {
    throw new AppError("payment_not_found", "Payment not found");
  }
  return payment;
}

/** GET /payment/:id: one payment the caller may read, with its lessons or bundle. */
export async function getPayment(ctx: Pick<AppContext, "db">, paymentId: string, caller: PaymentCaller) {
  return describePayment(ctx, await findReadablePayment(ctx.db, paymentId, caller));
}

/** The payment as its owner sees it (the caller has checked they may read it). */
export async function describePayment(
  ctx: Pick<AppContext, "db">,
  payment: repo.PaymentRow,
): Promise<PaymentDetails> {
  const [lessons, bundle] = await Promise.all([
    repo.listPaymentLessons(ctx.db, payment.id),
    payment.type === "BUNDLE" ? repo.findBundleOfPayment(ctx.db, payment.id) : undefined,
  ]);
  return paymentDetails(payment, lessons, bundle);
}

type PaymentLesson = Pick<
  Awaited<ReturnType<typeof repo.listPaymentLessons>>[number],
  "id" | "startTime" | "endTime" | "status" | "priceCents" | "isPoolHours" | "pickupLocation" | "instructor"
>;

/**
 * The payment as its owner sees it, from rows the caller has (a fulfilment that has just read its
 * lessons answers without reading them again).
 */
export function paymentDetails(
  payment: repo.PaymentRow,
  lessons: readonly PaymentLesson[],
  bundle?: { id: string; expiresAt: Date },
): PaymentDetails {
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
    lessons: lessons.map((l) => ({
      id: l.id,
      startTime: l.startTime.toISOString(),
      endTime: l.endTime.toISOString(),
      status: l.status,
      isPoolHours: l.isPoolHours,
      pickupLocation: l.pickupLocation,
      price: centsToDollars(l.priceCents),
      instructor: { id: l.instructor.id, firstName: l.instructor.firstName, lastName: l.instructor.lastName },
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
