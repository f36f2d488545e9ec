import { CalendarX2, Check, Plus } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { PoolHoursBadge } from "@/components/ui/pool-hours-badge";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatDollars, formatIsoDate, formatTimeRange } from "@/lib/format";
import { POOL_DISCOUNT } from "@/lib/policy-text";
import { type SlotsQuery, useSlots } from "../api/get-slots";
import { weekdayName } from "../model/dates";
import { clashesWithSelection, isSelected, isSelectionFull } from "../model/selection";
import { type SelectedSlot, slotKey } from "../model/wizard-state";

export const POOL_TAG = `Pool Hours - Save ${POOL_DISCOUNT}`;

/** What a screen reader hears for a slot button; the pressed state is announced separately. */
export function slotLabel(slot: SelectedSlot): string {
  const price = formatDollars(slot.price);
  return `${formatTimeRange(slot.startTime, slot.endTime)}, ${slot.instructorName}, ${price}${slot.isPoolHours ? `, ${POOL_TAG}` : ""}`;
}

export function PoolTag() {
  return <PoolHoursBadge>{POOL_TAG}</PoolHoursBadge>;
}

type SlotListProps = {
  query: SlotsQuery;
  selection: readonly SelectedSlot[];
  onToggle: (slot: SelectedSlot) => void;
};

/** The times of one day; each toggles in and out of the selection. */
export function SlotList({ query, selection, onToggle }: SlotListProps) {
  const slotsQuery = useSlots(query);
  const heading = `Times on ${weekdayName(query.date)} ${formatIsoDate(query.date)}`;
  const full = isSelectionFull(selection);

  return (
    <div className="flex flex-col gap-3">
      <h2 className="font-semibold text-lg text-slate-900">{heading}</h2>
      {slotsQuery.isPending ? (
        <SkeletonGroup label="Loading times…">
          <div className="flex flex-col gap-2">
            <Skeleton className="h-16 w-full rounded-xl" />
            <Skeleton className="h-16 w-full rounded-xl" />
            <Skeleton className="h-16 w-full rounded-xl" />
          </div>
        </SkeletonGroup>
      ) : slotsQuery.isError ? (
        <ErrorState
          title="We couldn't load the times for this day"
          error={slotsQuery.error}
          onRetry={() => slotsQuery.refetch()}
          isRetrying={slotsQuery.isFetching}
        />
      ) : slotsQuery.data.length === 0 ? (
        <EmptyState
          icon={<CalendarX2 className="size-6" />}
          title="No times left on this day"
          description="Someone may have just booked them. Pick another day in the calendar."
        />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={heading}>
          {slotsQuery.data.map((slot) => {
            const selected = isSelected(selection, slot);
            const clash = !selected && clashesWithSelection(selection, slot);
            const blocked = clash || (full && !selected);
            return (
              <li key={slotKey(slot)}>
                <button
                  type="button"
                  aria-pressed={selected}
                  aria-label={slotLabel(slot)}
                  disabled={blocked}
                  onClick={() => onToggle(slot)}
                  className={cn(
                    "flex min-h-16 w-full items-center gap-3 rounded-xl border-2 bg-white px-3 py-2.5 text-left transition-colors sm:px-4",
                    selected
                      ? "border-brand-600 bg-brand-50"
                      : "border-slate-200 hover:border-slate-300 disabled:cursor-not-allowed disabled:opacity-60",
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      "flex size-7 shrink-0 items-center justify-center rounded-full border-2",
                      selected
                        ? "border-brand-600 bg-brand-600 text-white"
                        : "border-slate-300 text-slate-500",
                    )}
                  >
                    {selected ? <Check className="size-4" /> : <Plus className="size-4" />}
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col gap-1">
                    <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span className="whitespace-nowrap font-semibold text-slate-900 text-sm sm:text-base">
                        {formatTimeRange(slot.startTime, slot.endTime)}
                      </span>
                      <span className="font-semibold text-slate-900 text-sm sm:text-base">
                        {formatDollars(slot.price)}
                      </span>
                    </span>
                    <span className="text-slate-600 text-sm">{slot.instructorName}</span>
                    {slot.isPoolHours || clash ? (
                      <span className="flex flex-wrap gap-2">
                        {slot.isPoolHours ? <PoolTag /> : null}
                        {clash ? (
                          <span className="text-slate-600 text-xs">
                            You already have a lesson at this time
                          </span>
                        ) : null}
                      </span>
                    ) : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {full ? (
        <p className="text-slate-600 text-sm">
          You've reached the most lessons one booking can hold. Pay for these first, then book more.
        </p>
      ) : null}
    </div>
  );
}
