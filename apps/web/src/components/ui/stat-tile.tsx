import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

type StatTileProps = {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  detail: ReactNode;
  /** Two tiles to a row on phones: smaller padding and figure there, and no icon. */
  isCompact?: boolean;
  /** Exposes the tile as a region named by its label, for dashboards read tile by tile. */
  isRegion?: boolean;
};

/** One dashboard figure: an icon and label, the figure itself, and a line about it. */
export function StatTile({ icon, label, value, detail, isCompact = false, isRegion = false }: StatTileProps) {
  const Tile = isRegion ? "section" : "div";
  return (
    <Tile
      aria-label={isRegion ? label : undefined}
      className={cn(
        "flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm",
        isCompact ? "min-w-0 gap-2 p-4 sm:gap-3 sm:p-5" : "gap-3 p-5",
      )}
    >
      <div className="flex items-center gap-2 text-slate-600">
        <span
          className={cn(
            "size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700",
            isCompact ? "hidden sm:flex" : "flex",
          )}
          aria-hidden="true"
        >
          {icon}
        </span>
        <h2 className="font-medium text-sm">{label}</h2>
      </div>
      <p
        className={cn(
          "font-bold text-slate-900 tracking-tight",
          isCompact ? "text-2xl sm:text-3xl" : "text-3xl",
        )}
      >
        {value}
      </p>
      <p className="text-slate-600 text-sm">{detail}</p>
    </Tile>
  );
}
