import type { StudentProfileBooking } from "@kerb/shared";
import CalendarX from "lucide-react/icons/calendar-x";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { formatDate, formatDollars, formatTime } from "@/lib/format";
import { useCancelWeeklySeries, useSeriesCancellationPreview } from "../api/cancel-weekly-series";

type SeriesBooking = StudentProfileBooking & { series: NonNullable<StudentProfileBooking["series"]> };

/**
 * "Cancel all future lessons" of a weekly series (issue 34): the dialog lists every lesson still to come
 * with what cancelling it now gives back under the usual tiers, and the total, before the learner confirms.
 */
export function CancelSeriesAction({
  booking,
  onCancelled,
}: {
  booking: SeriesBooking;
  /** The finished cancellation's sentence, for the page's status note. */
  onCancelled?: ((message: string) => void) | undefined;
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        icon={<CalendarX className="size-4" aria-hidden="true" />}
        onClick={() => setOpen(true)}
        aria-label={`Cancel all future lessons of the weekly series with ${booking.instructor.firstName}`}
      >
        Cancel all future lessons
      </Button>
      {isOpen ? (
        <CancelSeriesDialog
          booking={booking}
          isOpen={isOpen}
          onOpenChange={setOpen}
          onCancelled={onCancelled}
        />
      ) : null}
    </>
  );
}

export function CancelSeriesDialog({
  booking,
  isOpen,
  onOpenChange,
  onCancelled,
}: {
  booking: SeriesBooking;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onCancelled?: ((message: string) => void) | undefined;
}) {
  const preview = useSeriesCancellationPreview(booking.series.id, { enabled: isOpen });
  const cancel = useCancelWeeklySeries();

  const close = (open: boolean) => {
    if (!open) cancel.reset();
    onOpenChange(open);
  };
  const confirm = () =>
    cancel.mutate(booking.series.id, {
      onSuccess: (result) => {
        close(false);
        const count = result.cancelled.length;
        onCancelled?.(
          count === 0
            ? "No lessons of this weekly series were left to cancel."
            : `${count === 1 ? "1 lesson" : `${count} lessons`} cancelled. ${
                result.refund.amount > 0
                  ? `${formatDollars(result.refund.amount)} is on its way back to your card.`
                  : ""
              }`.trim(),
        );
      },
    });

  const lessons = preview.data?.lessons ?? [];
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={close}
      title="Cancel all future lessons?"
      description={`Your weekly lesson with ${booking.instructor.firstName} ${booking.instructor.lastName}`}
      confirmLabel="Cancel all future lessons"
      confirmVariant="danger"
      cancelLabel="Keep lessons"
      pendingLabel="Cancelling…"
      isPending={cancel.isPending}
      isConfirmDisabled={!preview.data || lessons.length === 0}
      onConfirm={confirm}
    >
      {preview.isPending ? (
        <SkeletonGroup label="Working out what you get back…">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-16 w-full rounded-xl" />
        </SkeletonGroup>
      ) : preview.isError ? (
        <ErrorState title="We couldn't check this series" error={preview.error} />
      ) : (
        <>
          <p className="font-medium text-slate-900">{preview.data.summary}</p>
          {lessons.length > 0 ? (
            <dl className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 bg-slate-50 px-4">
              {lessons.map((lesson) => (
                <div key={lesson.id} className="flex items-baseline justify-between gap-4 py-2">
                  <dt className="text-slate-600">
                    {formatDate(lesson.startTime)}, {formatTime(lesson.startTime)}
                  </dt>
                  <dd className="text-right font-semibold text-slate-900 tabular-nums">
                    {lesson.refund.method === "CREDIT"
                      ? "Credit back"
                      : lesson.refund.amount > 0
                        ? formatDollars(lesson.refund.amount)
                        : "Nothing back"}
                  </dd>
                </div>
              ))}
              <div className="flex items-baseline justify-between gap-4 py-2.5">
                <dt className="font-semibold text-slate-900">Back to your card (incl. GST)</dt>
                <dd className="text-right font-semibold text-slate-900 tabular-nums">
                  {formatDollars(preview.data.refund.amount)}
                </dd>
              </div>
            </dl>
          ) : null}
        </>
      )}
      {cancel.isError ? <ErrorState title="The lessons were not cancelled" error={cancel.error} /> : null}
    </ConfirmDialog>
  );
}
