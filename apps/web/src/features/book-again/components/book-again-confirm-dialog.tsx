import type { BookAgainOffer, BookAgainSlot } from "@kerb/shared";
import { consumerPriceParts, dollarsToCents, lessonLengthLabel } from "@kerb/shared/rules";
import { plural } from "@kerb/shared/words";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ConsumerPrice } from "@/components/ui/consumer-price";
import { errorMessage } from "@/lib/api-error";
import { formatDate, formatTimeRange, formatWeekday } from "@/lib/format";

/** "1 Martin Place, Sydney CBD", or the suburb alone when the lesson had no address. */
export function pickupOf(offer: Pick<BookAgainOffer, "pickupLocation" | "suburb">): string {
  return offer.pickupLocation ? `${offer.pickupLocation}, ${offer.suburb}` : offer.suburb;
}

/** The confirm button's words: what pressing it spends. */
export function confirmLabel(offer: BookAgainOffer, slot: BookAgainSlot): string {
  if (offer.payment.method === "credits") {
    return `Confirm and use ${plural(offer.payment.creditsNeeded, "credit")}`;
  }
  return `Confirm and pay ${consumerPriceParts(dollarsToCents(slot.price)).total}`;
}

type BookAgainConfirmDialogProps = {
  offer: BookAgainOffer;
  /** The chosen time; the dialog is open while there is one. */
  slot: BookAgainSlot | null;
  onClose: () => void;
  onConfirm: () => void;
  isPending: boolean;
  /** Why the last attempt failed (a time just taken, a price changed): said in the dialog. */
  error: unknown;
  /** How a card payment is named: "Card", or a saved card ("Visa ending 4242") once there is one. */
  cardLabel?: string | undefined;
};

/**
 * The second step of book again: what will be booked (instructor, date, time, length, pickup), what it
 * costs with GST and how it is paid, then Confirm. Nothing is held until Confirm is pressed.
 */
export function BookAgainConfirmDialog({
  offer,
  slot,
  onClose,
  onConfirm,
  isPending,
  error,
  cardLabel = "Card",
}: BookAgainConfirmDialogProps) {
  const instructor = `${offer.instructor.firstName} ${offer.instructor.lastName}`;
  const { payment } = offer;
  return (
    <ConfirmDialog
      isOpen={slot !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Confirm your lesson"
      description={`Book again with ${instructor}.`}
      confirmLabel={slot ? confirmLabel(offer, slot) : "Confirm"}
      pendingLabel="Booking…"
      isPending={isPending}
      onConfirm={onConfirm}
      kind="form"
    >
      {slot ? (
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-slate-700 text-sm">
            <dt className="font-medium text-slate-500">Instructor</dt>
            <dd>{instructor}</dd>
            <dt className="font-medium text-slate-500">Date</dt>
            <dd>
              {formatWeekday(slot.startTime)} {formatDate(slot.startTime)}
            </dd>
            <dt className="font-medium text-slate-500">Time</dt>
            <dd>{formatTimeRange(slot.startTime, slot.endTime)}</dd>
            <dt className="font-medium text-slate-500">Length</dt>
            <dd>{lessonLengthLabel(offer.lessonMinutes)}</dd>
            <dt className="font-medium text-slate-500">Pickup</dt>
            <dd>{pickupOf(offer)}</dd>
            <dt className="font-medium text-slate-500">Price</dt>
            <dd>
              {payment.method === "credits" ? (
                <>
                  {plural(payment.creditsNeeded, "bundle credit")}{" "}
                  <span className="text-slate-500">(already paid, GST included)</span>
                </>
              ) : (
                <ConsumerPrice dollars={slot.price} className="font-semibold text-slate-900" />
              )}
            </dd>
            <dt className="font-medium text-slate-500">Paid with</dt>
            <dd>
              {payment.method === "credits"
                ? `Your bundle: ${plural(payment.creditsLeft, "credit")} left, ${plural(payment.creditsLeft - payment.creditsNeeded, "credit")} after this`
                : cardLabel}
            </dd>
          </dl>
          {error ? (
            <Alert tone="error" title="Not booked">
              {errorMessage(error, "We couldn't book this lesson. Please try again.")}
            </Alert>
          ) : null}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
