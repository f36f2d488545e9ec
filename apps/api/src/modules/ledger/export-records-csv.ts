import type { ExportKind } from "@kerb/shared";
import { payoutStatementNumber, sydneyDateOf } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { type CsvCell, type CsvColumns, csvDollars, csvTable, toCsv } from "../../lib/csv.ts";
import * as repo from "./bas.repository.ts";
import { instants } from "./gst-figures.ts";

const date = (instant: Date | null) => (instant ? sydneyDateOf(instant) : "");

/** One record of a repository list. */
type RecordOf<List extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<List>>[number];

const paymentColumns: CsvColumns<RecordOf<typeof repo.listPaidPayments>> = [
  ["Date paid", (p) => date(p.paidAt)],
  ["Invoice", (p) => p.invoiceNumber],
  ["Type", (p) => p.type],
  ["Student", (p) => p.student],
  ["Amount (ex GST)", (p) => csvDollars(p.subtotalCents)],
  ["GST", (p) => csvDollars(p.gstCents)],
  ["Total (incl. GST)", (p) => csvDollars(p.amountCents)],
  ["Refunded", (p) => csvDollars(p.refundedCents)],
  ["Status", (p) => p.status],
  ["Provider", (p) => p.provider],
  ["Provider ref", (p) => p.providerRef],
];

const refundColumns: CsvColumns<RecordOf<typeof repo.listRefunds>> = [
  ["Date", (r) => date(r.createdAt)],
  ["Refund", (r) => r.id],
  ["Invoice", (r) => r.invoiceNumber],
  ["Student", (r) => r.student],
  ["Booking", (r) => r.bookingId],
  ["Amount (ex GST)", (r) => csvDollars(r.amountCents - r.gstCents)],
  ["GST", (r) => csvDollars(r.gstCents)],
  ["Total (incl. GST)", (r) => csvDollars(r.amountCents)],
  ["Reason", (r) => r.reason],
  ["Status", (r) => r.status],
  ["Provider ref", (r) => r.providerRef],
];

const payoutColumns: CsvColumns<RecordOf<typeof repo.listPayouts>> = [
  ["Date", (p) => date(p.createdAt)],
  ["Statement", (p) => payoutStatementNumber(p)],
  ["Instructor", (p) => p.instructor],
  ["ABN", (p) => p.abn],
  ["Registered for GST", (p) => (p.supplierGstRegistered ? "Yes" : "No")],
  ["Period start", (p) => p.periodStart],
  ["Period end", (p) => p.periodEnd],
  ["Lessons", (p) => String(p.lessonCount)],
  ["Gross (ex GST)", (p) => csvDollars(p.grossCents)],
  ["Platform fee", (p) => csvDollars(p.feeCents)],
  ["Amount (ex GST)", (p) => csvDollars(p.amountCents - p.gstCents)],
  ["GST", (p) => csvDollars(p.gstCents)],
  ["Total (incl. GST)", (p) => csvDollars(p.amountCents)],
  ["Status", (p) => p.status],
  ["Date paid", (p) => date(p.paidAt)],
  ["Provider ref", (p) => p.providerRef],
];

async function exportRows(ctx: AppContext, kind: ExportKind, from: string, to: string): Promise<CsvCell[][]> {
  const range = instants(from, to);
  if (kind === "payments") return csvTable(paymentColumns, await repo.listPaidPayments(ctx.db, range));
  if (kind === "refunds") return csvTable(refundColumns, await repo.listRefunds(ctx.db, range));
  return csvTable(payoutColumns, await repo.listPayouts(ctx.db, range));
}

/**
 * GET /admin/exports/{payments,refunds,payouts}.csv: the records behind the ledger's journals in the
 * range, for the accountant.
 */
export async function exportRecordsCsv(ctx: AppContext, kind: ExportKind, from: string, to: string) {
  const csv = toCsv(await exportRows(ctx, kind, from, to));
  return { filename: `kerb-${kind}-${from}-to-${to}.csv`, csv };
}
