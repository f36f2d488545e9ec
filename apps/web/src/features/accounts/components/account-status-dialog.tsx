import { type AdminUser, reactivateUserRequest, suspendUserRequest } from "@kerb/shared";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { ReasonField } from "@/components/ui/reason-field";
import { formatDollars, lessonCount } from "@/lib/format";
import { useChangeAccountStatus } from "../api/change-account-status";

type AccountStatusDialogProps = {
  /** The account to suspend (active) or reactivate (suspended); null when closed. */
  user: AdminUser | null;
  onClose: () => void;
  onDone: (message: string) => void;
};

/** What a suspension does, in the words the admin decides on. */
function suspendConsequences(user: AdminUser): string {
  const lessons =
    user.role === "INSTRUCTOR"
      ? "They are removed from search at once, and every lesson they are booked to teach is cancelled with a full refund to the student."
      : user.role === "STUDENT"
        ? "Every lesson they have booked is cancelled with a full refund (or the credit back to their bundle)."
        : "";
  return `They are signed out everywhere and cannot sign in until reactivated. ${lessons} Both sides of each cancelled lesson are emailed; your reason stays in the audit log.`.trim();
}

/** Suspending or reactivating an account needs a reason: it is kept in the audit log. */
export function AccountStatusDialog({ user, onClose, onDone }: AccountStatusDialogProps) {
  const { suspend, reactivate } = useChangeAccountStatus();
  const isSuspended = Boolean(user?.suspendedAt);
  const mutation = isSuspended ? reactivate : suspend;
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setReason("");
    setError(null);
    suspend.reset();
    reactivate.reset();
    onClose();
  };

  const submit = () => {
    if (!user) return;
    // The schema the API checks with: a blank reason is refused here in its words, before anything is sent.
    const parsed = (isSuspended ? reactivateUserRequest : suspendUserRequest).safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Give a reason");
      return;
    }
    setError(null);
    const trimmed = parsed.data.reason;
    const name = `${user.firstName} ${user.lastName}`;
    if (isSuspended) {
      reactivate.mutate(
        { id: user.id, reason: trimmed },
        {
          onSuccess: () => {
            onDone(`${name} is active again and can sign in. Cancelled lessons stay cancelled.`);
            close();
          },
        },
      );
    } else {
      suspend.mutate(
        { id: user.id, reason: trimmed },
        {
          onSuccess: ({ lessonsCancelled, refunded }) => {
            const lessons =
              lessonsCancelled === 0
                ? "No lessons were booked ahead."
                : `${lessonCount(lessonsCancelled)} cancelled${refunded > 0 ? `, ${formatDollars(refunded)} refunded to cards` : ""}.`;
            onDone(`${name} is suspended and signed out everywhere. ${lessons}`);
            close();
          },
        },
      );
    }
  };

  const name = user ? `${user.firstName} ${user.lastName}` : "";
  return (
    <ConfirmDialog
      isOpen={user !== null}
      onOpenChange={(open) => !open && close()}
      title={isSuspended ? `Reactivate ${name}` : `Suspend ${name}`}
      description={
        user
          ? isSuspended
            ? "They can sign in again. Nothing is restored: cancelled lessons stay cancelled."
            : suspendConsequences(user)
          : undefined
      }
      confirmLabel={isSuspended ? "Reactivate account" : "Suspend account"}
      confirmVariant={isSuspended ? "primary" : "danger"}
      pendingLabel={isSuspended ? "Reactivating…" : "Suspending…"}
      onConfirm={submit}
      isPending={mutation.isPending}
      kind="form"
    >
      <ReasonField
        value={reason}
        onChange={setReason}
        error={error}
        hint={
          isSuspended
            ? "Kept in the audit log, e.g. “Spoke with them; the complaint was resolved”."
            : "Kept in the audit log, not sent to anyone, e.g. “Three no-shows reported this month”."
        }
      />
      {mutation.isError ? (
        <ErrorState
          title={isSuspended ? "We couldn't reactivate this account" : "We couldn't suspend this account"}
          error={mutation.error}
        />
      ) : null}
    </ConfirmDialog>
  );
}
