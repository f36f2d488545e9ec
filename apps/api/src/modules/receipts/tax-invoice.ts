import {
  formatSydneyDate,
  formatSydneyTime,
  fullName,
  mayReadReceipt,
  type PaymentCaller,
  TEST_PACK_CREDIT_LINE,
  testPackLineLabel,
} from "@kerb/shared/rules";
import {
  BUNDLE_CREDIT_TERMS,
  CANCELLATION_TERMS,
  refundStatusLabels,
  TEST_PACK_CANCELLATION_TERMS,
  TEST_PACK_CREDIT_VALIDITY,
} from "@kerb/shared/words";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { kerbSupplier } from "../../lib/supplier.ts";
import { issuedDocument } from "../../platform/documents/issued-documents.ts";
import { bundleSize, describePurchase, hasInvoice, lessonWhen, NOT_FOUND } from "./payment-summary.ts";
import * as repo from "./receipts.repository.ts";
import type { TaxInvoice, TaxInvoiceCreditNote } from "./tax-invoice-pdf.ts";

/**
 * The PDF tax invoice of a paid payment, with its adjustment notes, for its learner or the guardian who paid
 * it, even once the learner has removed them (rules/payment-access.ts mayReadReceipt). Issued once: the
 * bytes first rendered with these adjustment notes are stored and sent ever after (issued-documents.ts).
 */
export async function taxInvoicePdf(
  ctx: AppContext,
  paymentId: string,
  caller: Pick<PaymentCaller, "userId">,
  /** The learner the caller asked about (a guardian's path names one): the payment must be theirs. */
  learnerId?: string,
): Promise<{ filename: string; pdf: Buffer; contentHash: string }> {
  // One round trip decides it all when the invoice is stored: may the caller read it, which one is
  // current, and which are stored (their bytes are then in memory or one read away).
  const payment = await repo.findInvoiceKeysForReader(ctx.db, paymentId, caller.userId);
  const isOfLearner = learnerId === undefined || payment?.userId === learnerId;
  // Someone else's payment reads exactly like one that does not exist.
  if (!payment || !isOfLearner || !mayReadReceipt(payment, caller)) {
    throw new AppError("payment_not_found", NOT_FOUND);
  }
  if (!hasInvoice(payment)) {
    throw new AppError(
      "invalid_state",
      "This payment has not been paid, so there is no tax invoice for it yet",
      { status: payment.status },
    );
  }
  const issued = await issuedDocument(ctx, {
    kind: "taxInvoice",
    subjectId: paymentId,
    // A new adjustment note makes a new invoice; nothing else changes one once issued.
    issuedFor: { adjustments: payment.adjustments },
    stored: payment.stored,
    render: async () => {
      const shown = await repo.findInvoiceForReader(ctx.db, paymentId, caller.userId);
      if (!shown) throw new AppError("payment_not_found", NOT_FOUND);
      return ctx.pdf.render("taxInvoice", assembleInvoice(ctx, shown));
    },
    now: ctx.now(),
  });
  return {
    filename: `Kerb-tax-invoice-${payment.invoiceNumber}.pdf`,
    pdf: issued.bytes,
    contentHash: issued.contentHash,
  };
}

function assembleInvoice(ctx: AppContext, payment: repo.InvoicePaymentRow): TaxInvoice {
  const { lessons, refunds } = payment;
  // A payment refunded because its holds lapsed was charged but never marked paid: it dates from checkout.
  const issued = payment.paidAt ?? payment.createdAt;
  const lines: TaxInvoice["lines"] =
    payment.type === "TEST_PACK_CREDIT"
      ? [
          {
            description: TEST_PACK_CREDIT_LINE,
            detail: `One driving test package with any instructor who offers them, valid ${TEST_PACK_CREDIT_VALIDITY} from ${formatSydneyDate(issued)}`,
            quantity: 1,
            unitCents: payment.subtotalCents,
            amountCents: payment.subtotalCents,
          },
        ]
      : payment.type === "BUNDLE"
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
            ...(lesson.testPack
              ? {
                  description: testPackLineLabel(lesson.testPack),
                  detail: `Instructor: ${fullName(lesson.instructor)} · Pick-up to drop-off ${lessonWhen(lesson.startTime, lesson.endTime)}`,
                }
              : {
                  description: `Driving lesson, ${lessonWhen(lesson.startTime, lesson.endTime)}`,
                  detail: `Instructor: ${fullName(lesson.instructor)} · ${lesson.isPoolHours ? "Pool hours rate" : "Standard rate"}`,
                }),
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
    // A guardian's invoice says whose lessons or credits they paid for.
    ...(payment.payerId && payment.payerId !== payment.userId
      ? { forLearner: fullName(payment.learner) }
      : {}),
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
      // A pack keeps the instructor's half-day: its own tiers, and a changed test time is a move.
      ...(payment.type === "TEST_PACK_CREDIT" || lessons.some((lesson) => lesson.testPack)
        ? [{ title: "Driving test packages", lines: TEST_PACK_CANCELLATION_TERMS }]
        : []),
    ],
  };
}
