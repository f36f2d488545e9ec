import type { StudentPayment, StudentPaymentsResponse } from "@kerb/shared";
import { centsToDollars } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { describePurchase, hasInvoice, invoicePath } from "./payment-summary.ts";
import * as repo from "./receipts.repository.ts";

/** GET /student/payments: every payment of the learner, newest first, with refunds and invoice links. */
export async function listStudentPayments(
  ctx: Pick<AppContext, "db" | "now">,
  studentId: string,
): Promise<StudentPaymentsResponse> {
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
}
