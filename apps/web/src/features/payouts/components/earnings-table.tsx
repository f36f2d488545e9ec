import type { InstructorEarnings } from "@kerb/shared";
import { GST_PERCENT, PLATFORM_FEE_PERCENT } from "@kerb/shared/words";
import { cn } from "@/lib/cn";
import { formatDollars, formatMonth } from "@/lib/format";

// Phones get one card per month: each cell shows its column name (data-label) before the value.
const cellClasses =
  "flex items-baseline justify-between gap-4 px-0 py-1 text-right md:table-cell md:whitespace-nowrap md:px-3 md:py-3 " +
  "before:font-medium before:text-slate-600 before:content-[attr(data-label)] md:before:content-none";

const COLUMNS = [
  "Month",
  "Lessons",
  "Gross",
  `Platform fee (${PLATFORM_FEE_PERCENT})`,
  "Net earnings",
] as const;

// Driving-test packages (issue 33) are counted apart from lessons, once an instructor has taught one.
const PACKS_COLUMN = "Test packages";

// A GST-registered instructor is paid GST on top of the net: both figures, and the total paid.
const GST_COLUMNS = ["Net (ex GST)", `GST (${GST_PERCENT})`, "Total (incl. GST)"] as const;

function Row({
  label,
  figures,
  withGst,
  withPacks,
  isTotal = false,
}: {
  label: string;
  figures: InstructorEarnings["totals"];
  withGst: boolean;
  withPacks: boolean;
  isTotal?: boolean;
}) {
  return (
    <tr
      className={cn(
        "mb-3 block rounded-xl border border-slate-200 p-3 md:mb-0 md:table-row md:rounded-none md:border-0 md:border-slate-100 md:border-t md:p-0",
        isTotal && "bg-brand-50 font-semibold md:bg-slate-50",
      )}
    >
      <th
        scope="row"
        className="block pb-1 text-left font-semibold text-slate-900 md:table-cell md:px-3 md:py-3"
      >
        {label}
      </th>
      <td data-label={COLUMNS[1]} className={cellClasses}>
        {figures.lessons}
      </td>
      {withPacks ? (
        <td data-label={PACKS_COLUMN} className={cellClasses}>
          {figures.testPacks}
        </td>
      ) : null}
      <td data-label={COLUMNS[2]} className={cellClasses}>
        {formatDollars(figures.gross)}
      </td>
      <td data-label={COLUMNS[3]} className={cn(cellClasses, "text-slate-700")}>
        −{formatDollars(figures.platformFee)}
      </td>
      {withGst ? (
        <>
          <td data-label={GST_COLUMNS[0]} className={cellClasses}>
            {formatDollars(figures.net)}
          </td>
          <td data-label={GST_COLUMNS[1]} className={cellClasses}>
            {formatDollars(figures.gst)}
          </td>
          <td data-label={GST_COLUMNS[2]} className={cn(cellClasses, "font-semibold text-brand-800")}>
            {formatDollars(figures.total)}
          </td>
        </>
      ) : (
        <td data-label={COLUMNS[4]} className={cn(cellClasses, "font-semibold text-brand-800")}>
          {formatDollars(figures.net)}
        </td>
      )}
    </tr>
  );
}

/**
 * Completed lessons per month with gross, the platform fee and net, and a totals row; for a
 * GST-registered instructor, net ex GST, the GST and the total paid; test packages counted on their own.
 */
export function EarningsTable({ earnings }: { earnings: InstructorEarnings }) {
  const withGst = earnings.gstRegistered;
  const withPacks = earnings.totals.testPacks > 0;
  const money = withGst ? [...COLUMNS.slice(2, 4), ...GST_COLUMNS] : COLUMNS.slice(2);
  const columns = [...COLUMNS.slice(0, 2), ...(withPacks ? [PACKS_COLUMN] : []), ...money];
  return (
    <table className="block w-full text-sm md:table">
      <caption className="sr-only">Earnings by month, after the {PLATFORM_FEE_PERCENT} platform fee</caption>
      <thead className="hidden md:table-header-group">
        <tr className="text-slate-600">
          {columns.map((column, index) => (
            <th
              key={column}
              scope="col"
              className={cn("px-3 pb-3 font-medium", index === 0 ? "text-left" : "text-right")}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block md:table-row-group">
        {earnings.months.map((month) => (
          <Row
            key={month.month}
            label={formatMonth(month.month)}
            figures={month}
            withGst={withGst}
            withPacks={withPacks}
          />
        ))}
      </tbody>
      <tfoot className="block md:table-footer-group">
        <Row label="Total" figures={earnings.totals} withGst={withGst} withPacks={withPacks} isTotal />
      </tfoot>
    </table>
  );
}
