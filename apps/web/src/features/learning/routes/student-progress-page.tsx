import type { StudentProgress } from "@kerb/shared";
import { daysBetween, sydneyTodayDate } from "@kerb/shared/rules";
import { skillLevelLabels } from "@kerb/shared/words";
import CalendarCheck from "lucide-react/icons/calendar-check";
import Car from "lucide-react/icons/car";
import GraduationCap from "lucide-react/icons/graduation-cap";
import NotebookPen from "lucide-react/icons/notebook-pen";
import Star from "lucide-react/icons/star";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Container } from "@/components/ui/container";
import { DocumentTitle } from "@/components/ui/document-title";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { StatTile } from "@/components/ui/stat-tile";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { formatDate, formatIsoDate, formatTimeRange, lessonCount } from "@/lib/format";
import { useStudentProgress } from "../api/get-student-progress";
import { LogbookCard } from "../components/logbook-card";
import { SkillLevelBadge, SkillLevelMeter } from "../components/skill-level-badge";
import { formatMinutes } from "../utils/durations";

/** How many of "what to work on next" the page suggests. */
const NEXT_STEPS_SHOWN = 3;

const REASONS: Record<StudentProgress["nextSteps"][number]["reason"], string> = {
  FOCUS: "You asked to work on this",
  IN_PROGRESS: "Under way: keep it going",
  NOT_STARTED: "Not covered yet",
};

function FocusBadge() {
  return (
    <Badge tone="accent" icon={<Star className="size-3" aria-hidden="true" />}>
      Your focus
    </Badge>
  );
}

function Tiles({ progress }: { progress: StudentProgress }) {
  const today = sydneyTodayDate(new Date());
  const daysToTest = progress.targetTestDate ? daysBetween(today, progress.targetTestDate) : null;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4">
      <StatTile
        isCompact
        isRegion
        icon={<Car className="size-5" />}
        label="Lessons done"
        value={progress.lessonsCompleted}
        detail={`${formatMinutes(progress.minutesCompleted)} behind the wheel`}
      />
      <StatTile
        isCompact
        isRegion
        icon={<CalendarCheck className="size-5" />}
        label="Driving test"
        value={progress.targetTestDate ? formatIsoDate(progress.targetTestDate) : "Not set"}
        detail={
          daysToTest === null ? (
            <TextLink to={paths.student.account()}>Add your test date</TextLink>
          ) : daysToTest === 0 ? (
            "Today: good luck!"
          ) : daysToTest > 0 ? (
            `In ${daysToTest} ${daysToTest === 1 ? "day" : "days"}`
          ) : (
            "Passed this date"
          )
        }
      />
    </div>
  );
}

function NextSteps({ progress }: { progress: StudentProgress }) {
  const steps = progress.nextSteps.slice(0, NEXT_STEPS_SHOWN);
  return (
    <Card>
      <CardHeader title="What to work on next" description="From your instructors' lesson records." />
      <CardContent className="pt-3">
        {steps.length === 0 ? (
          <p className="text-slate-700">Every skill is marked competent. Time to book your test!</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {steps.map((step, index) => (
              <li
                key={step.skill}
                className={
                  step.isFocus
                    ? "flex items-start gap-3 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200"
                    : "flex items-start gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
                }
              >
                <span
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-white font-bold text-slate-900 text-sm ring-1 ring-slate-300"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <div className="flex min-w-0 flex-col gap-0.5">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                    {step.skill}
                    {step.isFocus ? <FocusBadge /> : null}
                  </p>
                  <p className="text-slate-600 text-sm">
                    {REASONS[step.reason]}
                    {step.level ? ` · now ${skillLevelLabels[step.level].toLowerCase()}` : ""}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function Skills({ progress }: { progress: StudentProgress }) {
  return (
    <Card>
      <CardHeader title="Your skills" description="The level from the latest lesson that covered each one." />
      <CardContent className="pt-2">
        <ul className="flex flex-col divide-y divide-slate-100">
          {progress.skills.map((skill) => (
            <li
              key={skill.skill}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1.5 py-3"
            >
              <div className="flex min-w-0 flex-col gap-0.5">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  {skill.skill}
                  {skill.isFocus ? <FocusBadge /> : null}
                </p>
                <p className="text-slate-600 text-sm">
                  {skill.lastPractisedAt
                    ? `Last practised ${formatDate(skill.lastPractisedAt)}`
                    : "Not practised yet"}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <SkillLevelMeter level={skill.level} />
                <span className="font-medium text-slate-800 text-sm sm:w-24 sm:text-right">
                  {skill.level ? skillLevelLabels[skill.level] : "Not started"}
                </span>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function RecentNotes({ progress }: { progress: StudentProgress }) {
  return (
    <Card>
      <CardHeader title="From your lessons" description="What your instructors recorded, newest first." />
      <CardContent className="pt-2">
        {progress.recentRecords.length === 0 ? (
          <p className="text-slate-600 text-sm">
            After each lesson your instructor records what you practised. It will show up here.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100">
            {progress.recentRecords.map((record) => (
              <li key={record.bookingId} className="flex flex-col gap-2 py-4">
                <p className="font-medium text-slate-900">
                  {formatDate(record.startTime)} · {formatTimeRange(record.startTime, record.endTime)}
                  <span className="font-normal text-slate-600">
                    {" "}
                    with {record.instructor.firstName} {record.instructor.lastName}
                  </span>
                </p>
                <ul className="flex flex-wrap gap-1.5" aria-label="Skills practised">
                  {record.skills.map(({ skill, level }) => (
                    <li key={skill}>
                      <SkillLevelBadge skill={skill} level={level} />
                    </li>
                  ))}
                </ul>
                {record.note ? (
                  <p className="whitespace-pre-line rounded-xl bg-slate-50 p-3 text-slate-700 text-sm">
                    {record.note}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The learner's progress (issue 23): skills, what to work on next, lesson notes and the NSW logbook. */
export function StudentProgressPage() {
  const query = useStudentProgress();
  const progress = query.data;

  return (
    <Container className="flex flex-col gap-6 py-8 sm:gap-8 sm:py-12">
      <DocumentTitle title="Your progress" />
      <PageHeader
        eyebrow="Progress"
        title="Your progress"
        description="What each lesson covered, how far you are with every skill, and your logbook hours."
        actions={<ButtonLink to={paths.student.book()}>Book lessons</ButtonLink>}
      />
      {query.isPending ? (
        <SkeletonGroup label="Loading your progress…" className="flex flex-col gap-4">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-64 w-full" />
        </SkeletonGroup>
      ) : query.isError ? (
        <ErrorState
          title="We couldn't load your progress"
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : progress ? (
        <>
          <Tiles progress={progress} />
          {progress.lessonsCompleted === 0 ? (
            <EmptyState
              icon={<GraduationCap className="size-6" />}
              title="Your progress starts with your first lesson"
              description="After each lesson your instructor records the skills you practised. Book a lesson to get going."
              action={<ButtonLink to={paths.student.book()}>Book lessons</ButtonLink>}
            />
          ) : null}
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
            <div className="flex flex-col gap-6 lg:col-span-3">
              <NextSteps progress={progress} />
              <Skills progress={progress} />
              <RecentNotes progress={progress} />
            </div>
            <div className="flex flex-col gap-6 lg:col-span-2">
              <LogbookCard />
              <p className="flex items-start gap-2 text-slate-600 text-sm">
                <NotebookPen className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>
                  {lessonCount(progress.lessonsCompleted)} completed. Change the skills you want to focus on
                  from your <TextLink to={paths.student.account()}>account</TextLink>.
                </span>
              </p>
            </div>
          </div>
        </>
      ) : null}
    </Container>
  );
}
