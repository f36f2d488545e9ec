import type { ExportKind } from "@kerb/shared";
import { payoutStatementNumber, sydneyDateOf } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { type CsvCell, csvDollars, toCsv } from "../../lib/csv.ts";
import * as repo from "./bas.repository.ts";
import { instants } from "./gst-figures.ts";

const date = (instant: Date | null) => (instant ? sydneyDateOf(instant) : "");

async function exportRows(ctx: AppContext, kind: ExportKind, from: string, to: string): Promise<CsvCell[][]> {
  const range = instants(from, to);
  if (kind === "payments") {
    const rows = await repo.listPaidPayments(ctx.db, range);
    return [
      [
        "Date paid",
        "Invoice",
        "Type",
        "Student",
        "Amount (ex GST)",
        "GST",
        "Total (incl. GST)",
        "Refunded",
        "Status",
        "Provider",
        "Provider ref",
      ],
      ...rows.map((p) => [
        date(p.paidAt),
        p.invoiceNumber,
        p.type,
        p.student,
        csvDollars(p.subtotalCents),
        csvDollars(p.gstCents),
        csvDollars(p.amountCents),
        csvDollars(p.refundedCents),
        p.status,
        p.provider,
        p.providerRef,
      ]),
    ];
  }
  if (kind === "refunds") {
    const rows = await repo.listRefunds(ctx.db, range);
    return [
      [
        "Date",
        "Refund",
        "Invoice",
        "Student",
        "Booking",
        "Amount (ex GST)",
        "GST",
        "Total (incl. GST)",
        "Reason",
        "Status",
        "Provider ref",
      ],
      ...rows.map((r) => [
        date(r.createdAt),
        r.id,
        r.invoiceNumber,
        r.student,
        r.bookingId,
        csvDollars(r.amountCents - r.gstCents),
        csvDollars(r.gstCents),
        csvDollars(r.amountCents),
        r.reason,
        r.status,
        r.providerRef,
      ]),
    ];
  }
  const rows = await repo.listPayouts(ctx.db, range);
  return [
    [
      "Date",
      "Statement",
      "Instructor",
      "ABN",
      "Registered for GST",
      "Period start",
      "Period end",
      "Lessons",
      "Gross (ex GST)",
      "Platform fee",
      "Amount (ex GST)",
      "GST",
      "Total (incl. GST)",
      "Status",
      "Date paid",
      "Provider ref",
    ],
    ...rows.map((p) => [
      date(p.createdAt),
      payoutStatementNumber(p),
      p.instructor,
      p.abn,
      p.supplierGstRegistered ? "Yes" : "No",
      p.periodStart,
      p.periodEnd,
      String(p.lessonCount),
      csvDollars(p.grossCents),
      csvDollars(p.feeCents),
      csvDollars(p.amountCents - p.gstCents),
      csvDollars(p.gstCents),
      csvDollars(p.amountCents),
      p.status,
      date(p.paidAt),
      p.providerRef,
    ]),
  ];
}

/**
 * GET /admin/exports/{payments,refunds,payouts}.csv: the records behind the ledger's journals in the
 * range, for the accountant.
 */
export async function exportRecordsCsv(ctx: AppContext, kind: ExportKind, from: string, to: string) {
  const csv = toCsv(await exportRows(ctx, kind, from, to));
  return { filename: `kerb-${kind}-${from}-to-${to}.csv`, csv };
}
