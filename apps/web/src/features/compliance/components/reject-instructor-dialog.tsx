import type { AdminInstructor } from "@kerb/shared";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import { useId, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { cn } from "@/lib/cn";
import { useRejectInstructor } from "../api/reject-instructor";

type RejectInstructorDialogProps = {
  instructor: AdminInstructor | null;
  onClose: () => void;
  onRejected: (message: string) => void;
};

/** Rejecting needs a reason; it is kept in the audit log as the record of the decision. */
export function RejectInstructorDialog({ instructor, onClose, onRejected }: RejectInstructorDialogProps) {
  const mutation = useRejectInstructor();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const close = () => {
    setReason("");
    setError(null);
    mutation.reset();
    onClose();
  };

  const submit = () => {
    if (!instructor) return;
    const trimmed = reason.trim();
    if (!trimmed) {
      setError("A reason is required");
      return;
    }
    setError(null);
    mutation.mutate(
      { id: instructor.id, reason: trimmed },
      {
        onSuccess: ({ instructor: rejected }) => {
          onRejected(
            `${rejected.firstName} ${rejected.lastName} was rejected. Students can't find or book them.`,
          );
          close();
        },
      },
    );
  };

  const name = instructor ? `${instructor.firstName} ${instructor.lastName}` : "";
  return (
    <ConfirmDialog
      isOpen={instructor !== null}
      onOpenChange={(open) => !open && close()}
      title={`Reject ${name}`}
      description={
        instructor?.verificationStatus === "VERIFIED"
          ? "This removes a verified instructor from search. Their booked lessons are not cancelled."
          : "The instructor stays hidden from students."
      }
      confirmLabel="Reject instructor"
      confirmVariant="danger"
      pendingLabel="Rejecting…"
      onConfirm={submit}
      isPending={mutation.isPending}
      kind="form"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="font-medium text-slate-800 text-sm">
          Reason
        </label>
        <textarea
          id={id}
          rows={4}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className={cn(
            "block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2 text-base text-slate-900 shadow-xs",
            "focus:border-brand-600 focus-visible:outline-3 focus-visible:outline-brand-500/40",
            error && "border-red-600",
          )}
        />
        {error ? (
          <p id={`${id}-error`} className="flex items-start gap-1.5 font-medium text-red-700 text-sm">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-slate-600 text-sm">
            Kept in the audit log, e.g. “Licence number does not match the RMS record”.
          </p>
        )}
      </div>
      {mutation.isError ? (
        <ErrorState title="We couldn't reject this instructor" error={mutation.error} />
      ) : null}
    </ConfirmDialog>
  );
}
