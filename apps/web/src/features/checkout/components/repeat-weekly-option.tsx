import type { Suburb } from "@kerb/shared";
import Repeat from "lucide-react/icons/repeat";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { arrivalNotice } from "@/lib/arrival-notice";
import { formatTime, formatWeekday } from "@/lib/format";
import { WeeklySeriesDialog } from "./weekly-series-dialog";

/**
 * Offered once one time with a chosen instructor is picked: book it as a weekly lesson instead, the same
 * weekday and time for 2–12 weeks, planned and paid in one go (issue 34).
 */
export function RepeatWeeklyOption({
  instructor,
  suburb,
  slot,
}: {
  instructor: { id: string; firstName: string };
  suburb: Suburb;
  slot: { startTime: string; endTime: string };
}) {
  const [isOpen, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-brand-200 bg-brand-50 p-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-slate-800 text-sm">
        Same time every week? Book {formatWeekday(slot.startTime)}s at {formatTime(slot.startTime)} with{" "}
        {instructor.firstName} for up to 12 weeks in one payment.
      </p>
      <Button
        variant="outline"
        size="sm"
        icon={<Repeat className="size-4" aria-hidden="true" />}
        onClick={() => setOpen(true)}
      >
        Repeat weekly
      </Button>
      {isOpen ? (
        <WeeklySeriesDialog
          isOpen={isOpen}
          onOpenChange={setOpen}
          instructor={instructor}
          suburb={suburb}
          firstLesson={slot}
          onPaid={(message) => navigate(paths.student.dashboard(), { state: arrivalNotice(message) })}
        />
      ) : null}
    </div>
  );
}
