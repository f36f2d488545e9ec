import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  align?: "left" | "right";
  /** Buttons: no label on phones, laid out in a row at the bottom of the card. */
  isActions?: boolean;
  className?: string;
  /**
   * A long header may wrap onto two lines (a table of many figures, e.g. "Instructor payouts"), so the
   * column is as wide as its values rather than its title. Headers stay on one line otherwise.
   */
  wrapHeader?: boolean;
};

type DataTableProps<T> = {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** A totals row, rendered in <tfoot> with the same columns. */
  footer?: T;
  footerLabel?: string;
};

// Below lg every row becomes a card: the first column is its title and every other cell shows its
// column name (data-label) before its value. From lg up it is an ordinary table, scrolling sideways if it must;
// its cells are padded a little less than a card so that ten money columns (admin revenue) fit 1280 px.
const rowClasses =
  "mb-3 block rounded-xl border border-slate-200 bg-white p-4 lg:mb-0 lg:table-row lg:rounded-none lg:border-0 lg:border-slate-100 lg:border-t lg:bg-transparent lg:p-0";
const cellClasses =
  "flex items-baseline justify-between gap-4 py-1 text-right lg:table-cell lg:px-2.5 lg:py-3 lg:align-top " +
  "before:shrink-0 before:text-left before:font-medium before:text-slate-600 before:content-[attr(data-label)] lg:before:content-none";
const primaryClasses = "block pb-2 text-left lg:table-cell lg:px-2.5 lg:py-3 lg:pb-3 lg:align-top";
const actionsClasses = "flex flex-wrap gap-2 pt-3 lg:table-cell lg:px-2.5 lg:py-2 lg:text-right lg:align-top";

function cellClass<T>(column: Column<T>, index: number): string {
  if (index === 0) return cn(primaryClasses, column.className);
  if (column.isActions) return cn(actionsClasses, column.className);
  return cn(
    cellClasses, // An amount never breaks after its minus sign ("−" on one line, "$112.50" on the next).
    column.align === "right" ? "lg:whitespace-nowrap lg:text-right" : "lg:text-left",
    column.className,
  );
}

/** A table on tablets and desktops, a stack of labelled cards on phones. */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  footer,
  footerLabel = "Total",
}: DataTableProps<T>) {
  return (
    <div className="lg:overflow-x-auto">
      <table className="block w-full text-sm lg:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden lg:table-header-group">
          <tr className="text-slate-600">
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={cn(
                  "px-2.5 pb-3 font-medium",
                  column.wrapHeader ? "align-bottom" : "whitespace-nowrap",
                  column.align === "right" || column.isActions ? "text-right" : "text-left",
                )}
              >
                {column.isActions ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block lg:table-row-group">
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClasses}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.header} scope="row" className={cn(cellClass(column, index), "font-normal")}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} data-label={column.header} className={cellClass(column, index)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {footer ? (
          <tfoot className="block lg:table-footer-group">
            <tr className={cn(rowClasses, "bg-brand-50 font-semibold lg:bg-slate-50")}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.header} scope="row" className={cn(primaryClasses, "text-slate-900")}>
                    {footerLabel}
                  </th>
                ) : (
                  <td key={column.header} data-label={column.header} className={cellClass(column, index)}>
                    {column.cell(footer)}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
