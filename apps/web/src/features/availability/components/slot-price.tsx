import { consumerPriceParts } from "@kerb/shared/rules";
import { ConsumerPrice } from "@/components/ui/consumer-price";
import { cn } from "@/lib/cn";

/**
 * A lesson's price as the student pays it, GST included (ConsumerPrice); a pool lesson also shows the
 * standard price it saves from, struck through and GST included too, so like is compared with like.
 */
export function SlotPrice({
  price,
  standardCents,
  className,
  stacked = false,
}: {
  /** Dollars ex GST, as the API gives them. */
  price: number;
  /** Ex GST. */
  standardCents: number | null;
  className?: string;
  /** The ex-GST component under the price (narrow columns). */
  stacked?: boolean;
}) {
  return (
    <span className={cn("inline-flex flex-wrap items-baseline justify-end gap-x-1.5", className)}>
      {standardCents !== null ? (
        <s className="font-normal text-slate-500 text-xs sm:text-sm">
          <span className="sr-only">was </span>
          {consumerPriceParts(standardCents).total}
        </s>
      ) : null}
      <span>
        {standardCents !== null ? <span className="sr-only">now </span> : null}
        <ConsumerPrice dollars={price} stacked={stacked} />
      </span>
    </span>
  );
}
