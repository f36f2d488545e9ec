import type { AvailabilitySummary } from "@kerb/shared";
import { sydneyDateOf } from "@kerb/shared/rules";
import { calendarWindowText } from "@kerb/shared/words";
import type { UseQueryResult } from "@tanstack/react-query";
import CalendarSearch from "lucide-react/icons/calendar-search";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton, SkeletonGroup, SkeletonRepeat } from "@/components/ui/skeleton";
import { formatIsoDate } from "@/lib/format";
import { AvailabilityCalendar, dayAvailability } from "./availability-calendar";

function hasOpenDay(summary: AvailabilitySummary | undefined): boolean {
  return summary ? Object.values(summary).some((day) => dayAvailability(day) !== "none") : false;
}

export function isOpenDay(summary: AvailabilitySummary | undefined, date: string | null): date is string {
  return date !== null && summary !== undefined && dayAvailability(summary[date]) !== "none";
}

export type CalendarCardProps = {
  /** The calendar's window and its summary query (`useCalendarAvailability`). */
  calendar: {
    range: { startDate: string; endDate: string };
    summaryQuery: Pick<
      UseQueryResult<AvailabilitySummary>,
      "isPending" | "isError" | "error" | "refetch" | "isFetching"
    >;
  };
  /** The summary to draw (the query's, possibly narrowed to one kind of lesson). */
  summary: AvailabilitySummary | undefined;
  selectedDate: string | null;
  selectedCounts: ReadonlyMap<string, number>;
  onSelectDate: (date: string) => void;
  marked?: { date: string; label: string };
  /** What a calendar without a single free day says, and the way on. */
  empty: { description: ReactNode; action?: ReactNode };
};

/**
 * The "Choose a day" card of the slot step (paid and credit mode) and rescheduling: the booking calendar
 * with its loading, failure and nothing-free states.
 */
export function CalendarCard({
  calendar: { range, summaryQuery },
  summary,
  selectedDate,
  selectedCounts,
  onSelectDate,
  marked,
  empty,
}: CalendarCardProps) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 className="font-semibold text-lg text-slate-900">Choose a day</h2>
          <p className="text-slate-600 text-sm">
            {formatIsoDate(range.startDate)} to {formatIsoDate(range.endDate)}. Each day shows how many times
            are free.
          </p>
        </div>
        {summaryQuery.isPending ? (
          <SkeletonGroup label="Loading the calendar…">
            <div className="grid grid-cols-7 gap-1.5">
              <SkeletonRepeat count={35}>
                <Skeleton className="aspect-square min-h-11 w-full rounded-xl sm:aspect-auto sm:h-16" />
              </SkeletonRepeat>
            </div>
          </SkeletonGroup>
        ) : summaryQuery.isError ? (
          <ErrorState
            title="We couldn't load the calendar"
            error={summaryQuery.error}
            onRetry={() => summaryQuery.refetch()}
            isRetrying={summaryQuery.isFetching}
          />
        ) : !summary || !hasOpenDay(summary) ? (
          <EmptyState
            icon={<CalendarSearch className="size-6" />}
            title={`No available times in the ${calendarWindowText()}`}
            description={empty.description}
            action={empty.action}
          />
        ) : (
          <AvailabilityCalendar
            startDate={range.startDate}
            endDate={range.endDate}
            summary={summary}
            selectedDate={selectedDate}
            selectedCounts={selectedCounts}
            onSelectDate={onSelectDate}
            marked={marked}
          />
        )}
      </CardContent>
    </Card>
  );
}

type DayTimesCardProps = {
  summary: AvailabilitySummary | undefined;
  selectedDate: string | null;
  /** Said until an open day is picked. */
  hint: ReactNode;
  className?: string;
  /** The picked day's times. */
  children: (date: string) => ReactNode;
};

/** Under the calendar: the picked day's times, or a hint to pick one. Nothing while no day is free. */
export function DayTimesCard({ summary, selectedDate, hint, className, children }: DayTimesCardProps) {
  if (!hasOpenDay(summary)) return null;
  return (
    <Card>
      <CardContent className={className}>
        {isOpenDay(summary, selectedDate) ? (
          children(selectedDate)
        ) : (
          <Alert tone="info" title="Pick a day to see its times">
            {hint}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

/** How many chosen lessons fall on each Sydney day: the calendar's dots. */
export function lessonsPerDay(slots: readonly { startTime: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const slot of slots) {
    const date = sydneyDateOf(new Date(slot.startTime));
    counts.set(date, (counts.get(date) ?? 0) + 1);
  }
  return counts;
}
