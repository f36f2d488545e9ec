import { LESSON_MINUTES } from "@kerb/shared";
import { lessonLengthLabel } from "@kerb/shared/rules";
import { type ReactNode, useMemo } from "react";
import { lessonCount } from "@/lib/format";
import { type CalendarSource, useCalendarAvailability } from "../hooks/use-calendar-availability";
import { useOwnLessonClash } from "../hooks/use-own-lesson-clash";
import type { StandardPriceOf } from "../hooks/use-standard-prices";
import { creditCountText, lessonCredits, type SelectedSlot } from "../model/selection";
import { CalendarCard, type CalendarCardProps, DayTimesCard, lessonsPerDay } from "./calendar-card";
import { SelectionPanel, type SelectionPanelProps } from "./selection-panel";
import { SlotList, type SlotListProps } from "./slot-list";

/** How the chosen lessons are paid for, which decides what a time costs and how many may be chosen. */
type SlotPayment =
  /**
   * By card, at each time's price (a pool time struck through against `standardPriceOf`). The holds of
   * `openPaymentId`, the payment already opened for this selection, are these lessons, not a clash.
   */
  | { mode: "card"; standardPriceOf: StandardPriceOf; openPaymentId: string | null }
  /**
   * With a bundle's credits: one an hour (two for a 2-hour lesson), and never more than the `left`
   * credits.
   */
  | { mode: "credits"; left: number };

/** What the slot list and the selection panel show for a time's cost, by how it is paid. */
function pricingProps(
  payment: SlotPayment,
  lessonMinutes: number,
): {
  list: Pick<SlotListProps, "standardPriceOf" | "priceText" | "maxSelection" | "fullNotice">;
  panel: Pick<SelectionPanelProps, "standardPriceOf" | "credits" | "continueLabel">;
} {
  if (payment.mode === "card") {
    const { standardPriceOf } = payment;
    return { list: { standardPriceOf }, panel: { standardPriceOf } };
  }
  const { left } = payment;
  const perLesson = lessonCredits(lessonMinutes);
  const lessons = Math.floor(left / perLesson);
  return {
    list: {
      priceText: creditCountText(perLesson),
      maxSelection: lessons,
      fullNotice:
        perLesson === 1
          ? `That is all ${lessonCount(left)} this bundle has left. Remove one to pick another time.`
          : `That is all the ${lessonLengthLabel(lessonMinutes)} lessons this bundle's ${creditCountText(left)} pay for. Remove one to pick another time.`,
    },
    panel: { credits: { left }, continueLabel: "Review lessons" },
  };
}

/** The choosing itself, kept by the step's owner (the wizard's draft, or Use Bundle's state). */
export type SlotSelectionProps = {
  selectedSlots: readonly SelectedSlot[];
  selectedDate: string | null;
  /** Shown above the calendar, e.g. which lessons were dropped after a failed booking. */
  notice?: ReactNode;
  onSelectDate: (date: string) => void;
  onToggleSlot: (slot: SelectedSlot) => void;
  onRemoveSlot: (slot: SelectedSlot) => void;
  onContinue: () => void;
};

type SlotPickerProps = SlotSelectionProps & {
  suburb: string;
  source: CalendarSource;
  payment: SlotPayment;
  /** Whose times these are, and the ways to change that (and the lesson length, when there is a choice). */
  header: ReactNode;
  /** What a calendar without a single free day says, and the way on. */
  empty: CalendarCardProps["empty"];
};

/**
 * The slot step's body, paid by card in the wizard or with credits on Use Bundle: the calendar of
 * `source` in `suburb`, the picked day's times, and the running selection beside them.
 */
export function SlotPicker({
  suburb,
  source,
  payment,
  header,
  notice,
  empty,
  selectedSlots,
  selectedDate,
  onSelectDate,
  onToggleSlot,
  onRemoveSlot,
  onContinue,
}: SlotPickerProps) {
  const calendar = useCalendarAvailability(suburb, source);
  const summary = calendar.summaryQuery.data;
  const selectedCounts = useMemo(() => lessonsPerDay(selectedSlots), [selectedSlots]);
  const isOwnLessonTime = useOwnLessonClash({
    openPaymentId: payment.mode === "card" ? payment.openPaymentId : null,
  });
  const pricing = pricingProps(payment, source.lessonMinutes ?? LESSON_MINUTES);

  return (
    <div className="grid grid-cols-1 items-start gap-6 pb-44 lg:grid-cols-3 lg:pb-0">
      <div className="flex flex-col gap-6 lg:col-span-2">
        {header}

        {notice}

        <CalendarCard
          calendar={calendar}
          summary={summary}
          selectedDate={selectedDate}
          selectedCounts={selectedCounts}
          onSelectDate={onSelectDate}
          empty={empty}
        />

        <DayTimesCard
          summary={summary}
          selectedDate={selectedDate}
          hint="Green days have Pool Hours, blue days have standard times and yellow days have both."
        >
          {(date) => (
            <SlotList
              query={{ suburb, date, ...source }}
              selection={selectedSlots}
              onToggle={onToggleSlot}
              isOwnLessonTime={isOwnLessonTime}
              {...pricing.list}
            />
          )}
        </DayTimesCard>
      </div>

      <SelectionPanel
        slots={selectedSlots}
        onRemove={onRemoveSlot}
        onContinue={onContinue}
        isOwnLessonTime={isOwnLessonTime}
        {...pricing.panel}
      />
    </div>
  );
}
