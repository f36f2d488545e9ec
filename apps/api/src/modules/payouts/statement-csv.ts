/**
 * A payout statement as CSV: one row per lesson and a final Total row, amounts in dollars with two
 * decimals, so a spreadsheet's sums equal the statement to the cent (written by lib/csv.ts, which also
 * guards against formula injection).
 */
import { csvDollars as dollars, toCsv } from "../../lib/csv.ts";
import type { PayoutStatement } from "./statement.ts";

export const STATEMENT_CSV_HEADER = [
  "Statement",
  "Period start",
  "Period end",
  "Lesson date",
  "Lesson time",
  "Description",
  "Student",
  "Booking",
  "Gross (ex GST)",
  "Platform fee",
  "Net (ex GST)",
  "GST",
  "Total",
] as const;

export function renderStatementCsv(statement: PayoutStatement): string {
  const head = [statement.number, statement.periodStart, statement.periodEnd];
  const rows: Array<Array<string | number>> = [[...STATEMENT_CSV_HEADER]];
  for (const line of statement.lines) {
    rows.push([
      ...head,
      line.date,
      line.time,
      line.description,
      line.student,
      line.bookingId,
      dollars(line.grossCents),
      dollars(line.feeCents),
      dollars(line.amountCents),
      dollars(line.gstCents),
      dollars(line.amountCents + line.gstCents),
    ]);
  }
  rows.push([
    ...head,
    "",
    "",
    // The supplier's GST status is part of the record, as on the PDF.
    statement.supplier.gstRegistered
      ? "Total: taxable supply (net, ex GST), GST and total paid incl. GST"
      : "Total: GST not included (the instructor is not registered for GST)",
    "",
    "",
    dollars(statement.grossCents),
    dollars(statement.feeCents),
    dollars(statement.amountCents),
    dollars(statement.gstCents),
    dollars(statement.totalCents),
  ]);
  return toCsv(rows);
}
