import { consumerPriceParts, dollarsToCents, formatConsumerPrice } from "@kerb/shared/rules";
import { POOL_DISCOUNT } from "@kerb/shared/words";
import CalendarX2 from "lucide-react/icons/calendar-x-2";
import Check from "lucide-react/icons/check";
import Plus from "lucide-react/icons/plus";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { PoolHoursBadge } from "@/components/ui/pool-hours-badge";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatIsoDate, formatTimeRange } from "@/lib/format";
import { useSlots } from "../api/get-slots";
import type { SlotsQuery } from "../api/query-keys";
import type { StandardPriceOf } from "../hooks/use-standard-prices";
import { weekdayName } from "../model/dates";
import { OWN_LESSON_NOTE } from "../model/own-lessons";
import {
  clashesWithSelection,
  isSelected,
  isSelectionFull,
  type SelectedSlot,
  slotKey,
} from "../model/selection";
import { SlotPrice } from "./slot-price";

const POOL_TAG = `Pool Hours - Save ${POOL_DISCOUNT}`;

/** What a screen reader hears for a slot button; the pressed state is announced separately. */
function slotLabel(slot: SelectedSlot, standardCents: number | null = null): string {
  const price = formatConsumerPrice(dollarsToCents(slot.price));
  const was = standardCents !== null ? `, was ${consumerPriceParts(standardCents).total}` : "";
  return `${formatTimeRange(slot.startTime, slot.endTime)}, ${slot.instructorName}, ${price}${was}${slot.isPoolHours ? `, ${POOL_TAG}` : ""}`;
}

export function PoolTag() {
  return <PoolHoursBadge>{POOL_TAG}</PoolHoursBadge>;
}

export type SlotListProps = {
  query: SlotsQuery;
  selection: readonly SelectedSlot[];
  onToggle: (slot: SelectedSlot) => void;
  /** The standard price a pool slot saves from, shown struck through. */
  standardPriceOf?: StandardPriceOf;
  /** Words instead of a price, where no money changes hands ("1 credit", "No charge"). */
  priceText?: string;
  /** Only the slots this keeps are offered (a reschedule keeps the lesson's kind). */
  filter?: (slot: SelectedSlot) => boolean;
  /** The most lessons the selection may hold (a bundle's credits left); the booking limit otherwise. */
  maxSelection?: number;
  /** Said once the selection is full, instead of the booking limit's message. */
  fullNotice?: ReactNode;
  /** The student already has a lesson then: shown, marked and not selectable (the server refuses it). */
  isOwnLessonTime?: (slot: SelectedSlot) => boolean;
};

/** The times of one day; each toggles in and out of the selection. */
export function SlotList({
  query,
  selection,
  onToggle,
  standardPriceOf,
  priceText,
  filter,
  maxSelection,
  fullNotice,
  isOwnLessonTime,
}: SlotListProps) {
  const slotsQuery = useSlots(query);
  const heading = `Times on ${weekdayName(query.date)} ${formatIsoDate(query.date)}`;
  const full = maxSelection === undefined ? isSelectionFull(selection) : selection.length >= maxSelection;
  const offered = (filter ? slotsQuery.data?.filter(filter) : slotsQuery.data) ?? [];

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
      ) : offered.length === 0 ? (
        <EmptyState
          icon={<CalendarX2 className="size-6" />}
          title="No times left on this day"
          description="Someone may have just booked them. Pick another day in the calendar."
        />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={heading}>
          {offered.map((slot) => {
            const selected = isSelected(selection, slot);
            const clash = !selected && clashesWithSelection(selection, slot);
            const ownLesson = !selected && (isOwnLessonTime?.(slot) ?? false);
            const blocked = clash || ownLesson || (full && !selected);
            const standardCents = standardPriceOf?.(slot) ?? null;
            return (
              <li key={slotKey(slot)}>
                <button
                  type="button"
                  aria-pressed={selected}
                  aria-label={`${
                    priceText
                      ? `${formatTimeRange(slot.startTime, slot.endTime)}, ${slot.instructorName}, ${priceText}${slot.isPoolHours ? ", Pool Hours" : ""}`
                      : slotLabel(slot, standardCents)
                  }${ownLesson ? `, ${OWN_LESSON_NOTE.toLowerCase()}` : ""}`}
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
                      {priceText ? (
                        <span className="font-semibold text-slate-700 text-sm">{priceText}</span>
                      ) : (
                        <SlotPrice
                          price={slot.price}
                          standardCents={standardCents}
                          className="font-semibold text-slate-900 text-sm sm:text-base"
                        />
                      )}
                    </span>
                    <span className="text-slate-600 text-sm">{slot.instructorName}</span>
                    {slot.isPoolHours || clash || ownLesson ? (
                      <span className="flex flex-wrap gap-2">
                        {/* Without a price there is no saving to speak of. */}
                        {slot.isPoolHours ? priceText ? <PoolHoursBadge /> : <PoolTag /> : null}
                        {clash ? (
                          <span className="text-slate-600 text-xs">
                            You already have a lesson at this time
                          </span>
                        ) : null}
                        {ownLesson ? (
                          <span className="font-medium text-red-800 text-xs">{OWN_LESSON_NOTE}</span>
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
          {fullNotice ??
            "You've reached the most lessons one booking can hold. Pay for these first, then book more."}
        </p>
      ) : null}
    </div>
  );
}
