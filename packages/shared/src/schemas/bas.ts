import { z } from "zod";
import { daysBetween, isValidIsoDate } from "../rules/sydney-time.ts";
import { calendarDate } from "./common.ts";

// The operator's BAS figures and accountant's exports (/api/admin/gst-summary, /api/admin/exports/…),
// ADMIN only. Dates are Sydney calendar days, both ends included.

/** A BAS period is at most a year; longer is a typo or a report nobody lodges. */
export const MAX_EXPORT_RANGE_DAYS = 366;

const dateRange = z.object({ from: calendarDate, to: calendarDate });

// zod still runs these when a date is malformed; such a date is already refused on its own field.
const span = (q: { from: string; to: string }) =>
  isValidIsoDate(q.from) && isValidIsoDate(q.to) ? daysBetween(q.from, q.to) : 0;

function ordered<T extends z.ZodType<{ from: string; to: string }>>(schema: T) {
  return schema
    .refine((q) => span(q) >= 0, {
      message: "The end date must be on or after the start date",
      path: ["to"],
    })
    .refine((q) => span(q) < MAX_EXPORT_RANGE_DAYS, {
      message: `Choose a range of at most ${MAX_EXPORT_RANGE_DAYS} days (one year)`,
      path: ["to"],
    });
}

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: ordered, at most a year. */
export const dateRangeQuery = ordered(dateRange);
export type DateRangeQuery = z.input<typeof dateRangeQuery>;

/** GET /api/admin/gst-summary: the BAS labels in dollars. */
export const gstSummaryResponse = z.object({
  from: z.string(),
  to: z.string(),
  /** G1: total sales incl. GST (card charges less card refunds). */
  g1Sales: z.number(),
  /** 1A: GST on sales, net of GST refunded. */
  gstOnSales: z.number(),
  /** 1B: GST credits on recipient-created tax invoices to GST-registered instructors. */
  gstCredits: z.number(),
  /** 1A − 1B: GST payable (negative: a refund is due). */
  netGst: z.number(),
});
export type GstSummary = z.infer<typeof gstSummaryResponse>;

export const EXPORT_KINDS = ["payments", "refunds", "payouts"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
