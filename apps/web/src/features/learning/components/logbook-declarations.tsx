import {
  logbookDateIssue,
  type OutsideLessonView,
  outsideLessonRequest,
  type SaferDriversCourseView,
  saferDriversCourseRequest,
} from "@kerb/shared";
import { LESSON_BONUS_CAP_HOURS, SAFER_DRIVERS_COURSE_HOURS, sydneyTodayDate } from "@kerb/shared/rules";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { errorMessage, isApiError } from "@/lib/api-error";
import { formatDate } from "@/lib/format";
import {
  useDeclareOutsideLesson,
  useRecordSaferDriversCourse,
  useRemoveOutsideLesson,
  useRemoveSaferDriversCourse,
} from "../api/logbook-declarations";
import { formatMinutes } from "../utils/durations";
import type { LearnerWords } from "../utils/learner-words";

/** "2026-02-02" as the app writes dates, read as a Sydney calendar date. */
const formatCalendarDate = (date: string) => formatDate(`${date}T12:00:00+10:00`);

type Issues = Partial<Record<string, string>>;

/** The schema's and the date rule's issues by field, first per field: what the server would say. */
function issuesOf(parsed: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const found: Issues = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? "");
    if (!found[field]) found[field] = issue.message;
  }
  return found;
}

function serverIssues(error: unknown): Issues {
  const found: Issues = {};
  if (!isApiError(error)) return found;
  for (const issue of error.fieldIssues) {
    const field = issue.path.split(".")[0] ?? "";
    if (!found[field]) found[field] = issue.message;
  }
  return found;
}

/** The lessons declared from other schools: a guardian reads them, the learner can also take one back. */
export function OutsideLessonsList({
  lessons,
  words,
  canRemove,
}: {
  lessons: OutsideLessonView[];
  words: LearnerWords;
  canRemove: boolean;
}) {
  const remove = useRemoveOutsideLesson();
  if (lessons.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold text-slate-900 text-sm">Lessons with other schools</h3>
      {remove.isError ? (
        <Alert tone="error" title="We couldn't remove that lesson">
          {errorMessage(remove.error, "Please try again in a moment.")}
        </Alert>
      ) : null}
      <ul
        className="flex flex-col divide-y divide-slate-100"
        aria-label={`Lessons ${words.them} declared from other schools`}
      >
        {[...lessons].reverse().map((lesson) => (
          <li key={lesson.id} className="flex flex-col gap-1 py-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-slate-900">
                {formatCalendarDate(lesson.date)} · {lesson.school}
              </span>
              <span className="font-semibold text-brand-800">+{formatMinutes(lesson.creditedMinutes)}</span>
            </div>
            <span className="flex flex-wrap items-center gap-2 text-slate-600">
              {formatMinutes(lesson.minutes)} ·{" "}
              {lesson.structured ? "structured lesson" : "not a structured lesson"}
              {canRemove ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => remove.mutate(lesson.id)}
                  isLoading={remove.isPending && remove.variables === lesson.id}
                  loadingText="Removing…"
                  aria-label={`Remove the lesson of ${formatCalendarDate(lesson.date)} with ${lesson.school}`}
                >
                  Remove
                </Button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The learner declares a lesson taken with another driving school. */
export function DeclareOutsideLessonForm() {
  const mutation = useDeclareOutsideLesson();
  const structuredId = useId();
  const today = sydneyTodayDate(new Date());
  const empty = { school: "", date: "", minutes: "", structured: true };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Issues>({});

  const change = (field: keyof typeof empty, value: string | boolean) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    mutation.reset();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const payload = {
      school: values.school,
      date: values.date,
      minutes: values.minutes === "" ? Number.NaN : Number(values.minutes),
      structured: values.structured,
    };
    const parsed = outsideLessonRequest.safeParse(payload);
    const found = issuesOf(parsed);
    const dateIssue = logbookDateIssue(values.date, today);
    if (dateIssue && !found.date) found.date = dateIssue;
    setErrors(found);
    if (!parsed.success || Object.values(found).some(Boolean)) return;
    mutation.mutate(parsed.data, {
      onSuccess: () => setValues(empty),
      onError: (error) => setErrors(serverIssues(error)),
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Add a lesson from another school"
    >
      <h3 className="font-semibold text-slate-900 text-sm">Add a lesson from another school</h3>
      <p className="text-slate-600 text-sm">
        Structured lessons with any licensed instructor share the {LESSON_BONUS_CAP_HOURS}-hour 3-for-1 limit,
        so add them here to see your hours as Transport for NSW counts them.
      </p>
      {mutation.isSuccess ? <Alert tone="success">The lesson is in your logbook.</Alert> : null}
      {mutation.isError && !Object.values(errors).some(Boolean) ? (
        <Alert tone="error" title="We couldn't add the lesson">
          {errorMessage(mutation.error, "Please try again in a moment.")}
        </Alert>
      ) : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextField
          label="Driving school"
          value={values.school}
          error={errors.school}
          onChange={(event) => change("school", event.target.value)}
        />
        <TextField
          label="Date"
          type="date"
          max={today}
          value={values.date}
          error={errors.date}
          onChange={(event) => change("date", event.target.value)}
        />
        <TextField
          label="Length (minutes)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={values.minutes}
          error={errors.minutes}
          onChange={(event) => change("minutes", event.target.value)}
        />
      </div>
      <div className="flex items-start gap-3">
        <input
          id={structuredId}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
          checked={values.structured}
          onChange={(event) => change("structured", event.target.checked)}
        />
        <label htmlFor={structuredId} className="font-medium text-slate-900 text-sm">
          A structured lesson with a licensed driving instructor
        </label>
      </div>
      <div>
        <Button type="submit" variant="outline" isLoading={mutation.isPending} loadingText="Adding…">
          Add lesson
        </Button>
      </div>
    </form>
  );
}

/** The Safer Drivers Course: shown when recorded; the learner records it once, or takes it back. */
export function SaferDriversCourseSection({
  course,
  words,
  editable,
}: {
  course: SaferDriversCourseView | null;
  words: LearnerWords;
  editable: boolean;
}) {
  const record = useRecordSaferDriversCourse();
  const remove = useRemoveSaferDriversCourse();
  const today = sydneyTodayDate(new Date());
  const [completedOn, setCompletedOn] = useState("");
  const [error, setError] = useState<string | undefined>();

  if (course) {
    return (
      <div className="flex flex-col gap-2 text-sm">
        <h3 className="font-semibold text-slate-900">Safer Drivers Course</h3>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-slate-700">Completed on {formatCalendarDate(course.completedOn)}</span>
          <span className="font-semibold text-brand-800">+{formatMinutes(course.creditedMinutes)}</span>
        </div>
        {editable ? (
          <div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => remove.mutate()}
              isLoading={remove.isPending}
              loadingText="Removing…"
            >
              Remove the course
            </Button>
          </div>
        ) : null}
        {remove.isError ? (
          <Alert tone="error" title="We couldn't remove the course">
            {errorMessage(remove.error, "Please try again in a moment.")}
          </Alert>
        ) : null}
      </div>
    );
  }
  if (!editable) return null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = saferDriversCourseRequest.safeParse({ completedOn });
    const issue = parsed.success ? logbookDateIssue(completedOn, today) : issuesOf(parsed).completedOn;
    setError(issue ?? undefined);
    if (!parsed.success || issue) return;
    record.mutate(parsed.data, { onError: (e) => setError(serverIssues(e).completedOn) });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label="Safer Drivers Course">
      <h3 className="font-semibold text-slate-900 text-sm">Safer Drivers Course</h3>
      <p className="text-slate-600 text-sm">
        Completing it adds {SAFER_DRIVERS_COURSE_HOURS} hours to {words.their} logbook, once.
      </p>
      {record.isError && !error ? (
        <Alert tone="error" title="We couldn't record the course">
          {errorMessage(record.error, "Please try again in a moment.")}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="Completed on"
          type="date"
          max={today}
          value={completedOn}
          error={error}
          onChange={(event) => {
            setCompletedOn(event.target.value);
            setError(undefined);
            record.reset();
          }}
        />
        <Button type="submit" variant="outline" isLoading={record.isPending} loadingText="Recording…">
          Record the course
        </Button>
      </div>
    </form>
  );
}

/** How the credited hours are made up, one line per Transport for NSW rule. */
export function CreditLines({
  lines,
  words,
}: {
  lines: { rule: string; text: string; drivenMinutes: number; creditedMinutes: number }[];
  words: LearnerWords;
}) {
  if (lines.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label={`How ${words.their} hours are credited`}>
      {lines.map((line) => (
        <li key={line.rule} className="flex items-start justify-between gap-3 text-sm">
          <span className="text-slate-700">
            {line.text}
            {line.rule === "SAFER_DRIVERS_COURSE" ? null : (
              <span className="text-slate-500"> ({formatMinutes(line.drivenMinutes)} driven)</span>
            )}
          </span>
          <Badge tone={line.creditedMinutes > 0 ? "success" : "neutral"}>
            +{formatMinutes(line.creditedMinutes)}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
