import type { StudentLogbook } from "@kerb/shared";
import { LESSON_BONUS_CAP_HOURS, LESSON_MULTIPLIER, LOGBOOK_AGE_LIMIT } from "@kerb/shared/rules";
import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import Download from "lucide-react/icons/download";
import Moon from "lucide-react/icons/moon";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-error";
import { formatDate, formatTimeRange } from "@/lib/format";
import { formatMinutes } from "../utils/durations";
import { type LearnerSubject, type LearnerWords, learnerWords } from "../utils/learner-words";
import {
  CreditLines,
  DeclareOutsideLessonForm,
  OutsideLessonsList,
  SaferDriversCourseSection,
} from "./logbook-declarations";

const hours = (minutes: number) => Math.floor(minutes / 60);

/** Downloading the logbook record PDF: from the learner's own endpoint, or a guardian's for the learner. */
export type LogbookDownload = Pick<
  UseMutationResult<void, Error, void>,
  "mutate" | "isPending" | "isError" | "error"
>;

type LogbookCardProps = {
  query: UseQueryResult<StudentLogbook>;
  download: LogbookDownload;
  subject: LearnerSubject;
  /** The learner may declare lessons from other schools and their Safer Drivers Course; a guardian reads. */
  canDeclare?: boolean;
};

function LogbookLessons({ lessons, words }: { lessons: StudentLogbook["lessons"]; words: LearnerWords }) {
  if (lessons.length === 0) {
    return (
      <p className="text-slate-600 text-sm">
        Completed lessons with a verified instructor show up here, with the hours they add to {words.their}{" "}
        logbook.
      </p>
    );
  }
  // Newest first to read; the server credits them oldest first.
  return (
    <ul className="flex flex-col divide-y divide-slate-100" aria-label={`Lessons in ${words.their} logbook`}>
      {[...lessons].reverse().map((lesson) => (
        <li key={lesson.bookingId} className="flex flex-col gap-1 py-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium text-slate-900">
              {formatDate(lesson.startTime)} · {formatTimeRange(lesson.startTime, lesson.endTime)}
            </span>
            <span className="font-semibold text-brand-800">+{formatMinutes(lesson.creditedMinutes)}</span>
          </div>
          <span className="text-slate-600">
            {lesson.instructor.firstName} {lesson.instructor.lastName} · licence{" "}
            {lesson.instructor.licenseNumber}
          </span>
          <span className="flex flex-wrap items-center gap-2 text-slate-600">
            {lesson.nightMinutes > 0 ? (
              <span className="flex items-center gap-1">
                <Moon className="size-3.5" aria-hidden="true" />
                {formatMinutes(lesson.nightMinutes)} at night
              </span>
            ) : (
              <span>Daytime</span>
            )}
            {lesson.confirmed ? (
              <Badge tone="success">Confirmed</Badge>
            ) : (
              <Badge tone="neutral" wrap>
                Not yet confirmed: counts once the instructor confirms it
              </Badge>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The NSW logbook: hours towards 120 (20 at night) with progress bars, the lessons, and the PDF. The
 * logbook and its download come from whoever reads it: the learner, or a guardian following them.
 */
export function LogbookCard({ query, download, subject, canDeclare = false }: LogbookCardProps) {
  const words = learnerWords(subject);
  const logbook = query.data;

  return (
    <Card>
      <CardHeader
        title="NSW learner logbook"
        description={`Each lesson hour counts ${LESSON_MULTIPLIER} logbook hours for ${words.their} first ${LESSON_BONUS_CAP_HOURS} hours of lessons.`}
      />
      <CardContent className="flex flex-col gap-5">
        {query.isPending ? (
          <SkeletonGroup label={`Loading ${words.their} logbook…`} className="flex flex-col gap-3">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </SkeletonGroup>
        ) : query.isError ? (
          <ErrorState
            title={`We couldn't load ${words.their} logbook`}
            error={query.error}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : logbook ? (
          <>
            {logbook.totals.under25 ? (
              <div className="flex flex-col gap-4">
                <ProgressBar
                  label="Logbook hours from lessons"
                  value={Math.min(logbook.totals.creditedMinutes, logbook.requiredMinutes)}
                  maxValue={logbook.requiredMinutes}
                  valueLabel={`${hours(logbook.totals.creditedMinutes)} of ${hours(logbook.requiredMinutes)} h`}
                />
                <ProgressBar
                  label="Night hours"
                  value={Math.min(logbook.totals.creditedNightMinutes, logbook.requiredNightMinutes)}
                  maxValue={logbook.requiredNightMinutes}
                  valueLabel={`${hours(logbook.totals.creditedNightMinutes)} of ${hours(logbook.requiredNightMinutes)} h`}
                  tone="neutral"
                />
                <CreditLines lines={logbook.totals.lines} words={words} />
                <p className="text-slate-600 text-sm">
                  {formatMinutes(logbook.totals.creditedMinutes)} credited so far
                  {logbook.totals.bonusMinutesLeft > 0
                    ? `; ${words.their} next ${formatMinutes(logbook.totals.bonusMinutesLeft)} of lessons still count ${LESSON_MULTIPLIER} times.`
                    : "; lessons now count hour for hour."}{" "}
                  Log {words.their} other supervised driving in the logbook as usual.
                </p>
                <p className="text-slate-500 text-xs">
                  {logbook.totals.nightRule} {logbook.totals.requirementRule}
                </p>
              </div>
            ) : (
              <Alert tone="info" title={`No logbook needed at ${LOGBOOK_AGE_LIMIT} and over`}>
                Learners {LOGBOOK_AGE_LIMIT} and over don't log hours in NSW, so {words.their} lessons add
                none. They are still listed below.
              </Alert>
            )}
            {logbook.totals.ageUnknown ? (
              <Alert tone="warning" title={`We don't know ${words.their} date of birth`}>
                The logbook applies to learners under {LOGBOOK_AGE_LIMIT}: we've counted {words.them} as under{" "}
                {LOGBOOK_AGE_LIMIT}.{" "}
                {words.isSelf ? (
                  <>
                    <TextLink to={paths.student.account()}>Add your date of birth</TextLink> to be sure.
                  </>
                ) : (
                  `${words.They} can add it from their account to be sure.`
                )}
              </Alert>
            ) : null}
            <div className="flex flex-col gap-2">
              <Button
                variant="outline"
                onClick={() => download.mutate()}
                isLoading={download.isPending}
                loadingText="Preparing PDF…"
                icon={<Download className="size-4" aria-hidden="true" />}
                className="w-full sm:w-auto sm:self-start"
              >
                Download logbook PDF
              </Button>
              {download.isError ? (
                <Alert tone="error" title={`We couldn't download ${words.their} logbook record`}>
                  {errorMessage(download.error, "Please try again in a moment.")}
                </Alert>
              ) : null}
            </div>
            <LogbookLessons lessons={logbook.lessons} words={words} />
            <OutsideLessonsList lessons={logbook.outsideLessons} words={words} canRemove={canDeclare} />
            <SaferDriversCourseSection
              course={logbook.saferDriversCourse}
              words={words}
              editable={canDeclare}
            />
            {canDeclare ? <DeclareOutsideLessonForm /> : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
