import { type AdminInstructor, rejectInstructorRequest } from "@kerb/shared";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { ReasonField } from "@/components/ui/reason-field";
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

  const close = () => {
    setReason("");
    setError(null);
    mutation.reset();
    onClose();
  };

  const submit = () => {
    if (!instructor) return;
    // The schema the API checks with: a blank reason is refused here in its words, before anything is sent.
    const parsed = rejectInstructorRequest.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "A reason is required");
      return;
    }
    setError(null);
    mutation.mutate(
      { id: instructor.id, reason: parsed.data.reason },
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
      <ReasonField
        value={reason}
        onChange={setReason}
        error={error}
        hint="Kept in the audit log, e.g. “Licence number does not match the RMS record”."
      />
      {mutation.isError ? (
        <ErrorState title="We couldn't reject this instructor" error={mutation.error} />
      ) : null}
    </ConfirmDialog>
  );
}
