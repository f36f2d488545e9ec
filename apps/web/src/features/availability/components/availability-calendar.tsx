import type { AvailabilitySummary, DaySummary } from "@kerb/shared";
import { addDaysToDate, eachDateInRange, sydneyWeekday } from "@kerb/shared/rules";
import { calendarWindowText, plural } from "@kerb/shared/words";
import { type KeyboardEvent, useMemo, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { formatIsoDate } from "@/lib/format";
import { dayOfMonth, shortMonth, WEEKDAY_NAMES, weekdayName } from "../model/dates";

type DayAvailability = "pool" | "standard" | "both" | "none";

export function dayAvailability(day: DaySummary | undefined): DayAvailability {
  if (!day?.hasAvailability || day.totalSlots === 0) return "none";
  if (day.poolHours > 0 && day.standardHours > 0) return "both";
  return day.poolHours > 0 ? "pool" : "standard";
}

/** Colour per kind of day (spec §2): green pool only, blue standard only, yellow both, grey none. */
const DAY_CLASSES: Record<DayAvailability, string> = {
  pool: "border-emerald-300 bg-emerald-100 text-emerald-950 hover:bg-emerald-200",
  standard: "border-sky-300 bg-sky-100 text-sky-950 hover:bg-sky-200",
  both: "border-amber-300 bg-amber-100 text-amber-950 hover:bg-amber-200",
  none: "cursor-not-allowed border-slate-200 bg-slate-100 text-slate-400",
};

function dayLabel(date: string, day: DaySummary | undefined, selectedCount = 0): string {
  const when = `${weekdayName(date)} ${formatIsoDate(date)}`;
  if (dayAvailability(day) === "none" || !day) return `${when}, no available slots`;
  const base = `${when}, ${plural(day.totalSlots, "slot")}: ${day.poolHours} pool, ${day.standardHours} standard`;
  return selectedCount > 0 ? `${base}, ${selectedCount} selected` : base;
}

// Monday first, as Australian calendars are printed.
const COLUMNS = [1, 2, 3, 4, 5, 6, 0] as const;

type AvailabilityCalendarProps = {
  startDate: string;
  endDate: string;
  summary: AvailabilitySummary;
  selectedDate: string | null;
  /** Lessons already in the selection per date, marked with a dot. */
  selectedCounts: ReadonlyMap<string, number>;
  onSelectDate: (date: string) => void;
  /** One day outlined and named, e.g. where the lesson being rescheduled is now. */
  marked?: { date: string; label: string };
};

/** The calendar's weeks, Monday first: every cell is a real date; those outside start–end stay empty. */
function calendarWeeks(startDate: string, endDate: string): string[][] {
  const leading = (COLUMNS.indexOf(sydneyWeekday(startDate) as (typeof COLUMNS)[number]) + 7) % 7;
  const first = addDaysToDate(startDate, -leading);
  const weeks: string[][] = [];
  for (let monday = first; monday <= endDate; monday = addDaysToDate(monday, 7)) {
    weeks.push(COLUMNS.map((_, column) => addDaysToDate(monday, column)));
  }
  return weeks;
}

/**
 * The calendar of bookable days: a grid (WAI-ARIA grid pattern, as date pickers are built) of day
 * buttons. One day is in the tab order; arrow keys move between bookable days (Left/Right a day,
 * Up/Down a week, greyed days skipped), Home/End jump to the first/last bookable day.
 */
export function AvailabilityCalendar({
  startDate,
  endDate,
  summary,
  selectedDate,
  selectedCounts,
  onSelectDate,
  marked,
}: AvailabilityCalendarProps) {
  const dates = useMemo(() => eachDateInRange(startDate, endDate), [startDate, endDate]);
  const weeks = useMemo(() => calendarWeeks(startDate, endDate), [startDate, endDate]);
  const bookable = useMemo(
    () => new Set(dates.filter((d) => dayAvailability(summary[d]) !== "none")),
    [dates, summary],
  );
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focusDate, setFocusDate] = useState<string | null>(null);

  const firstBookable = dates.find((d) => bookable.has(d)) ?? null;
  const tabStop =
    focusDate && bookable.has(focusDate)
      ? focusDate
      : selectedDate && bookable.has(selectedDate)
        ? selectedDate
        : firstBookable;

  function focusDay(date: string) {
    setFocusDate(date);
    buttons.current.get(date)?.focus();
  }

  function moveFocus(from: string, step: number) {
    let index = dates.indexOf(from) + step;
    while (index >= 0 && index < dates.length) {
      const candidate = dates[index] as string;
      if (bookable.has(candidate)) return focusDay(candidate);
      // Greyed days cannot take focus: keep going the same way until a bookable one.
      index += step;
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, date: string) {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 7, ArrowUp: -7 };
    const step = moves[event.key];
    if (step !== undefined) {
      event.preventDefault();
      moveFocus(date, step);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      const list = dates.filter((d) => bookable.has(d));
      const target = event.key === "Home" ? list[0] : list[list.length - 1];
      if (target) focusDay(target);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="-mx-1.5">
        <table
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a table with role="grid" is the WAI-ARIA grid pattern of date pickers: its th and td become column headers and gridcells, and arrow keys move between the day buttons
          role="grid"
          aria-label={`Available days, ${calendarWindowText()}`}
          className="w-full table-fixed border-separate border-spacing-1.5"
        >
          <thead>
            <tr>
              {COLUMNS.map((weekday) => (
                <th
                  key={weekday}
                  scope="col"
                  aria-label={WEEKDAY_NAMES[weekday]}
                  className="py-1 text-center font-semibold text-slate-600 text-xs uppercase"
                >
                  {WEEKDAY_NAMES[weekday]?.slice(0, 3)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]}>
                {week.map((date) =>
                  date < startDate || date > endDate ? (
                    <td key={date} />
                  ) : (
                    <td key={date} className="p-0">
                      <DayButton
                        date={date}
                        day={summary[date]}
                        isSelected={date === selectedDate}
                        selectedCount={selectedCounts.get(date) ?? 0}
                        showMonth={date === startDate || dayOfMonth(date) === 1}
                        isTabStop={date === tabStop}
                        markLabel={marked?.date === date ? marked.label : undefined}
                        buttonRef={(node) => {
                          if (node) buttons.current.set(date, node);
                          else buttons.current.delete(date);
                        }}
                        onClick={() => {
                          setFocusDate(date);
                          onSelectDate(date);
                        }}
                        onKeyDown={(event) => onKeyDown(event, date)}
                      />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CalendarLegend markLabel={marked?.label} />
    </div>
  );
}

type DayButtonProps = {
  date: string;
  day: DaySummary | undefined;
  isSelected: boolean;
  selectedCount: number;
  showMonth: boolean;
  isTabStop: boolean;
  markLabel?: string;
  buttonRef: (node: HTMLButtonElement | null) => void;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
};

/** One day: coloured by what it offers, with its slot count and a dot when it has chosen lessons. */
function DayButton({
  date,
  day,
  isSelected,
  selectedCount,
  showMonth,
  isTabStop,
  markLabel,
  buttonRef,
  onClick,
  onKeyDown,
}: DayButtonProps) {
  const kind = dayAvailability(day);
  return (
    <button
      type="button"
      ref={buttonRef}
      data-availability={kind}
      aria-label={
        markLabel ? `${dayLabel(date, day, selectedCount)}, ${markLabel}` : dayLabel(date, day, selectedCount)
      }
      aria-pressed={isSelected}
      disabled={kind === "none"}
      tabIndex={isTabStop ? 0 : -1}
      onClick={onClick}
      onKeyDown={onKeyDown}
      className={cn(
        "relative flex aspect-square min-h-11 w-full flex-col items-center justify-center gap-0.5 rounded-xl border-2 leading-none transition-colors sm:aspect-auto sm:h-16",
        DAY_CLASSES[kind],
        isSelected && "border-brand-700 ring-2 ring-brand-700 ring-offset-1",
        markLabel && "outline-2 outline-slate-900 outline-dashed outline-offset-2",
      )}
    >
      {/* Every day keeps a line for the month, so the label never covers a number and days stay aligned. */}
      <span
        data-part={showMonth ? "month" : undefined}
        className="h-2.5 font-semibold text-[9px] uppercase sm:h-3 sm:text-[10px]"
      >
        {showMonth ? shortMonth(date) : null}
      </span>
      <span data-part="day" className="font-bold text-sm sm:text-base">
        {dayOfMonth(date)}
      </span>
      <span className="text-[11px] sm:text-xs">
        {kind === "none" ? "–" : (day?.totalSlots ?? 0)}
        <span className="hidden sm:inline"> {kind === "none" ? "" : "slots"}</span>
      </span>
      {selectedCount > 0 ? (
        <span className="absolute top-1 right-1 size-2 rounded-full bg-brand-700" />
      ) : null}
    </button>
  );
}

const LEGEND: { kind: DayAvailability; label: string }[] = [
  { kind: "pool", label: "Pool Hours only" },
  { kind: "standard", label: "Standard only" },
  { kind: "both", label: "Pool Hours and standard" },
  { kind: "none", label: "No times available" },
];

function CalendarLegend({ markLabel }: { markLabel?: string }) {
  return (
    <ul aria-label="Calendar legend" className="flex flex-wrap gap-x-4 gap-y-2 text-slate-700 text-sm">
      {LEGEND.map((item) => (
        <li key={item.kind} className="flex items-center gap-2">
          <span aria-hidden="true" className={cn("size-4 rounded border-2", DAY_CLASSES[item.kind])} />
          {item.label}
        </li>
      ))}
      <li className="flex items-center gap-2">
        <span aria-hidden="true" className="size-2 rounded-full bg-brand-700" />
        Has lessons in your selection
      </li>
      {markLabel ? (
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-4 rounded border-2 border-slate-900 border-dashed" />
          {markLabel}
        </li>
      ) : null}
    </ul>
  );
}
