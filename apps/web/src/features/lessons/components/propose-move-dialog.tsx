import { MOVE_PROPOSAL_NOTE_MAX_LENGTH } from "@kerb/shared";
import { clockMinutes, formatSydneyTime, sydneyDateOf, sydneyWallTimeInstants } from "@kerb/shared/rules";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { Field, SelectField, TextField, textareaClasses } from "@/components/ui/field";
import { formatDate, formatTimeRange } from "@/lib/format";
import { type MoveProposer, useProposeLessonMove } from "../api/move-proposals";
import { lessonTimeWords, studentName } from "../utils/lesson-timing";

/** What the dialog needs of a lesson: an instructor's lesson or an admin's booking row. */
type ProposableLesson = {
  id: string;
  startTime: string;
  endTime: string;
  student: { firstName: string; lastName: string };
};

type ProposeMoveDialogProps = {
  lesson: ProposableLesson;
  /** The lesson's instructor, or an admin. */
  proposer: MoveProposer;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The finished proposal's message, for the list above. */
  onProposed: (message: string) => void;
};

/** "HH:MM" → minutes from midnight, or null. */
/**
 * The instructor proposes a new time for a lesson (a date and a start time, Sydney time; the lesson keeps
 * its length). The server decides whether the time is free and feasible, and its refusal is shown as
 * it is; nothing changes until the student accepts.
 */
export function ProposeMoveDialog({
  lesson,
  proposer,
  isOpen,
  onOpenChange,
  onProposed,
}: ProposeMoveDialogProps) {
  const mutation = useProposeLessonMove(proposer);
  const [date, setDate] = useState(() => sydneyDateOf(new Date(lesson.startTime)));
  const [time, setTime] = useState("");
  const [note, setNote] = useState("");
  /** Which of the two instants in the repeated DST-end hour (0: AEDT, the first; 1: AEST). */
  const [repeatIndex, setRepeatIndex] = useState(0);
  const [inputError, setInputError] = useState<string | null>(null);
  const name = studentName(lesson);
  const lengthMs = new Date(lesson.endTime).getTime() - new Date(lesson.startTime).getTime();
  const minutes = clockMinutes(time);
  // The night daylight saving ends shows 2:00–3:00 am twice: the proposer says which one they mean.
  const starts = minutes === null || !date ? [] : sydneyWallTimeInstants(date, minutes);

  const close = (open: boolean) => {
    if (!open) {
      mutation.reset();
      setTime("");
      setNote("");
      setRepeatIndex(0);
      setInputError(null);
    }
    onOpenChange(open);
  };

  const confirm = () => {
    const start = starts[Math.min(repeatIndex, starts.length - 1)];
    if (!start) {
      setInputError(
        minutes === null || !date
          ? "Choose a date and a start time"
          : "That time does not exist in Sydney: clocks go forward from 2:00 am to 3:00 am that night",
      );
      return;
    }
    setInputError(null);
    const request = {
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + lengthMs).toISOString(),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    mutation.mutate(
      { lessonId: lesson.id, request },
      {
        onSuccess: () => {
          close(false);
          onProposed(
            `New time proposed to ${name}: ${lessonTimeWords(request)}. The lesson stays where it is until they accept.`,
          );
        },
      },
    );
  };

  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={close}
      title="Propose a new time"
      confirmLabel="Send proposal"
      cancelLabel="Back"
      pendingLabel="Sending…"
      onConfirm={confirm}
      isPending={mutation.isPending}
      kind="form"
    >
      <p className="text-slate-700 text-sm leading-relaxed">
        <strong className="text-slate-900">{name}</strong>, now {formatDate(lesson.startTime)},{" "}
        {formatTimeRange(lesson.startTime, lesson.endTime)}. {lesson.student.firstName} is emailed and can
        accept or decline; nothing changes until they accept.
      </p>
      <div className="flex flex-wrap gap-4">
        <TextField label="New date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        <TextField
          label="Start time (Sydney)"
          type="time"
          step={3600}
          value={time}
          error={inputError ?? undefined}
          onChange={(e) => setTime(e.target.value)}
        />
        {starts.length > 1 ? (
          <SelectField
            label="Which one? (the clocks go back)"
            value={String(repeatIndex)}
            onChange={(e) => setRepeatIndex(Number(e.target.value))}
            options={starts.map((instant, index) => ({
              value: String(index),
              label: `${formatSydneyTime(instant)} (${index === 0 ? "first" : "second, after the clocks go back"})`,
            }))}
          />
        ) : null}
      </div>
      <Field label={`Note for ${lesson.student.firstName} (optional)`}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={MOVE_PROPOSAL_NOTE_MAX_LENGTH}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            className={textareaClasses}
          />
        )}
      </Field>
      {mutation.isError ? <ErrorState title="We couldn't propose that time" error={mutation.error} /> : null}
    </ConfirmDialog>
  );
}
