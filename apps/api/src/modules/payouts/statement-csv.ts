/**
 * A payout statement as CSV: one row per lesson and a final Total row, amounts in dollars with two
 * decimals, so a spreadsheet's sums equal the statement to the cent. RFC 4180 quoting; text cells that a
 * spreadsheet would run as a formula (= + - @) are prefixed with an apostrophe.
 */
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
  "Net",
] as const;

const money = (cents: number) => (cents / 100).toFixed(2);

function text(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function renderStatementCsv(statement: PayoutStatement): string {
  const rows: string[][] = [[...STATEMENT_CSV_HEADER]];
  const head = [statement.number, statement.periodStart, statement.periodEnd];
  for (const line of statement.lines) {
    rows.push([
      ...head,
      line.date,
      line.time,
      text(line.description),
      text(line.student),
      line.bookingId,
      money(line.grossCents),
      money(line.feeCents),
      money(line.amountCents),
    ]);
  }
  rows.push([
    ...head,
    "",
    "",
    "Total",
    "",
    "",
    money(statement.grossCents),
    money(statement.feeCents),
    money(statement.amountCents),
  ]);
  return `${rows.map((r) => r.map(cell).join(",")).join("\r\n")}\r\n`;
}
