import { consumerPriceParts, dollarsToCents } from "@kerb/shared/rules";
import { cn } from "@/lib/cn";

type Amount =
  /** Ex-GST cents: one line, or several charged together (GST once on their sum, as the invoice does). */
  | { cents: number | readonly number[]; dollars?: never }
  /** An ex-GST dollar amount, as the API gives it. */
  | { dollars: number; cents?: never };

export type ConsumerPriceProps = Amount & {
  /** Said right after the total: "/hour", " per lesson". */
  per?: string;
  /** Styles the total (size, weight); the ex-GST component is always small beside it. */
  className?: string;
  /** The component under the total, both flush right: for narrow columns (the selection panel). */
  stacked?: boolean;
};

/**
 * A price as a student, guardian or visitor sees it (rules/consumer-price.ts, ACL s 48): the total they
 * pay, GST included, in the caller's size and weight, and the ex-GST component ("$70.00 + GST") beside it
 * in the smallest text, so it can never be the more prominent figure.
 */
export function ConsumerPrice({ cents, dollars, per = "", className, stacked = false }: ConsumerPriceProps) {
  const parts = consumerPriceParts(cents ?? dollarsToCents(dollars ?? 0));
  return (
    <span
      className={cn("inline-flex flex-wrap gap-x-1.5", stacked ? "flex-col items-end" : "items-baseline")}
    >
      <span data-price-part="total" className={className}>
        {parts.total}
        {per}
      </span>{" "}
      <span data-price-part="component" className="font-normal text-slate-600 text-xs">
        {parts.note} · {parts.component}
      </span>
    </span>
  );
}
