import type { AdminBooking } from "@kerb/shared";
import { creditsSpentOn } from "@kerb/shared/rules";
import { creditCount } from "@kerb/shared/words";
import { useId, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { textareaClasses } from "@/components/ui/field";
import { formatDate, formatDollars, formatTimeRange } from "@/lib/format";
import { useCancelAdminLesson } from "../api/cancel-admin-lesson";
import { useStaffCancellationPreview } from "../api/get-staff-cancellation-preview";
import { StaffRefundPreview } from "./staff-refund-preview";

/** What the dialog needs of a lesson: the bookings list and the compliance follow-up list both have it. */
type CancellableBooking = Pick<
  AdminBooking,
  "id" | "startTime" | "endTime" | "price" | "suburb" | "paymentId" | "bundleId"
> & {
  student: { firstName: string; lastName: string };
  instructor: { firstName: string; lastName: string };
};

type AdminCancelDialogProps = {
  booking: CancellableBooking | null;
  onClose: () => void;
  onCancelled: (message: string) => void;
};

/**
 * An admin cancellation refunds the student in full (the server says how much, from the payment as it
 * stands); the optional reason goes to the audit log and the emails.
 */
export function AdminCancelDialog({ booking, onClose, onCancelled }: AdminCancelDialogProps) {
  const mutation = useCancelAdminLesson();
  const preview = useStaffCancellationPreview("admin", booking?.id ?? null);
  const [reason, setReason] = useState("");
  const id = useId();

  const close = () => {
    setReason("");
    mutation.reset();
    onClose();
  };

  const submit = () => {
    if (!booking) return;
    const trimmed = reason.trim();
    mutation.mutate(
      { id: booking.id, ...(trimmed ? { reason: trimmed } : {}) },
      {
        onSuccess: (result) => {
          const student = `${booking.student.firstName} ${booking.student.lastName}`;
          onCancelled(
            result.bundleCreditReturned
              ? `Booking cancelled. ${creditCount(creditsSpentOn(booking.startTime, booking.endTime))} went back to ${student}'s bundle.`
              : `Booking cancelled. ${student} has been refunded ${formatDollars(result.refund)}.`,
          );
          close();
        },
      },
    );
  };

  const student = booking ? `${booking.student.firstName} ${booking.student.lastName}` : "";
  return (
    <ConfirmDialog
      isOpen={booking !== null}
      onOpenChange={(open) => !open && close()}
      title="Cancel this booking?"
      confirmLabel="Cancel booking"
      confirmVariant="danger"
      cancelLabel="Keep booking"
      pendingLabel="Cancelling…"
      onConfirm={submit}
      isPending={mutation.isPending}
      isConfirmDisabled={!preview.data}
      kind="form"
    >
      {booking ? (
        <div className="flex flex-col gap-2 text-slate-700 text-sm leading-relaxed">
          <p>
            <strong className="text-slate-900">{student}</strong> with {booking.instructor.firstName}{" "}
            {booking.instructor.lastName}, {formatDate(booking.startTime)},{" "}
            {formatTimeRange(booking.startTime, booking.endTime)} in {booking.suburb}.
          </p>
          <StaffRefundPreview preview={preview} />
        </div>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="font-medium text-slate-800 text-sm">
          Reason (optional)
        </label>
        <textarea
          id={id}
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          className={textareaClasses}
        />
        <p className="text-slate-600 text-sm">Kept in the audit log.</p>
      </div>
      {mutation.isError ? (
        <ErrorState title="We couldn't cancel this booking" error={mutation.error} />
      ) : null}
    </ConfirmDialog>
  );
}
