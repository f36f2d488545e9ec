import { formatAud } from "@kerb/shared/rules";
import { cn } from "@/lib/cn";
import { formatDollars } from "@/lib/format";

/** A lesson's price; a pool lesson also shows the standard price it saves from, struck through. */
export function SlotPrice({
  price,
  standardCents,
  className,
}: {
  /** Dollars, as the API gives them. */
  price: number;
  standardCents: number | null;
  className?: string;
}) {
  return (
    <span className={cn("inline-flex flex-wrap items-baseline justify-end gap-x-1.5", className)}>
      {standardCents !== null ? (
        <s className="font-normal text-slate-500 text-xs sm:text-sm">
          <span className="sr-only">was </span>
          {formatAud(standardCents)}
        </s>
      ) : null}
      <span>
        {standardCents !== null ? <span className="sr-only">now </span> : null}
        {formatDollars(price)}
      </span>
    </span>
  );
}
