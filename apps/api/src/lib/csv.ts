/**
 * Every CSV Kerb hands out, written one way by csv-stringify: RFC 4180 quoting, CRLF rows, amounts to two
 * decimals, and text cells a spreadsheet would run as a formula (= + - @, tab, CR and their full-width
 * forms) prefixed with an apostrophe, since names and descriptions are typed by users.
 */
import { stringify } from "csv-stringify/sync";

export type CsvCell = string | number | null | undefined;

/** Cents → a number of dollars, so a negative amount is written "-12.50" rather than defused as a formula. */
export const csvDollars = (cents: number) => cents / 100;

export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  return stringify(
    rows.map((row) => [...row]),
    {
      record_delimiter: "windows",
      // With a record delimiter of its own choosing, csv-stringify stops quoting a bare \n or \r; a cell
      // typed with a line break must still stay in its cell.
      quote_record_delimiter: true,
      escape_formulas: true,
      cast: { number: (value) => value.toFixed(2) },
    },
  );
}

/** A table's columns, each its header and how a record fills it: the header stays beside its value. */
export type CsvColumns<T> = ReadonlyArray<readonly [header: string, cell: (record: T) => CsvCell]>;

/** The header row, then a row a record. */
export function csvTable<T>(columns: CsvColumns<T>, records: readonly T[]): CsvCell[][] {
  return [
    columns.map(([header]) => header),
    ...records.map((record) => columns.map(([, cell]) => cell(record))),
  ];
}
