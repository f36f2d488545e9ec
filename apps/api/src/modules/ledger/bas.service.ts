/**
 * The operator's BAS figures and the accountant's exports. The GST summary is read from the same ledger
 * query as the monthly reconciliation (journals by the instant they occurred), so over whole months it is
 * the reconciliation's money to the cent; the exports list the records behind those journals.
 */
import type { ExportKind, GstSummary } from "@kerb/shared";
import {
  addDaysToDate,
  centsToDollars,
  formatIsoDate,
  formatSydneyDate,
  payoutStatementNumber,
  sydneyDateOf,
  sydneyMidnight,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { type CsvCell, csvDollars, toCsv } from "../../lib/csv.ts";
import { kerbSupplier } from "../../lib/supplier.ts";
import * as repo from "./bas.repository.ts";
import { renderGstSummaryPdf } from "./gst-summary-pdf.ts";
import { sumsByEventAndAccount } from "./ledger.repository.ts";

type Moved = Awaited<ReturnType<typeof sumsByEventAndAccount>>;

/** Sydney days `from`..`to` inclusive as the instants [from, to). */
function instants(from: string, to: string) {
  return { from: sydneyMidnight(from), to: sydneyMidnight(addDaysToDate(to, 1)) };
}

/**
 * The BAS labels in cents from the ledger's movements. Credits are negative in the ledger: sales are the
 * cash taken on payment.captured less REFUNDS, exactly the reconciliation's collected − refunds; 1A is
 * GST_PAYABLE net of refunded GST (its gstCents); 1B is what payouts debited to GST_CREDITS.
 */
export function gstFigures(moved: Moved) {
  const sum = (account: string, event?: string) =>
    moved
      .filter((r) => r.account === account && (!event || r.event === event))
      .reduce((s, r) => s + r.cents, 0);
  const salesCents = sum("STUDENT_CASH", "payment.captured") + sum("REFUNDS");
  const gstOnSalesCents = -sum("GST_PAYABLE");
  const gstCreditsCents = sum("GST_CREDITS");
  return { salesCents, gstOnSalesCents, gstCreditsCents, netGstCents: gstOnSalesCents - gstCreditsCents };
}

export const GST_SUMMARY_CSV_HEADER = [
  "From",
  "To",
  "G1 Total sales (incl. GST)",
  "1A GST on sales",
  "1B GST credits (RCTIs)",
  "Net GST (1A - 1B)",
] as const;

const date = (instant: Date | null) => (instant ? sydneyDateOf(instant) : "");

export function createBasService(ctx: AppContext) {
  const figuresOf = async (from: string, to: string) =>
    gstFigures(await sumsByEventAndAccount(ctx.db, instants(from, to)));

  async function gstSummary(from: string, to: string): Promise<GstSummary> {
    const f = await figuresOf(from, to);
    return {
      from,
      to,
      g1Sales: centsToDollars(f.salesCents),
      gstOnSales: centsToDollars(f.gstOnSalesCents),
      gstCredits: centsToDollars(f.gstCreditsCents),
      netGst: centsToDollars(f.netGstCents),
    };
  }

  async function exportRows(kind: ExportKind, from: string, to: string): Promise<CsvCell[][]> {
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

  return {
    gstSummary,

    async gstSummaryCsv(from: string, to: string) {
      const s = await gstSummary(from, to);
      const csv = toCsv([
        [...GST_SUMMARY_CSV_HEADER],
        [s.from, s.to, s.g1Sales, s.gstOnSales, s.gstCredits, s.netGst],
      ]);
      return { filename: `kerb-gst-summary-${from}-to-${to}.csv`, csv };
    },

    /** The same figures as `gstSummary`, to the cent, on one page with Kerb's name and ABN. */
    async gstSummaryPdf(from: string, to: string) {
      const { supplier, isDemoSupplier } = kerbSupplier(ctx.env);
      const pdf = await renderGstSummaryPdf({
        business: supplier,
        isDemoBusiness: isDemoSupplier,
        from: formatIsoDate(from),
        to: formatIsoDate(to),
        preparedOn: formatSydneyDate(ctx.now()),
        ...(await figuresOf(from, to)),
      });
      return { filename: `kerb-gst-summary-${from}-to-${to}.pdf`, pdf };
    },

    async exportCsv(kind: ExportKind, from: string, to: string) {
      const csv = toCsv(await exportRows(kind, from, to));
      return { filename: `kerb-${kind}-${from}-to-${to}.csv`, csv };
    },
  };
}
