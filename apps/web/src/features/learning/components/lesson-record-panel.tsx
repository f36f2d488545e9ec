import {
  FOCUS_SKILLS,
  type InstructorLesson,
  LESSON_RECORD_NOTE_MAX_LENGTH,
  type LessonActionResponse,
  type LessonRecord,
  lessonRecordRequest,
  SKILL_LEVELS,
  type SkillLevel,
} from "@kerb/shared";
import { skillLevelLabels } from "@kerb/shared/words";
import BookCheck from "lucide-react/icons/book-check";
import NotebookPen from "lucide-react/icons/notebook-pen";
import { useId, useState } from "react";
import { Checkbox, ToggleButton, ToggleButtonGroup } from "react-aria-components";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { textareaClasses } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-error";
import { cn } from "@/lib/cn";
import { useSaveLessonRecord } from "../api/save-lesson-record";
import { SkillLevelBadge } from "./skill-level-badge";

type Levels = Partial<Record<string, SkillLevel>>;

const levelsOf = (record: LessonRecord | null | undefined): Levels =>
  Object.fromEntries((record?.skills ?? []).map(({ skill, level }) => [skill, level]));

/** The learner's focus skills first (they asked for them), then the rest in the spec's order. */
function skillOrder(focusSkills: readonly string[]): string[] {
  const isFocus = (skill: string) => focusSkills.includes(skill);
  return [...FOCUS_SKILLS.filter(isFocus), ...FOCUS_SKILLS.filter((skill) => !isFocus(skill))];
}

function RecordSummary({ record }: { record: LessonRecord }) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      <ul className="flex flex-wrap gap-1.5" aria-label="Skills recorded">
        {record.skills.map(({ skill, level }) => (
          <li key={skill}>
            <SkillLevelBadge skill={skill} level={level} />
          </li>
        ))}
      </ul>
      {record.note ? <p className="whitespace-pre-line text-slate-700">“{record.note}”</p> : null}
      <p className="flex items-center gap-1.5 text-slate-600">
        <BookCheck className="size-4 shrink-0" aria-hidden="true" />
        {record.logbookConfirmedAt
          ? "Confirmed as a structured lesson for the NSW logbook"
          : "Not confirmed for the NSW logbook"}
      </p>
    </div>
  );
}

type RecordFormProps = {
  lesson: InstructorLesson;
  onCancel: () => void;
  onSaved: (saved: LessonActionResponse) => void;
};

/** One row per skill with three level buttons, a short note and the logbook confirmation. */
function RecordForm({ lesson, onCancel, onSaved }: RecordFormProps) {
  const [levels, setLevels] = useState<Levels>(() => levelsOf(lesson.record));
  const [note, setNote] = useState(lesson.record?.note ?? "");
  const [confirm, setConfirm] = useState(lesson.record ? lesson.record.logbookConfirmedAt !== null : false);
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useSaveLessonRecord({ onSaved });
  const noteId = useId();
  const focusSkills: readonly string[] = lesson.assessment?.focusSkills ?? [];
  const skills = skillOrder(focusSkills);
  const first = lesson.student.firstName;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = lessonRecordRequest.safeParse({
      skills: skills.flatMap((skill) => {
        const level = levels[skill];
        return level ? [{ skill, level }] : [];
      }),
      note,
      confirmLogbook: confirm,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Check the record");
      return;
    }
    setProblem(null);
    mutation.mutate({ lessonId: lesson.id, record: parsed.data });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={`Lesson record for ${first}`}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold text-slate-900 text-sm">
          Skills practised: tap a level for each one you covered
        </legend>
        <ul className="flex flex-col divide-y divide-slate-100 rounded-xl border border-slate-200">
          {skills.map((skill) => {
            const isFocus = focusSkills.includes(skill);
            return (
              <li
                key={skill}
                className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="flex items-center gap-2 font-medium text-slate-900 text-sm">
                  {skill}
                  {isFocus ? <Badge tone="accent">Focus</Badge> : null}
                </span>
                <ToggleButtonGroup
                  aria-label={`${skill}: level`}
                  selectionMode="single"
                  selectedKeys={levels[skill] ? [levels[skill]] : []}
                  onSelectionChange={(keys) => {
                    const [level] = [...keys] as SkillLevel[];
                    setLevels((current) => ({ ...current, [skill]: level }));
                  }}
                  className="grid grid-cols-3 gap-1.5 sm:w-80"
                >
                  {SKILL_LEVELS.map((level) => (
                    <ToggleButton
                      key={level}
                      id={level}
                      className={({ isSelected, isFocusVisible }) =>
                        cn(
                          "min-h-11 rounded-lg border px-1 font-semibold text-[13px] leading-tight transition-colors sm:text-sm",
                          isSelected
                            ? "border-brand-600 bg-brand-600 text-white"
                            : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
                          isFocusVisible && "outline-3 outline-brand-500 outline-offset-2",
                        )
                      }
                    >
                      {skillLevelLabels[level]}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
              </li>
            );
          })}
        </ul>
      </fieldset>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={noteId} className="font-medium text-slate-800 text-sm">
          Note for {first} (optional)
        </label>
        <textarea
          id={noteId}
          rows={3}
          maxLength={LESSON_RECORD_NOTE_MAX_LENGTH}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          className={textareaClasses}
          aria-describedby={`${noteId}-count`}
        />
        <p id={`${noteId}-count`} className="text-right text-slate-500 text-xs">
          {note.length}/{LESSON_RECORD_NOTE_MAX_LENGTH}
        </p>
      </div>

      <Checkbox
        isSelected={confirm}
        onChange={setConfirm}
        className="group flex min-h-11 cursor-pointer items-start gap-3 text-slate-800 text-sm"
      >
        {({ isSelected, isFocusVisible }) => (
          <>
            <span
              aria-hidden="true"
              className={cn(
                "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-md border-2",
                isSelected ? "border-brand-600 bg-brand-600 text-white" : "border-slate-400 bg-white",
                isFocusVisible && "outline-3 outline-brand-500 outline-offset-2",
              )}
            >
              {isSelected ? "✓" : null}
            </span>
            <span>
              I confirm this was a structured lesson with me, a licensed instructor, for {first}'s NSW learner
              logbook.
            </span>
          </>
        )}
      </Checkbox>

      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {mutation.isError ? (
        <Alert tone="error" title="We couldn't save the record">
          {errorMessage(mutation.error, "Please try again in a moment.")}
        </Alert>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={mutation.isPending} loadingText="Saving…">
          Save record
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={mutation.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

type LessonRecordPanelProps = {
  lesson: InstructorLesson;
  /** Opened at once (right after the lesson was marked completed). */
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The record was saved: the lesson as the server now has it, for the lists to refresh. */
  onSaved: (saved: LessonActionResponse) => void;
};

/**
 * A completed lesson's record on the instructor's lesson: what it taught (skills with levels), a note,
 * and the logbook confirmation — recorded or edited in a minute on a phone.
 */
export function LessonRecordPanel({ lesson, isOpen, onOpenChange, onSaved }: LessonRecordPanelProps) {
  if (lesson.status !== "COMPLETED") return null;
  const record = lesson.record ?? null;
  return (
    <section
      aria-label="Lesson record"
      // Under the lesson's details on wider screens (past its date tile); the row's full width on phones.
      className="mt-3 flex max-w-3xl flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50/60 p-3 sm:ml-20 sm:p-4"
    >
      {isOpen ? (
        <RecordForm
          lesson={lesson}
          onCancel={() => onOpenChange(false)}
          onSaved={(saved) => {
            onOpenChange(false);
            onSaved(saved);
          }}
        />
      ) : record ? (
        <>
          <RecordSummary record={record} />
          <div>
            <Button
              size="sm"
              variant="outline"
              onClick={() => onOpenChange(true)}
              icon={<NotebookPen className="size-4" aria-hidden="true" />}
            >
              Edit record
            </Button>
          </div>
        </>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-700 text-sm">
            Record what {lesson.student.firstName} practised: it goes to their progress page and logbook.
          </p>
          <Button
            size="sm"
            onClick={() => onOpenChange(true)}
            icon={<NotebookPen className="size-4" aria-hidden="true" />}
            className="shrink-0"
          >
            Record lesson
          </Button>
        </div>
      )}
    </section>
  );
}
