import type { CancellationPreview, StudentProfileBooking } from "@kerb/shared";
import { creditsSpentOn } from "@kerb/shared/rules";
import { creditCount } from "@kerb/shared/words";
import { useQueryClient } from "@tanstack/react-query";
import RotateCw from "lucide-react/icons/rotate-cw";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { errorMessage, isApiError } from "@/lib/api-error";
import { formatDollars, lessonDescription } from "@/lib/format";
import { studentProfileQueryOptions } from "@/lib/student-profile";
import { isAlreadyCancelled, knownRefund, useCancelStudentLesson } from "../api/cancel-student-lesson";
import { useCancellationPreview } from "../api/get-cancellation-preview";
import { cancelledLessonRefund, refundText } from "../utils/lesson-status";

type StudentCancelDialogProps = {
  booking: StudentProfileBooking;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** `refundNote` says what came back ("Refunded $85.00 to your card"), when that is known. */
  onCancelled: (booking: StudentProfileBooking, refundNote: string | null) => void;
};

// A 4xx says the lesson cannot be cancelled (started, already cancelled, not found): asking again will
// not change that. Anything else (network, 5xx) may work on a second try.
const isFinal = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

/**
 * Cancelling one lesson: shows exactly what the server says would come back now (its sentence, and
 * the amount with its GST and where it goes, or the bundle credit) before the student confirms.
 */
export function StudentCancelDialog({
  booking,
  isOpen,
  onOpenChange,
  onCancelled,
}: StudentCancelDialogProps) {
  const preview = useCancellationPreview(booking.id, { enabled: isOpen });
  const cancel = useCancelStudentLesson();
  const queryClient = useQueryClient();
  // A second click can land before the mutation's pending state has re-rendered the button disabled:
  // this ref refuses it synchronously, so one confirmation sends one request.
  const sending = useRef(false);
  // A 409 "already cancelled" is being turned into the success it is (the profile re-read first).
  const [settling, setSettling] = useState(false);

  /** The lesson was cancelled already (this student's earlier request won): report it as done. */
  async function reportAlreadyCancelled() {
    setSettling(true);
    try {
      const known = knownRefund(queryClient, booking.id);
      const profile = await queryClient.fetchQuery({ ...studentProfileQueryOptions(), staleTime: 0 });
      const now = profile.bookings.find((b) => b.id === booking.id);
      if (now && now.status !== "CANCELLED") return; // not what the refusal said: the error stays
      onCancelled(
        booking,
        known
          ? refundText(known, undefined, Boolean(booking.testPack))
          : now
            ? cancelledLessonRefund(now, undefined)
            : null,
      );
    } catch {
      onCancelled(booking, null);
    } finally {
      setSettling(false);
    }
  }

  function confirm() {
    if (sending.current || cancel.isPending || settling) return;
    sending.current = true;
    cancel.mutate(booking.id, {
      onSuccess: (result) =>
        onCancelled(booking, refundText(result.refund, preview.data?.refundTo, Boolean(booking.testPack))),
      onError: (error) => {
        if (isAlreadyCancelled(error)) void reportAlreadyCancelled();
      },
      onSettled: () => {
        sending.current = false;
      },
    });
  }
  const refused = cancel.isError && !isAlreadyCancelled(cancel.error);

  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) cancel.reset();
        onOpenChange(open);
      }}
      title={booking.testPack ? "Cancel this test package?" : "Cancel this lesson?"}
      description={lessonDescription(booking)}
      confirmLabel="Cancel lesson"
      confirmVariant="danger"
      cancelLabel="Keep lesson"
      pendingLabel="Cancelling…"
      isPending={cancel.isPending || settling}
      isConfirmDisabled={!preview.data || (cancel.isError && isFinal(cancel.error))}
      onConfirm={confirm}
    >
      {preview.isPending ? (
        <SkeletonGroup label="Working out what you get back…">
          <div className="flex flex-col gap-3">
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-16 w-full rounded-xl" />
          </div>
        </SkeletonGroup>
      ) : preview.isError ? (
        <Alert
          tone="error"
          title="We couldn't check this lesson"
          action={
            isFinal(preview.error) ? null : (
              <Button
                variant="outline"
                size="sm"
                onClick={() => preview.refetch()}
                isLoading={preview.isFetching}
                icon={<RotateCw className="size-4" aria-hidden="true" />}
              >
                Try again
              </Button>
            )
          }
        >
          {errorMessage(preview.error, "Please check your connection and try again.")}
        </Alert>
      ) : (
        <RefundPreview preview={preview.data} />
      )}
      {refused ? (
        <Alert tone="error" title="The lesson was not cancelled">
          {errorMessage(cancel.error, "Please check your connection and try again.")}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function RefundPreview({ preview }: { preview: CancellationPreview }) {
  const isBundleLesson = preview.booking.bundleId !== null;
  // A driving-test package paid with a test-pack credit (no card payment): the credit comes back whole or not at all.
  const isCreditPack = Boolean(preview.booking.testPack) && preview.booking.paymentId === null;
  const rows: Array<[term: string, value: string]> = isCreditPack
    ? [["Test-pack credit", preview.creditReturned ? "Back to you" : "Stays used"]]
    : isBundleLesson
      ? [
          [
            "Bundle credits",
            `${creditCount(creditsSpentOn(preview.booking.startTime, preview.booking.endTime))}, ${
              preview.creditReturned ? "back to your bundle" : "forfeited"
            }`,
          ],
        ]
      : preview.refund.method === "CARD"
        ? [
            ["Refund", formatDollars(preview.refund.amount)],
            ["Of which GST", formatDollars(preview.refund.gst)],
            ["Paid back to", capitalise(preview.refundTo)],
          ]
        : [["Refund", "Nothing"]];
  return (
    <>
      <p className="font-medium text-slate-900">{preview.summary}</p>
      <dl className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 bg-slate-50 px-4">
        {rows.map(([term, value]) => (
          <div key={term} className="flex items-baseline justify-between gap-4 py-2.5">
            <dt className="text-slate-600">{term}</dt>
            <dd className="text-right font-semibold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
