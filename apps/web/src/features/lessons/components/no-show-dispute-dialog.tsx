import type { AdminBooking } from "@kerb/shared";
import { creditsSpentOn, type NoShowResolution } from "@kerb/shared/rules";
import {
  creditCount,
  creditsGoBack,
  INSTRUCTOR_SHARE_PERCENT,
  NO_SHOW_DISPUTE_WINDOW,
} from "@kerb/shared/words";
import { useId, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { textareaClasses } from "@/components/ui/field";
import { RadioCards } from "@/components/ui/radio-cards";
import { formatDate, formatDateTime, formatDollars, formatTimeRange } from "@/lib/format";
import { useResolveNoShowDispute } from "../api/resolve-no-show-dispute";

type NoShowDisputeDialogProps = {
  booking: AdminBooking | null;
  onClose: () => void;
  onResolved: (message: string) => void;
};

/**
 * An admin settles a student's no-show dispute: keep the lesson's value (nothing changes) or refund it
 * (the card gets the price plus GST back, or the credit goes back to the bundle, and the instructor's
 * earning is reversed). Either way once, with a note for the audit log.
 */
export function NoShowDisputeDialog({ booking, onClose, onResolved }: NoShowDisputeDialogProps) {
  const mutation = useResolveNoShowDispute();
  const [resolution, setResolution] = useState<NoShowResolution | null>(null);
  const [note, setNote] = useState("");
  const noteId = useId();
  const trimmed = note.trim();

  const close = () => {
    setResolution(null);
    setNote("");
    mutation.reset();
    onClose();
  };

  const submit = () => {
    if (!booking || !resolution || !trimmed) return;
    mutation.mutate(
      { id: booking.id, resolution, note: trimmed },
      {
        onSuccess: (result) => {
          const student = `${booking.student.firstName} ${booking.student.lastName}`;
          onResolved(
            resolution === "KEEP"
              ? `No-show kept. Nothing was refunded to ${student}.`
              : result.bundleCreditReturned
                ? `No-show refunded. ${creditCount(creditsSpentOn(booking.startTime, booking.endTime))} went back to ${student}'s bundle.`
                : `No-show refunded. ${student} gets ${formatDollars(result.refund)} back on their card.`,
          );
          close();
        },
      },
    );
  };

  const student = booking ? `${booking.student.firstName} ${booking.student.lastName}` : "";
  const instructor = booking ? booking.instructor.firstName : "";
  const paidWithCredit = booking?.bundleId !== null;
  const value = booking ? formatDollars(booking.price) : "";
  // A 2-hour lesson used 2 credits, and a refund gives both back.
  const credits = booking ? creditsSpentOn(booking.startTime, booking.endTime) : 1;
  return (
    <ConfirmDialog
      isOpen={booking !== null}
      onOpenChange={(open) => !open && close()}
      title="Settle this no-show dispute?"
      confirmLabel={resolution === "REFUND" ? "Refund the student" : "Keep the no-show"}
      confirmVariant={resolution === "REFUND" ? "danger" : "primary"}
      cancelLabel="Not now"
      pendingLabel="Saving…"
      onConfirm={submit}
      isPending={mutation.isPending}
      isConfirmDisabled={!resolution || !trimmed}
      kind="form"
    >
      {booking ? (
        <div className="flex flex-col gap-2 text-slate-700 text-sm leading-relaxed">
          <p>
            <strong className="text-slate-900">{student}</strong> with {booking.instructor.firstName}{" "}
            {booking.instructor.lastName}, {formatDate(booking.startTime)},{" "}
            {formatTimeRange(booking.startTime, booking.endTime)}, marked a no-show.
          </p>
          {booking.noShowDispute ? (
            <p>
              Students may dispute a no-show within {NO_SHOW_DISPUTE_WINDOW} of the lesson: this one until{" "}
              {formatDateTime(booking.noShowDispute.closesAt)}. The decision is final.
            </p>
          ) : null}
        </div>
      ) : null}
      <RadioCards<NoShowResolution>
        label="Decision"
        value={resolution}
        onChange={setResolution}
        size="lg"
        options={[
          {
            value: "KEEP",
            label: "Keep the no-show",
            description: `Nothing is refunded; ${instructor} keeps their ${INSTRUCTOR_SHARE_PERCENT} of ${value}.`,
          },
          {
            value: "REFUND",
            label: "Refund the student",
            description: paidWithCredit
              ? `${creditsGoBack(credits, `${student}'s bundle`)}; ${instructor}'s ${INSTRUCTOR_SHARE_PERCENT} is taken back.`
              : `${value} plus GST goes back to ${student}'s card; ${instructor}'s ${INSTRUCTOR_SHARE_PERCENT} is taken back.`,
          },
        ]}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={noteId} className="font-medium text-slate-800 text-sm">
          Note (required)
        </label>
        <textarea
          id={noteId}
          rows={3}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          className={textareaClasses}
        />
        <p className="text-slate-600 text-sm">What you found. Kept in the audit log.</p>
      </div>
      {mutation.isError ? (
        <ErrorState title="We couldn't settle this dispute" error={mutation.error} />
      ) : null}
    </ConfirmDialog>
  );
}
