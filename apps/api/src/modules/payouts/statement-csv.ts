/**
 * A payout statement as CSV: one row per lesson and a final Total row, amounts in dollars with two
 * decimals, so a spreadsheet's sums equal the statement to the cent. Written by csv-stringify: RFC 4180
 * quoting, CRLF rows, and text cells a spreadsheet would run as a formula (= + - @, tab, CR and their
 * full-width forms) prefixed with an apostrophe.
 */
import { stringify } from "csv-stringify/sync";
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

/** Amounts go in as numbers, so a negative one is written as "-12.50" rather than defused as a formula. */
const dollars = (cents: number) => cents / 100;

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
  return stringify(rows, {
    record_delimiter: "windows",
    // With a record delimiter of its own choosing, csv-stringify stops quoting a bare \n or \r; a
    // description typed with a line break must still stay in its cell.
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: { number: (value) => value.toFixed(2) },
  });
}
