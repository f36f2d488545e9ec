import type { AdminPayment, PaymentDetails } from "@kerb/shared";
import { centsToDollars } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { type PageQuery, pageOf, pageWindow } from "../../lib/paging.ts";
import { isActiveGuardianOf } from "../guardians/index.ts";
import * as adminRepo from "./payments.admin.repository.ts";
import * as repo from "./payments.repository.ts";

export function createPaymentService(ctx: AppContext) {
  async function ownPayment(paymentId: string, userId: string) {
    const payment = await repo.findPayment(ctx.db, paymentId);
    // Someone else's payment is "not found": its existence is none of the caller's business.
    // Its learner, or a guardian who paid it for them while they still follow that learner (issue 23).
    const payerMayRead =
      payment?.payerId === userId && (await isActiveGuardianOf(ctx.db, userId, payment.userId));
    if (!payment || (payment.userId !== userId && !payerMayRead)) {
      throw new AppError("payment_not_found", "Payment not found");
    }
    return payment;
  }

  async function details(payment: repo.PaymentRow): Promise<PaymentDetails> {
    const [lessons, bundle] = await Promise.all([
      repo.listPaymentLessons(ctx.db, payment.id),
      payment.type === "BUNDLE" ? repo.findBundleOfPayment(ctx.db, payment.id) : undefined,
    ]);
    return paymentDetails(payment, lessons, bundle);
  }

  return {
    async getPayment(paymentId: string, userId: string) {
      return details(await ownPayment(paymentId, userId));
    },
    /** The payment as its owner sees it (the caller has checked ownership). */
    describe: details,

    /** The operator console's payment search: newest first, optionally of one status or provider. */
    async listPayments(
      query: PageQuery & { status?: AdminPayment["status"]; provider?: AdminPayment["provider"] },
    ) {
      const { rows, total } = await adminRepo.listPayments(
        ctx.db,
        { status: query.status, provider: query.provider },
        pageWindow(query),
      );
      const items: AdminPayment[] = rows.map((r) => ({
        id: r.id,
        type: r.type,
        status: r.status,
        provider: r.provider,
        invoiceNumber: r.invoiceNumber,
        subtotal: centsToDollars(r.subtotalCents),
        gst: centsToDollars(r.gstCents),
        amount: centsToDollars(r.amountCents),
        refunded: centsToDollars(r.refundedCents),
        createdAt: r.createdAt.toISOString(),
        paidAt: r.paidAt?.toISOString() ?? null,
        user: r.user,
      }));
      return pageOf(items, total, query);
    },
  };
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

export type PaymentService = ReturnType<typeof createPaymentService>;
