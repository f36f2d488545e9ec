import { CANCEL_REASON_MAX_LENGTH, type InstructorLesson, instructorCancelLessonRequest } from "@kerb/shared";
import { creditsSpentOn } from "@kerb/shared/rules";
import { creditCount } from "@kerb/shared/words";
import { useId, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { textareaClasses } from "@/components/ui/field";
import { formatDate, formatDateTime, formatDollars, formatTimeRange } from "@/lib/format";
import { useCancelInstructorLesson } from "../api/cancel-instructor-lesson";
import { useStaffCancellationPreview } from "../api/get-staff-cancellation-preview";
import { studentName } from "../utils/lesson-timing";
import { StaffRefundPreview } from "./staff-refund-preview";

type InstructorCancelDialogProps = {
  lesson: InstructorLesson;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The finished cancellation's message, for the list above. */
  onCancelled: (message: string) => void;
};

/**
 * The instructor cancels a lesson: the server says what the student gets back (from the payment as it
 * stands), and the instructor tells the student why (required: it is quoted in the student's email).
 */
export function InstructorCancelDialog({
  lesson,
  isOpen,
  onOpenChange,
  onCancelled,
}: InstructorCancelDialogProps) {
  const mutation = useCancelInstructorLesson();
  const preview = useStaffCancellationPreview("instructor", lesson.id, { enabled: isOpen });
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const id = useId();
  const name = studentName(lesson);

  const close = (open: boolean) => {
    if (!open) {
      mutation.reset();
      setReason("");
      setReasonError(null);
    }
    onOpenChange(open);
  };

  const confirm = () => {
    // The schema the API checks with: the same words here before anything is sent.
    const parsed = instructorCancelLessonRequest.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? "Tell the student why you are cancelling");
      return;
    }
    setReasonError(null);
    mutation.mutate(
      { lessonId: lesson.id, reason: parsed.data.reason },
      {
        onSuccess: (result) => {
          close(false);
          const when = formatDateTime(lesson.startTime);
          onCancelled(
            result.bundleCreditReturned
              ? `Lesson with ${name} on ${when} cancelled. ${creditCount(creditsSpentOn(lesson.startTime, lesson.endTime))} went back to their bundle.`
              : `Lesson with ${name} on ${when} cancelled. ${name} has been refunded ${formatDollars(result.refund)}.`,
          );
        },
      },
    );
  };

  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={close}
      title="Cancel this lesson?"
      confirmLabel="Cancel lesson"
      confirmVariant="danger"
      cancelLabel="Keep lesson"
      pendingLabel="Cancelling…"
      onConfirm={confirm}
      isPending={mutation.isPending}
      isConfirmDisabled={!preview.data}
      kind="form"
    >
      <div className="flex flex-col gap-2 text-slate-700 text-sm leading-relaxed">
        <p>
          <strong className="text-slate-900">{name}</strong>, {formatDate(lesson.startTime)},{" "}
          {formatTimeRange(lesson.startTime, lesson.endTime)} in {lesson.suburb}.
        </p>
        <StaffRefundPreview preview={preview} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="font-medium text-slate-800 text-sm">
          Reason for {lesson.student.firstName}
        </label>
        <textarea
          id={id}
          rows={3}
          maxLength={CANCEL_REASON_MAX_LENGTH}
          value={reason}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={`${id}-help`}
          onChange={(event) => setReason(event.target.value)}
          className={textareaClasses}
        />
        <p id={`${id}-help`} className={reasonError ? "text-red-800 text-sm" : "text-slate-600 text-sm"}>
          {reasonError ?? `Sent to ${lesson.student.firstName} in the cancellation email.`}
        </p>
      </div>
      {mutation.isError ? <ErrorState title="We couldn't cancel this lesson" error={mutation.error} /> : null}
    </ConfirmDialog>
  );
}
