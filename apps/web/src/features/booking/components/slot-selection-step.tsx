import type { Suburb } from "@kerb/shared";
import { sydneyDateOf } from "@kerb/shared/rules";
import { CalendarSearch, MapPin, Sparkles, UserRoundCheck } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton, SkeletonGroup, SkeletonRepeat } from "@/components/ui/skeleton";
import { formatIsoDate } from "@/lib/format";
import { calendarWindowText, poolWindowText } from "@/lib/policy-text";
import { type AvailabilityQuery, useAvailabilitySummary } from "../api/get-availability-summary";
import { calendarRange } from "../model/dates";
import {
  instructorName,
  type RateOption,
  type SelectedInstructor,
  type SelectedSlot,
} from "../model/wizard-state";
import { AvailabilityCalendar, dayAvailability } from "./availability-calendar";
import { SelectionPanel } from "./selection-panel";
import { SlotList } from "./slot-list";

type SlotSelectionStepProps = {
  suburb: Suburb;
  rateOption: RateOption;
  instructor: SelectedInstructor | null;
  selectedSlots: readonly SelectedSlot[];
  selectedDate: string | null;
  /** Shown above the calendar, e.g. which lessons were dropped after a failed payment. */
  notice?: ReactNode;
  onSelectDate: (date: string) => void;
  onToggleSlot: (slot: SelectedSlot) => void;
  onRemoveSlot: (slot: SelectedSlot) => void;
  onSwitchToPool: () => void;
  onPickInstructor: () => void;
  onChangeSuburb: () => void;
  onContinue: () => void;
};

export function SlotSelectionStep({
  suburb,
  rateOption,
  instructor,
  selectedSlots,
  selectedDate,
  notice,
  onSelectDate,
  onToggleSlot,
  onRemoveSlot,
  onSwitchToPool,
  onPickInstructor,
  onChangeSuburb,
  onContinue,
}: SlotSelectionStepProps) {
  const [range] = useState(() => calendarRange(new Date()));
  const isPool = rateOption === "pool_hours" || !instructor?.id;
  const source = isPool ? { poolHoursOnly: true } : { instructorId: instructor?.id ?? undefined };
  const availabilityQuery: AvailabilityQuery = { suburb, ...range, ...source };
  const summaryQuery = useAvailabilitySummary(availabilityQuery);
  const summary = summaryQuery.data;

  const selectedCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const slot of selectedSlots) {
      const date = sydneyDateOf(new Date(slot.startTime));
      counts.set(date, (counts.get(date) ?? 0) + 1);
    }
    return counts;
  }, [selectedSlots]);

  const hasAnyDay = summary ? Object.values(summary).some((d) => dayAvailability(d) !== "none") : false;
  const dayIsOpen =
    selectedDate !== null && summary !== undefined && dayAvailability(summary[selectedDate]) !== "none";
  const sourceName = isPool ? "Pool Hours" : instructor ? instructorName(instructor) : "";

  return (
    <div className="grid grid-cols-1 items-start gap-6 pb-44 lg:grid-cols-3 lg:pb-0">
      <div className="flex flex-col gap-6 lg:col-span-2">
        <Card>
          <CardContent className="flex flex-col gap-4">
            <div className="flex items-start gap-3">
              {isPool ? (
                <Sparkles className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
              ) : (
                <UserRoundCheck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
              )}
              <div className="flex flex-col gap-0.5">
                <p className="font-semibold text-slate-900">
                  {isPool ? "Showing Pool Hours times" : `Showing times with ${sourceName}`}
                </p>
                <p className="flex items-center gap-1 text-slate-600 text-sm">
                  <MapPin className="size-3.5" aria-hidden="true" />
                  {suburb}
                  {isPool
                    ? ` · weekdays ${poolWindowText()}, instructor auto-assigned`
                    : " · standard and pool times"}
                </p>
              </div>
            </div>
            <div className="flex flex-col gap-2 whitespace-nowrap sm:flex-row sm:flex-wrap">
              {isPool ? (
                <Button variant="outline" onClick={onPickInstructor}>
                  Pick an instructor instead
                </Button>
              ) : (
                <>
                  <Button variant="outline" onClick={onSwitchToPool}>
                    Switch to Pool Hours
                  </Button>
                  <Button variant="ghost" onClick={onPickInstructor}>
                    Change instructor
                  </Button>
                </>
              )}
            </div>
          </CardContent>
        </Card>

        {notice}

        <Card>
          <CardContent className="flex flex-col gap-4">
            <div className="flex flex-col gap-1">
              <h2 className="font-semibold text-lg text-slate-900">Choose a day</h2>
              <p className="text-slate-600 text-sm">
                {formatIsoDate(range.startDate)} to {formatIsoDate(range.endDate)}. Each day shows how many
                times are free.
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
            ) : !summary || !hasAnyDay ? (
              <EmptyState
                icon={<CalendarSearch className="size-6" />}
                title={`No available times in the ${calendarWindowText()}`}
                description={
                  isPool
                    ? `Pool Hours in ${suburb} are fully booked. Try picking an instructor, or another suburb.`
                    : `${sourceName} has no free times in ${suburb}. Try Pool Hours, another instructor or another suburb.`
                }
                action={
                  <div className="flex flex-col gap-2 sm:flex-row">
                    {isPool ? (
                      <Button onClick={onPickInstructor}>Pick an instructor instead</Button>
                    ) : (
                      <Button onClick={onSwitchToPool}>Switch to Pool Hours</Button>
                    )}
                    <Button variant="outline" onClick={onChangeSuburb}>
                      Choose another suburb
                    </Button>
                  </div>
                }
              />
            ) : (
              <AvailabilityCalendar
                startDate={range.startDate}
                endDate={range.endDate}
                summary={summary}
                selectedDate={selectedDate}
                selectedCounts={selectedCounts}
                onSelectDate={onSelectDate}
              />
            )}
          </CardContent>
        </Card>

        {hasAnyDay ? (
          <Card>
            <CardContent>
              {dayIsOpen && selectedDate ? (
                <SlotList
                  query={{ suburb, date: selectedDate, ...source }}
                  selection={selectedSlots}
                  onToggle={onToggleSlot}
                />
              ) : (
                <Alert tone="info" title="Pick a day to see its times">
                  Green days have Pool Hours, blue days have standard times and yellow days have both.
                </Alert>
              )}
            </CardContent>
          </Card>
        ) : null}
      </div>

      <SelectionPanel slots={selectedSlots} onRemove={onRemoveSlot} onContinue={onContinue} />
    </div>
  );
}
