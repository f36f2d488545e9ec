import type { InstructorLesson } from "@kerb/shared";
import Clock from "lucide-react/icons/clock";
import MapPin from "lucide-react/icons/map-pin";
import type { ReactNode } from "react";
import { DateTile } from "@/components/ui/date-tile";
import { PoolHoursBadge } from "@/components/ui/pool-hours-badge";
import { LearnerAssessmentSummary } from "@/features/learning";
import { formatDate, formatTimeRange } from "@/lib/format";
import { StudentContact } from "./student-contact";
import { TestPackLabel } from "./test-pack-label";

type LessonSummaryProps = {
  lesson: InstructorLesson;
  /** Today's schedule already says which day it is: show the time only. */
  showDate?: boolean;
  /** Badges or prices at the end of the first line. */
  aside?: ReactNode;
  /** Buttons and messages below the details. */
  footer?: ReactNode;
};

/**
 * One lesson as an instructor needs it: when, whether it is a driving-test package (its centre and test
 * time), who (with a call link) and what the learner told us of their driving, where, and whether it is
 * pool hours.
 */
export function LessonSummary({ lesson, showDate = true, aside, footer }: LessonSummaryProps) {
  const when = formatTimeRange(lesson.startTime, lesson.endTime);
  return (
    <div className="flex gap-4">
      <DateTile iso={lesson.startTime} className="self-start" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="flex items-center gap-1.5 font-semibold text-slate-900">
            <Clock className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            {showDate ? `${formatDate(lesson.startTime)} · ${when}` : when}
          </p>
          {aside || lesson.isPoolHours ? (
            <div className="flex flex-wrap items-center gap-2">
              {lesson.isPoolHours ? <PoolHoursBadge /> : null}
              {aside}
            </div>
          ) : null}
        </div>
        <TestPackLabel pack={lesson.testPack} />
        <StudentContact lesson={lesson} />
        <LearnerAssessmentSummary assessment={lesson.assessment} />
        <p className="flex items-start gap-1.5 text-slate-700 text-sm">
          <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="min-w-0 break-words">
            <span className="sr-only">Pickup: </span>
            {lesson.pickupLocation
              ? `${lesson.pickupLocation} (${lesson.suburb})`
              : `${lesson.suburb}, pickup to be arranged`}
          </span>
        </p>
        {footer}
      </div>
    </div>
  );
}
