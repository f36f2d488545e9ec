import type { HeldLesson } from "@kerb/shared";
import {
  centsToDollars,
  creditsSpentOn,
  dollarsToCents,
  fullName,
  gstCents,
  type HeldLessonDecision,
} from "@kerb/shared/rules";
import { bookingStatusLabels, creditsGoBack } from "@kerb/shared/words";
import { useId, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { textareaClasses } from "@/components/ui/field";
import { formatDate, formatDollars, formatTimeRange } from "@/lib/format";
import { useDecideHeldLesson } from "../api/decide-held-lesson";

/** A held lesson and what the admin chose for it on the list (the dialog confirms it, with a note). */
export type HeldLessonChoice = { lesson: HeldLesson; decision: HeldLessonDecision };

type HeldLessonDialogProps = {
  choice: HeldLessonChoice | null;
  onClose: () => void;
  onDecided: (message: string) => void;
};

/** What the student paid by card for the lesson: its price plus GST. */
const withGst = (dollars: number) => {
  const cents = dollarsToCents(dollars);
  return formatDollars(centsToDollars(cents + gstCents(cents)));
};

/** What the decision does, said before the admin confirms it. */
function consequence({ lesson, decision }: HeldLessonChoice): string {
  const student = fullName(lesson.student);
  const instructor = fullName(lesson.instructor);
  const share = formatDollars(lesson.instructorShare);
  if (decision === "PAY") {
    const marked =
      lesson.status === "SCHEDULED"
        ? ". It is not marked yet, so they are reminded to mark it"
        : `: it is marked ${bookingStatusLabels[lesson.status].toLowerCase()} already, so the next run pays it`;
    return `${instructor} is paid their ${share} with the next payout once the lesson is marked${marked}. Nothing is refunded to ${student}.`;
  }
  const back =
    lesson.paidWith === "BUNDLE"
      ? `${creditsGoBack(creditsSpentOn(lesson.startTime, lesson.endTime), `${student}'s bundle`)}.`
      : `${withGst(lesson.price)} (${formatDollars(lesson.price)} plus GST) goes back to ${student}'s card.`;
  const earning =
    lesson.status === "SCHEDULED"
      ? `${instructor} earns nothing for it (the lesson was never marked).`
      : `${instructor}'s ${share} earning is reversed.`;
  return `${back} ${earning} The lesson is cancelled and ${student} is emailed.`;
}

/**
 * The admin decides a held lesson (decision 031): pay the instructor (the hold is lifted) or refund the
 * student (card with GST or the bundle credit; the earning reversed). Once, with a note for the audit log.
 */
export function HeldLessonDialog({ choice, onClose, onDecided }: HeldLessonDialogProps) {
  const mutation = useDecideHeldLesson();
  const [note, setNote] = useState("");
  const noteId = useId();
  const hintId = useId();
  const trimmed = note.trim();

  const close = () => {
    setNote("");
    mutation.reset();
    onClose();
  };

  const submit = () => {
    if (!choice || !trimmed) return;
    const { lesson, decision } = choice;
    mutation.mutate(
      { id: lesson.id, decision, note: trimmed },
      {
        onSuccess: (result) => {
          const student = fullName(lesson.student);
          const when = formatDate(lesson.startTime);
          onDecided(
            decision === "PAY"
              ? `${fullName(lesson.instructor)} will be paid ${formatDollars(lesson.instructorShare)} for ${student}'s lesson on ${when} with the next payout${lesson.status === "SCHEDULED" ? " once it is marked" : ""}.`
              : result.bundleCreditReturned
                ? `${student}'s lesson on ${when} is refunded: the credit went back to their bundle and they have been emailed.`
                : `${student}'s lesson on ${when} is refunded: ${formatDollars(result.refund)} goes back to their card and they have been emailed.`,
          );
          close();
        },
      },
    );
  };

  const lesson = choice?.lesson;
  const isPay = choice?.decision === "PAY";
  return (
    <ConfirmDialog
      isOpen={choice !== null}
      onOpenChange={(open) => !open && close()}
      title={isPay ? "Pay the instructor for this lesson?" : "Refund this lesson to the student?"}
      confirmLabel={isPay ? "Pay instructor" : "Refund student"}
      confirmVariant={isPay ? "primary" : "danger"}
      cancelLabel="Not now"
      pendingLabel="Saving…"
      onConfirm={submit}
      isPending={mutation.isPending}
      isConfirmDisabled={!trimmed}
      kind="form"
    >
      {choice && lesson ? (
        <div className="flex flex-col gap-2 text-slate-700 text-sm leading-relaxed">
          <p>
            <strong className="text-slate-900">{fullName(lesson.student)}</strong> with{" "}
            {fullName(lesson.instructor)}, {formatDate(lesson.startTime)},{" "}
            {formatTimeRange(lesson.startTime, lesson.endTime)}, {lesson.suburb}: {lesson.reasonText}.
          </p>
          <p className="rounded-lg bg-slate-50 p-3 text-slate-900">{consequence(choice)}</p>
          <p>The decision is final.</p>
        </div>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={noteId} className="font-medium text-slate-800 text-sm">
          Note (required)
        </label>
        <textarea
          id={noteId}
          rows={3}
          maxLength={500}
          required
          aria-describedby={hintId}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          className={textareaClasses}
        />
        <p id={hintId} className="text-slate-600 text-sm">
          Why you decided this. Kept in the audit log; the student and instructor do not see it.
        </p>
      </div>
      {mutation.isError ? <ErrorState title="We couldn't save this decision" error={mutation.error} /> : null}
    </ConfirmDialog>
  );
}
