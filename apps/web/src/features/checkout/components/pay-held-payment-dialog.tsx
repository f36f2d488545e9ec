import type { PaymentDetails } from "@kerb/shared";
import { GST_PERCENT, plural } from "@kerb/shared/words";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-error";
import { formatDollars } from "@/lib/format";
import { useConfirmHeldPayment } from "../api/confirm-batch-booking";
import { useHeldPayment } from "../api/get-held-payment";
import { useReleaseHeldPayment } from "../api/release-payment";

type PayHeldPaymentDialogProps = {
  paymentId: string;
  lessonCount: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Told what happened (paid, or released) once it has. */
  onDone: (message: string) => void;
};

/**
 * Paying for held lessons whose booking is no longer saved here. The server's invoice for the
 * checkout is shown first (subtotal, GST, total). A demo checkout has no card page, so paying is the
 * confirmation the wizard itself makes. A card checkout's page was handed to the booking that opened
 * it and cannot be reopened from here: the honest way on is to release the times and book again.
 */
export function PayHeldPaymentDialog({
  paymentId,
  lessonCount,
  isOpen,
  onOpenChange,
  onDone,
}: PayHeldPaymentDialogProps) {
  const payment = useHeldPayment(paymentId, { enabled: isOpen });
  const confirm = useConfirmHeldPayment();
  const release = useReleaseHeldPayment();
  const details = payment.data;
  const isOpenCheckout = details?.status === "PENDING";
  const canPayHere = isOpenCheckout && details.provider === "demo";
  const count = plural(lessonCount, "lesson");

  function act() {
    if (!details) return;
    if (canPayHere) {
      confirm.mutate(paymentId, {
        onSuccess: (paid) =>
          onDone(
            `Payment received: ${formatDollars(paid.amount)}. Your ${count} ${lessonCount === 1 ? "is" : "are"} booked.`,
          ),
      });
    } else {
      release.mutate(paymentId, {
        onSuccess: () =>
          onDone(`Released ${count}: those times are free for others again. Nothing was charged.`),
      });
    }
  }

  const failure = confirm.error ?? release.error;
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={canPayHere || !details ? "Pay for your held lessons" : "Book these times again"}
      description={count}
      // Not "Cancel": on a page about lessons that reads as cancelling them.
      cancelLabel="Not now"
      confirmLabel={canPayHere && details ? `Pay ${formatDollars(details.amount)}` : "Release times"}
      pendingLabel={canPayHere ? "Paying…" : "Releasing…"}
      isPending={confirm.isPending || release.isPending}
      isConfirmDisabled={!isOpenCheckout}
      onConfirm={act}
    >
      {payment.isPending ? (
        <SkeletonGroup label="Loading the invoice…">
          <Skeleton className="h-24 w-full rounded-xl" />
        </SkeletonGroup>
      ) : payment.isError ? (
        <Alert tone="error" title="We couldn't load this payment">
          {errorMessage(payment.error, "Please check your connection and try again.")}
        </Alert>
      ) : !isOpenCheckout ? (
        <p>
          This checkout is no longer waiting for payment. Close this and your lessons will show as they are
          now.
        </p>
      ) : (
        <>
          {canPayHere ? null : (
            <p>
              The card page for this checkout was opened by a booking that is no longer saved on this device,
              so it can't be reopened here. Release these times, then book them again to pay.
            </p>
          )}
          <Totals payment={details} />
        </>
      )}
      {failure ? (
        <Alert tone="error" title={confirm.error ? "Payment not made" : "The times were not released"}>
          {errorMessage(failure, "Please check your connection and try again.")}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}

function Totals({ payment }: { payment: PaymentDetails }) {
  const rows: Array<[string, number]> = [
    ["Subtotal", payment.subtotal],
    [`GST (${GST_PERCENT})`, payment.gst],
    ["Total", payment.amount],
  ];
  return (
    <dl className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 bg-slate-50 px-4">
      {rows.map(([term, value]) => (
        <div key={term} className="flex items-baseline justify-between gap-4 py-2.5">
          <dt className="text-slate-600">{term}</dt>
          <dd className="text-right font-semibold text-slate-900 tabular-nums">{formatDollars(value)} AUD</dd>
        </div>
      ))}
    </dl>
  );
}
