import type { StudentProgress } from "@kerb/shared";
import { daysBetween, sydneyTodayDate } from "@kerb/shared/rules";
import { skillLevelLabels } from "@kerb/shared/words";
import CalendarCheck from "lucide-react/icons/calendar-check";
import Car from "lucide-react/icons/car";
import Star from "lucide-react/icons/star";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { StatTile } from "@/components/ui/stat-tile";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { formatDate, formatIsoDate, formatTimeRange } from "@/lib/format";
import { formatMinutes } from "../utils/durations";
import { type LearnerSubject, type LearnerWords, learnerWords } from "../utils/learner-words";
import { SkillLevelBadge, SkillLevelMeter } from "./skill-level-badge";

// The learner's progress, read by the learner (subject "you") on their Progress page or by a guardian
// following them (subject { firstName }) on /guardian: the same cards, worded for the reader.
type ProgressCardProps = { progress: StudentProgress; subject: LearnerSubject };

/** How many of "what to work on next" are suggested. */
const NEXT_STEPS_SHOWN = 3;

function reasonText(reason: StudentProgress["nextSteps"][number]["reason"], words: LearnerWords) {
  if (reason === "FOCUS") return `${words.They} asked to work on this`;
  if (reason === "IN_PROGRESS") return "Under way: keep it going";
  return "Not covered yet";
}

function FocusBadge({ words }: { words: LearnerWords }) {
  return (
    <Badge tone="accent" icon={<Star className="size-3" aria-hidden="true" />}>
      {words.Their} focus
    </Badge>
  );
}

/** Lessons done and the driving test date, two tiles side by side. */
export function ProgressTiles({ progress, subject }: ProgressCardProps) {
  const words = learnerWords(subject);
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
            words.isSelf ? (
              <TextLink to={paths.student.account()}>Add your test date</TextLink>
            ) : (
              `${words.They} can add it from their account`
            )
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

/** The first few skills to work on: the learner's focus skills first. */
export function NextStepsCard({ progress, subject }: ProgressCardProps) {
  const words = learnerWords(subject);
  const steps = progress.nextSteps.slice(0, NEXT_STEPS_SHOWN);
  return (
    <Card>
      <CardHeader
        title="What to work on next"
        description={`From ${words.their} instructors' lesson records.`}
      />
      <CardContent className="pt-3">
        {steps.length === 0 ? (
          <p className="text-slate-700">
            Every skill is marked competent.{" "}
            {words.isSelf ? "Time to book your test!" : `Time for ${words.them} to book the driving test!`}
          </p>
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
                    {step.isFocus ? <FocusBadge words={words} /> : null}
                  </p>
                  <p className="text-slate-600 text-sm">
                    {reasonText(step.reason, words)}
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

/** Every skill with the level from the latest lesson that covered it. */
export function SkillsCard({ progress, subject }: ProgressCardProps) {
  const words = learnerWords(subject);
  return (
    <Card>
      <CardHeader
        title={`${words.Their} skills`}
        description="The level from the latest lesson that covered each one."
      />
      <CardContent className="pt-2">
        <ul className="flex flex-col divide-y divide-slate-100">
          {progress.skills.map((skill) => (
            // On a phone the level goes under the name on every row, not only where the name is long.
            <li
              key={skill.skill}
              className="flex flex-col gap-1.5 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
            >
              <div className="flex min-w-0 flex-col gap-0.5">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  {skill.skill}
                  {skill.isFocus ? <FocusBadge words={words} /> : null}
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

/** The instructors' lesson records, newest first: when, with whom, the skills and the note. */
export function LessonNotesCard({ progress, subject }: ProgressCardProps) {
  const words = learnerWords(subject);
  return (
    <Card>
      <CardHeader
        title={`From ${words.their} lessons`}
        description={`What ${words.their} instructors recorded, newest first.`}
      />
      <CardContent className="pt-2">
        {progress.recentRecords.length === 0 ? (
          <p className="text-slate-600 text-sm">
            {words.isSelf
              ? "After each lesson your instructor records what you practised."
              : `After each lesson the instructor records what ${words.them} practised.`}{" "}
            It will show up here.
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
