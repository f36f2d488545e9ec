import type { InstructorAvailability } from "@kerb/shared";
import { dollarsToCents, formatAud, instructorEarningsCents } from "@kerb/shared/rules";
import { INSTRUCTOR_SHARE_PERCENT, POOL_DISCOUNT, poolWindowText } from "@kerb/shared/words";
import Sparkles from "lucide-react/icons/sparkles";
import { Switch } from "react-aria-components";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { formatDollars } from "@/lib/format";
import { useUpdateInstructorSettings } from "../api/update-instructor-settings";
import { ChangeResult, useLatestChange } from "./change-result";

/** Pool-hour opt-in: saved as soon as the switch moves. */
export function PoolHoursCard({ availability }: { availability: InstructorAvailability }) {
  const mutation = useUpdateInstructorSettings();
  const { isLatest, markLatest } = useLatestChange("pool");
  const isOn = mutation.isPending ? Boolean(mutation.variables?.poolOptIn) : availability.poolOptIn;
  const earnedPerPoolHour = formatAud(instructorEarningsCents(dollarsToCents(availability.poolRate)));

  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <Sparkles className="size-5 text-amber-500" aria-hidden="true" />
            Pool hours
          </span>
        }
      />
      <CardContent className="flex flex-col gap-4">
        <p className="text-slate-700 text-sm leading-relaxed">
          Pool hours are weekdays, <strong>{poolWindowText({ withMinutes: true })}</strong>, when fewer
          students book. Students pay <strong>{POOL_DISCOUNT} less</strong> than your standard rate (
          {formatDollars(availability.poolRate)} instead of {formatDollars(availability.standardRate)} an
          hour) and you earn {INSTRUCTOR_SHARE_PERCENT} of that pool price:{" "}
          <strong>{earnedPerPoolHour} an hour</strong>. Pool lessons are assigned to opted-in instructors
          automatically.
        </p>
        {isOn ? null : (
          <p
            className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 font-medium text-amber-900 text-sm"
            data-testid="pool-hours-off"
          >
            You are not in pool hours, so no pool lessons are assigned to you. To join, turn on “Offer pool
            hours” below.
          </p>
        )}
        <Switch
          isSelected={isOn}
          isDisabled={mutation.isPending}
          onChange={(poolOptIn) => {
            markLatest();
            mutation.mutate({ poolOptIn });
          }}
          className="group flex min-h-11 cursor-pointer items-center gap-3 self-start font-medium text-slate-900 data-[disabled]:cursor-wait"
        >
          {({ isSelected, isFocusVisible }) => (
            <>
              <span
                aria-hidden="true"
                className={cn(
                  "flex h-7 w-12 shrink-0 items-center rounded-full p-1 transition-colors",
                  isSelected ? "bg-brand-600" : "bg-slate-300",
                  isFocusVisible && "outline-3 outline-brand-500 outline-offset-2",
                )}
              >
                <span
                  className={cn(
                    "size-5 rounded-full bg-white shadow transition-transform",
                    isSelected ? "translate-x-5" : "translate-x-0",
                  )}
                />
              </span>
              Offer pool hours
              {mutation.isPending ? <Spinner className="size-4 text-brand-600" label="Saving…" /> : null}
            </>
          )}
        </Switch>
        {mutation.isError ? (
          <ErrorState title="We couldn't change pool hours" error={mutation.error} />
        ) : null}
        {mutation.isSuccess && isLatest ? (
          <ChangeResult
            success={mutation.data.availability.poolOptIn ? "Pool hours are on." : "Pool hours are off."}
            change={mutation.data}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
