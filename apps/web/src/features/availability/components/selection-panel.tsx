import { FULL_REFUND_NOTICE_HOURS } from "@kerb/shared";
import { formatAud, invoiceTotals } from "@kerb/shared/rules";
import { GST_PERCENT, HOLD_DURATION } from "@kerb/shared/words";
import ChevronDown from "lucide-react/icons/chevron-down";
import ChevronUp from "lucide-react/icons/chevron-up";
import Clock from "lucide-react/icons/clock";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import ShoppingBasket from "lucide-react/icons/shopping-basket";
import Ticket from "lucide-react/icons/ticket";
import Trash2 from "lucide-react/icons/trash";
import UserRoundCog from "lucide-react/icons/user-round-cog";
import X from "lucide-react/icons/x";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConsumerPrice } from "@/components/ui/consumer-price";
import { cn } from "@/lib/cn";
import { formatDate, formatTimeRange, formatWeekday } from "@/lib/format";
import type { StandardPriceOf } from "../hooks/use-standard-prices";
import { OWN_LESSON_NOTE } from "../model/own-lessons";
import {
  creditCountText,
  paidWithCreditsText,
  type SelectedSlot,
  selectionCredits,
  selectionTotals,
  slotCredits,
  slotKey,
  slotPriceCents,
  slotTimeText,
} from "../model/selection";
import { SlotPrice } from "./slot-price";

export type SelectionPanelProps = {
  slots: readonly SelectedSlot[];
  onRemove: (slot: SelectedSlot) => void;
  onContinue: () => void;
  /** The standard price a pool lesson saves from, shown struck through. */
  standardPriceOf?: StandardPriceOf;
  /** Credit mode: the lessons are paid with a bundle's credits (`left` of them now), not money. */
  credits?: { left: number };
  continueLabel?: string;
  /** The student already has a lesson then: the server would refuse it, so Continue waits for its removal. */
  isOwnLessonTime?: (slot: SelectedSlot) => boolean;
};

/** "Tue 03/11/2026", the Sydney day of the lesson. */
function slotDay(slot: SelectedSlot): string {
  return `${formatWeekday(slot.startTime)} ${formatDate(slot.startTime)}`;
}

/**
 * The running selection: a sticky side column on desktop, a bottom sheet on phones whose details
 * fold away so the calendar stays usable. One element for both, so there is one set of controls.
 */
export function SelectionPanel({
  slots,
  onRemove,
  onContinue,
  standardPriceOf,
  credits,
  continueLabel = "Continue to Payment",
  isOwnLessonTime,
}: SelectionPanelProps) {
  const [isExpanded, setExpanded] = useState(false);
  const detailsId = useId();
  const headingId = useId();
  const blockedId = useId();
  const hasOwnClash = isOwnLessonTime !== undefined && slots.some(isOwnLessonTime);
  const totals = selectionTotals(slots);
  // Each lesson's ex-GST price: the invoice's lines, so the totals here are what paying will charge.
  const lines = slots.map(slotPriceCents);
  const invoice = invoiceTotals(lines);
  const creditsUsed = selectionCredits(slots);
  const creditsAfter = credits ? credits.left - creditsUsed : 0;

  return (
    <aside
      aria-labelledby={headingId}
      className={cn(
        "fixed inset-x-0 bottom-0 z-30 flex max-h-[85dvh] flex-col rounded-t-3xl border-slate-200 border-t bg-white shadow-[0_-8px_30px_rgba(15,23,42,0.12)]",
        "lg:sticky lg:top-20 lg:bottom-auto lg:z-auto lg:max-h-[calc(100dvh-6rem)] lg:rounded-2xl lg:border lg:shadow-sm",
      )}
    >
      <div className="flex items-center justify-between gap-3 px-4 pt-3 pb-2 lg:px-5 lg:pt-5">
        <div className="flex min-w-0 flex-col">
          <h2 id={headingId} className="flex items-center gap-2 font-semibold text-lg text-slate-900">
            <ShoppingBasket className="size-5 text-brand-700" aria-hidden="true" />
            Your selection
          </h2>
          <p className="text-slate-600 text-sm" aria-live="polite">
            {totals.lessonCount} {totals.lessonCount === 1 ? "lesson" : "lessons"} ·{" "}
            {credits ? paidWithCreditsText(Math.max(0, creditsAfter)) : <ConsumerPrice cents={lines} />}
          </p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="lg:hidden"
          aria-expanded={isExpanded}
          aria-controls={detailsId}
          onClick={() => setExpanded((open) => !open)}
          icon={
            isExpanded ? (
              <ChevronDown className="size-4" aria-hidden="true" />
            ) : (
              <ChevronUp className="size-4" aria-hidden="true" />
            )
          }
        >
          {isExpanded ? "Hide details" : "Show details"}
        </Button>
      </div>

      <div
        id={detailsId}
        className={cn(
          "min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-4 pb-2 lg:flex lg:px-5",
          isExpanded ? "flex" : "hidden",
        )}
      >
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div className="rounded-xl bg-slate-50 p-3">
            <dt className="text-slate-600">Total lessons</dt>
            <dd className="font-bold text-slate-900 text-xl">{totals.lessonCount}</dd>
          </div>
          <div className="rounded-xl bg-amber-50 p-3">
            <dt className="text-amber-900">Pool Hours lessons</dt>
            <dd className="font-bold text-amber-950 text-xl">{totals.poolCount}</dd>
          </div>
        </dl>

        {slots.length === 0 ? (
          <p className="rounded-xl border border-slate-300 border-dashed p-4 text-center text-slate-600 text-sm">
            No lessons yet. Pick a day, then tap the times you want.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100" aria-label="Selected lessons">
            {slots.map((slot) => (
              <li key={slotKey(slot)} className="flex items-start gap-3 py-2.5">
                <div className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
                  <span className="font-semibold text-slate-900">{slotDay(slot)}</span>
                  <span className="text-slate-700">{slotTimeText(slot)}</span>
                  <span className="truncate text-slate-600">{slot.instructorName}</span>
                  {slot.isPoolHours ? (
                    <span>
                      <Badge tone="accent">Pool Hours</Badge>
                    </span>
                  ) : null}
                  {isOwnLessonTime?.(slot) ? (
                    <span className="font-medium text-red-700">{OWN_LESSON_NOTE}</span>
                  ) : null}
                </div>
                {credits ? (
                  <span className="shrink-0 font-semibold text-slate-700 text-sm">
                    {creditCountText(slotCredits(slot))}
                  </span>
                ) : (
                  <SlotPrice
                    price={slot.price}
                    standardCents={standardPriceOf?.(slot) ?? null}
                    stacked
                    className="shrink-0 flex-col items-end font-semibold text-slate-900 text-sm"
                  />
                )}
                <button
                  type="button"
                  onClick={() => onRemove(slot)}
                  aria-label={`Remove lesson on ${slotDay(slot)} at ${formatTimeRange(slot.startTime, slot.endTime)}`}
                  className="-mt-2 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-xl text-slate-500 hover:bg-red-50 hover:text-red-700"
                >
                  <X className="size-5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}

        {credits ? (
          <CreditTotals used={creditsUsed} left={creditsAfter} />
        ) : (
          <div className="flex flex-col gap-1.5 border-slate-200 border-t pt-3 text-sm">
            <dl className="flex flex-col gap-1.5">
              <div className="flex justify-between gap-3">
                <dt className="text-slate-600">Regular lessons subtotal</dt>
                <dd className="font-medium text-slate-900" data-testid="regular-subtotal">
                  {formatAud(totals.regularCents)}
                </dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-slate-600">Pool Hours subtotal</dt>
                <dd className="font-medium text-slate-900" data-testid="pool-subtotal">
                  {formatAud(totals.poolCents)}
                </dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-slate-600">GST ({GST_PERCENT})</dt>
                <dd className="font-medium text-slate-900" data-testid="selection-gst">
                  {formatAud(invoice.gstCents)}
                </dd>
              </div>
              <div className="flex justify-between gap-3 text-lg">
                <dt className="font-semibold text-slate-900">Total incl. GST</dt>
                <dd className="font-bold text-slate-900" data-testid="selection-total">
                  {formatAud(invoice.totalCents)}
                </dd>
              </div>
            </dl>
            <p className="text-slate-500 text-xs">
              The total is what you pay; the invoice shows it line by line.
            </p>
          </div>
        )}

        {credits ? (
          <CreditNotes />
        ) : (
          <ul className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3 text-slate-700 text-xs">
            <li className="flex items-start gap-2">
              <Clock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              Your times are held for {HOLD_DURATION} during checkout.
            </li>
            <li className="flex items-start gap-2">
              <Trash2 className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              You can remove lessons before you pay.
            </li>
            <li className="flex items-start gap-2">
              <UserRoundCog className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              Pool Hours instructors are auto-assigned.
            </li>
          </ul>
        )}
      </div>

      <div className="border-slate-100 border-t px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] lg:border-0 lg:px-5 lg:pb-5">
        {hasOwnClash ? (
          <p id={blockedId} className="mb-2 text-red-700 text-sm">
            Remove the lessons marked “{OWN_LESSON_NOTE}” to continue.
          </p>
        ) : null}
        <Button
          size="lg"
          fullWidth
          disabled={slots.length === 0 || creditsAfter < 0 || hasOwnClash}
          aria-describedby={hasOwnClash ? blockedId : undefined}
          onClick={onContinue}
        >
          {continueLabel}
        </Button>
      </div>
    </aside>
  );
}

/** Credit mode's totals: credits instead of money, and no GST (it was charged on the bundle). */
function CreditTotals({ used, left }: { used: number; left: number }) {
  return (
    <div className="flex flex-col gap-1.5 border-slate-200 border-t pt-3 text-sm">
      <dl className="flex flex-col gap-1.5">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Credits for these lessons</dt>
          <dd className="font-medium text-slate-900" data-testid="credits-used">
            {used}
          </dd>
        </div>
        <div className="flex justify-between gap-3 text-base">
          <dt className="font-semibold text-slate-900">Credits left after booking</dt>
          <dd className="font-bold text-slate-900" data-testid="credits-left">
            {Math.max(0, left)}
          </dd>
        </div>
      </dl>
      {left < 0 ? (
        <p className="font-medium text-red-800 text-xs" role="alert">
          That is {creditCountText(-left)} more than this bundle has left. Remove{" "}
          {-left === 1 ? "a lesson" : "some lessons"} to continue.
        </p>
      ) : (
        <p className="text-slate-500 text-xs">Nothing to pay: GST was charged when you bought the bundle.</p>
      )}
    </div>
  );
}

function CreditNotes() {
  return (
    <ul className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3 text-slate-700 text-xs">
      <li className="flex items-start gap-2">
        <Ticket className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        Each lesson uses one credit, Pool Hours or standard.
      </li>
      <li className="flex items-start gap-2">
        <RotateCcw className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        Cancel more than {FULL_REFUND_NOTICE_HOURS} hours ahead and its credits go back to your bundle.
      </li>
      <li className="flex items-start gap-2">
        <Trash2 className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        You can remove lessons before you book.
      </li>
    </ul>
  );
}
