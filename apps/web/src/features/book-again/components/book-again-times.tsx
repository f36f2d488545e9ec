import type { BookAgainSlot } from "@kerb/shared";
import { consumerPriceParts, dollarsToCents } from "@kerb/shared/rules";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { formatDate, formatTime, formatTimeRange, formatWeekday } from "@/lib/format";

/** "Tue 08/12/2026, 10:00 am – 11:00 am, $88.00 incl. GST, pool hours": a time as a screen reader hears it. */
export function slotLabel(slot: BookAgainSlot): string {
  const price = consumerPriceParts(dollarsToCents(slot.price));
  return (
    `${formatWeekday(slot.startTime)} ${formatDate(slot.startTime)}, ` +
    `${formatTimeRange(slot.startTime, slot.endTime)}, ${price.total} ${price.note}` +
    (slot.isPoolHours ? ", pool hours" : "")
  );
}

/**
 * The offered times as large buttons (two a row on a phone): the day, the time and the price. Choosing
 * one opens the confirm step; nothing is booked yet.
 */
export function BookAgainTimes({
  slots,
  onChoose,
  label,
  isCompact = false,
}: {
  slots: readonly BookAgainSlot[];
  onChoose: (slot: BookAgainSlot) => void;
  /** Names the group for screen readers. */
  label: string;
  /** Three a row even on a phone (the dashboard's three times); two by default. */
  isCompact?: boolean;
}) {
  return (
    <ul
      aria-label={label}
      className={cn("grid gap-2 sm:grid-cols-3", isCompact ? "grid-cols-3" : "grid-cols-2")}
    >
      {slots.map((slot) => (
        <li key={slot.startTime}>
          <Button
            variant="outline"
            fullWidth
            className="h-auto min-h-14 flex-col gap-0 py-2"
            aria-label={`Choose ${slotLabel(slot)}`}
            onClick={() => onChoose(slot)}
          >
            <span className="font-semibold">
              {formatWeekday(slot.startTime)} {formatDate(slot.startTime).slice(0, 5)}
            </span>
            <span className="font-normal text-sm">
              {formatTime(slot.startTime)}
              {slot.isPoolHours ? " · pool" : ""}
            </span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
