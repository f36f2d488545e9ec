import type { StudentPayment, StudentPaymentsResponse } from "@kerb/shared";
import {
  centsToDollars,
  formatSydneyDate,
  formatSydneyTime,
  formatSydneyTimeRange,
  sydneyDateOf,
  sydneyWeekday,
} from "@kerb/shared/rules";
import { BUNDLE_CREDIT_TERMS, CANCELLATION_TERMS, refundStatusLabels } from "@kerb/shared/words";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { kerbSupplier } from "../../lib/supplier.ts";
import * as repo from "./receipts.repository.ts";
import { renderTaxInvoicePdf, type TaxInvoice, type TaxInvoiceCreditNote } from "./tax-invoice-pdf.ts";

type PaymentRow = repo.ReceiptPaymentRow;

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const NOT_FOUND = "Payment not found";

export const invoicePath = (paymentId: string) => `/api/student/payments/${paymentId}/invoice.pdf`;

/** A payment has a tax invoice once money was taken: paid, or refunded after being charged. */
function hasInvoice(payment: Pick<PaymentRow, "status" | "refundedCents">): boolean {
  return payment.status === "PAID" || payment.status === "REFUNDED" || payment.refundedCents > 0;
}

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

function bundleSize(payment: PaymentRow): number {
  return payment.bundle?.totalLessons ?? payment.bundleSpec?.totalLessons ?? 0;
}

function withInstructors(names: string[]): string {
  if (names.length === 0) return "";
  if (names.length === 1) return ` with ${names[0]}`;
  if (names.length === 2) return ` with ${names[0]} and ${names[1]}`;
  return ` with ${names.length} instructors`;
}

/** "10-lesson bundle with Sam Lee", "3 driving lessons with Sam Lee and Ann Wu". */
function describePurchase(
  payment: PaymentRow,
  lessons: { lessons: number; instructorNames: string[] } | undefined,
) {
  if (payment.type === "BUNDLE") {
    const instructor = payment.bundleInstructor ? ` with ${fullName(payment.bundleInstructor)}` : "";
    return `${bundleSize(payment)}-lesson bundle${instructor}`;
  }
  const count = lessons?.lessons ?? 0;
  return `${count} driving ${count === 1 ? "lesson" : "lessons"}${withInstructors(lessons?.instructorNames ?? [])}`;
}

/** "Tue 24/11/2026, 10:00 am – 11:00 am", Sydney time. */
function lessonWhen(startTime: Date, endTime: Date): string {
  const weekday = WEEKDAYS[sydneyWeekday(sydneyDateOf(startTime))];
  return `${weekday} ${formatSydneyDate(startTime)}, ${formatSydneyTimeRange(startTime, endTime)}`;
}

export function createReceiptService(ctx: AppContext) {
  return {
    /** The student's payments, newest first, with what each bought and every refund against it. */
    async list(studentId: string): Promise<StudentPaymentsResponse> {
      const rows = await repo.listStudentPayments(ctx.db, studentId, ctx.now());
      const ids = rows.map((p) => p.id);
      // Two more queries whatever the number of payments: lesson summaries and refunds.
      const [summaries, refunds] = await Promise.all([
        repo.summariseLessonsOfPayments(ctx.db, ids),
        repo.listRefundsOfPayments(ctx.db, ids),
      ]);
      const summaryOf = new Map(summaries.map((s) => [s.paymentId, s]));
      const refundsOf = new Map<string, repo.ReceiptRefundRow[]>();
      for (const refund of refunds)
        refundsOf.set(refund.paymentId, [...(refundsOf.get(refund.paymentId) ?? []), refund]);
      const payments = rows.map(
        (p): StudentPayment => ({
          id: p.id,
          invoiceNumber: p.invoiceNumber,
          type: p.type,
          status: p.status,
          description: describePurchase(p, summaryOf.get(p.id)),
          createdAt: p.createdAt.toISOString(),
          paidAt: p.paidAt?.toISOString() ?? null,
          subtotal: centsToDollars(p.subtotalCents),
          gst: centsToDollars(p.gstCents),
          amount: centsToDollars(p.amountCents),
          refunded: centsToDollars(p.refundedCents),
          refunds: (refundsOf.get(p.id) ?? []).map((r) => ({
            id: r.id,
            amount: centsToDollars(r.amountCents),
            gst: centsToDollars(r.gstCents),
            status: r.status,
            createdAt: r.createdAt.toISOString(),
            bookingId: r.bookingId,
          })),
          invoiceUrl: hasInvoice(p) ? invoicePath(p.id) : null,
        }),
      );
      return { payments };
    },

    /**
     * The PDF tax invoice of one of the student's paid payments, with its credit notes. `as: "PAYER"`: the
     * guardian who paid it asks (the guardians module has checked they still follow the learner).
     */
    async invoicePdf(
      userId: string,
      paymentId: string,
      as: "STUDENT" | "PAYER" = "STUDENT",
    ): Promise<{ filename: string; pdf: Buffer }> {
      const payment = await repo.findPaymentForInvoice(ctx.db, paymentId);
      const owner = as === "STUDENT" ? payment?.userId : payment?.payerId;
      // Someone else's payment reads exactly like one that does not exist.
      if (!payment || owner !== userId) throw new AppError("payment_not_found", NOT_FOUND);
      if (!hasInvoice(payment)) {
        throw new AppError(
          "invalid_state",
          "This payment has not been paid, so there is no tax invoice for it yet",
          { status: payment.status },
        );
      }
      const [lessons, refunds] = await Promise.all([
        payment.type === "BOOKINGS" ? repo.listLessonsOfPayments(ctx.db, [payment.id]) : [],
        repo.listRefundsOfPayments(ctx.db, [payment.id]),
      ]);
      const invoice = assembleInvoice(ctx, payment, lessons, refunds);
      return {
        filename: `Kerb-tax-invoice-${payment.invoiceNumber}.pdf`,
        pdf: await renderTaxInvoicePdf(invoice),
      };
    },
  };
}

function assembleInvoice(
  ctx: AppContext,
  payment: NonNullable<Awaited<ReturnType<typeof repo.findPaymentForInvoice>>>,
  lessons: repo.ReceiptLessonRow[],
  refunds: repo.ReceiptRefundRow[],
): TaxInvoice {
  // A payment refunded because its holds lapsed was charged but never marked paid: it dates from checkout.
  const issued = payment.paidAt ?? payment.createdAt;
  const lines: TaxInvoice["lines"] =
    payment.type === "BUNDLE"
      ? [
          {
            description: describePurchase(payment, undefined),
            detail: payment.bundle
              ? `Prepaid lesson credits, valid until ${formatSydneyDate(payment.bundle.expiresAt)}`
              : "Prepaid lesson credits",
            quantity: bundleSize(payment),
            unitCents: payment.bundle?.pricePerLessonCents ?? payment.bundleSpec?.pricePerLessonCents ?? 0,
            amountCents: payment.subtotalCents,
          },
        ]
      : lessons.map((lesson) => ({
          description: `Driving lesson, ${lessonWhen(lesson.startTime, lesson.endTime)}`,
          detail: `Instructor: ${fullName(lesson.instructor)} · ${lesson.isPoolHours ? "Pool hours rate" : "Standard rate"}`,
          quantity: 1,
          unitCents: lesson.priceCents,
          amountCents: lesson.priceCents,
        }));

  const lessonById = new Map(lessons.map((l) => [l.id, l]));
  const creditNotes = refunds.map((refund, index): TaxInvoiceCreditNote => {
    const lesson = refund.bookingId ? lessonById.get(refund.bookingId) : undefined;
    const description =
      refund.reason === "UNFULFILLED_PAYMENT"
        ? "Whole payment: the lesson times were no longer held"
        : lesson
          ? `Cancelled lesson, ${formatSydneyDate(lesson.startTime)} ${formatSydneyTime(lesson.startTime)}`
          : "Cancelled lesson";
    return {
      number: `${payment.invoiceNumber}-CN${index + 1}`,
      issuedOn: formatSydneyDate(refund.createdAt),
      description,
      status: refundStatusLabels[refund.status],
      amountCents: refund.amountCents,
      gstCents: refund.gstCents,
    };
  });

  return {
    ...kerbSupplier(ctx.env),
    invoiceNumber: payment.invoiceNumber,
    issuedOn: formatSydneyDate(issued),
    buyer: { name: fullName(payment.buyer), email: payment.buyer.email, phone: payment.buyer.phone },
    lines,
    subtotalCents: payment.subtotalCents,
    gstCents: payment.gstCents,
    totalCents: payment.amountCents,
    creditNotes,
    refundedCents: payment.refundedCents,
    paymentNote:
      payment.provider === "demo"
        ? `Paid in demo mode on ${formatSydneyDate(issued)}: no card was charged.`
        : `Paid by card on ${formatSydneyDate(issued)}.`,
    terms: [
      { title: "Cancellation terms", lines: CANCELLATION_TERMS },
      ...(payment.type === "BUNDLE"
        ? [{ title: "Lessons paid with this bundle's credits", lines: BUNDLE_CREDIT_TERMS }]
        : []),
    ],
  };
}
