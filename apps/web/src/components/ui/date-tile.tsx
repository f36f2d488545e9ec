import { cn } from "@/lib/cn";
import { formatDate, formatWeekday } from "@/lib/format";
import { Skeleton } from "./skeleton";

/** A lesson's day at a glance at the start of its row: "TUE" over "03/11", in Sydney. */
export function DateTile({ iso, className }: { iso: string; className?: string }) {
  return (
    <div
      className={cn(
        "flex w-16 shrink-0 flex-col items-center justify-center rounded-xl bg-brand-50 py-2 text-brand-900 ring-1 ring-brand-100",
        className,
      )}
    >
      <span className="font-semibold text-xs uppercase">{formatWeekday(iso)}</span>
      <span className="font-bold text-lg leading-tight">{formatDate(iso).slice(0, 5)}</span>
    </div>
  );
}

/** The loading shape of a row led by a DateTile: the tile and three lines of text. */
export function DateTileRowSkeleton({ as: Row = "div" }: { as?: "div" | "li" }) {
  return (
    <Row className="flex gap-4 py-4">
      <Skeleton className="h-16 w-16 shrink-0 rounded-xl" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
      </div>
    </Row>
  );
}
