import type { GuardianPaymentsResponse, StudentPayment, StudentPaymentsResponse } from "@kerb/shared";
import { centsToDollars } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { describePurchase, guardianInvoicePath, hasInvoice, invoicePath } from "./payment-summary.ts";
import * as repo from "./receipts.repository.ts";

/** GET /student/payments: every payment of the learner, newest first, with refunds and invoice links. */
export async function listStudentPayments(
  ctx: Pick<AppContext, "db" | "now">,
  studentId: string,
): Promise<StudentPaymentsResponse> {
  const rows = await repo.listStudentPayments(ctx.db, studentId, ctx.now());
  return {
    payments: await toStudentPayments(
      ctx.db,
      rows,
      (p) => invoicePath(p.id),
      (_, p) => p,
    ),
  };
}

/**
 * GET /guardian/payments: what the guardian paid for, for every learner they follow or once followed,
 * with the learner it was for and the guardian's own invoice link.
 */
export async function listGuardianPayments(
  ctx: Pick<AppContext, "db">,
  guardianId: string,
): Promise<GuardianPaymentsResponse> {
  const rows = await repo.listPaymentsPaidBy(ctx.db, guardianId);
  const payments = await toStudentPayments(
    ctx.db,
    rows,
    (p) => guardianInvoicePath(p.userId, p.id),
    (row, payment) => ({ ...payment, learner: row.learner }),
  );
  return { payments };
}

/** Payment rows as receipts list them, `shape` adding what the list needs of its own row. */
async function toStudentPayments<Row extends repo.ReceiptPaymentRow, Shaped>(
  db: Executor,
  rows: Row[],
  invoicePathOf: (payment: Row) => string,
  shape: (row: Row, payment: StudentPayment) => Shaped,
): Promise<Shaped[]> {
  const ids = rows.map((p) => p.id);
  // Two more queries whatever the number of payments: lesson summaries and refunds.
  const [summaries, refunds] = await Promise.all([
    repo.summariseLessonsOfPayments(db, ids),
    repo.listRefundsOfPayments(db, ids),
  ]);
  const summaryOf = new Map(summaries.map((s) => [s.paymentId, s]));
  const refundsOf = new Map<string, repo.ReceiptRefundRow[]>();
  for (const refund of refunds)
    refundsOf.set(refund.paymentId, [...(refundsOf.get(refund.paymentId) ?? []), refund]);
  return rows.map((p) =>
    shape(p, {
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
      invoiceUrl: hasInvoice(p) ? invoicePathOf(p) : null,
    }),
  );
}
