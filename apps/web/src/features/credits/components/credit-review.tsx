import type { CreditBookingResponse } from "@kerb/shared";
import { dollarsToCents, formatConsumerPrice } from "@kerb/shared/rules";
import { CREDIT_LESSON_TERMS } from "@kerb/shared/words";
import ArrowLeft from "lucide-react/icons/arrow-left";
import Ticket from "lucide-react/icons/ticket";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { PoolHoursBadge } from "@/components/ui/pool-hours-badge";
import { StepActions } from "@/components/ui/step-frame";
import {
  CheckingSlotsStatus,
  creditCountText,
  paidWithCreditsText,
  RemovedSlotList,
  type SelectedSlot,
  selectionCredits,
  slotCredits,
  slotKey,
  slotPriceCents,
  slotTimeText,
} from "@/features/availability";
import { PickupAddressField } from "@/features/checkout";
import { formatDate, formatWeekday, lessonCount } from "@/lib/format";
import { useCreditBooking } from "../hooks/use-credit-booking";
import { bookWithCreditsLabel, creditsLeft } from "../model/credits";
import type { CreditBundle } from "./credit-slot-step";

/** "$53.63 incl. GST ($48.75 + GST) here", or "from …" when the chosen pool hours differ in price. */
function poolPriceText(slots: readonly SelectedSlot[]): string {
  const prices = slots.map(slotPriceCents);
  const lowest = Math.min(...prices);
  return `${prices.every((p) => p === lowest) ? "" : "from "}${formatConsumerPrice(lowest)} here`;
}

type CreditReviewProps = {
  bundle: CreditBundle;
  suburb: string;
  slots: readonly SelectedSlot[];
  onBack: () => void;
  onBooked: (result: CreditBookingResponse) => void;
  /** After taken times: drop these lessons and go back to the calendar. */
  onReturnToSlots: (removed: SelectedSlot[]) => void;
};

/**
 * Credit mode's invoice: the lessons, what pays for them ("Paid with bundle credits"), no price and no
 * GST (both were on the bundle's tax invoice), the pickup address and one button that books.
 */
export function CreditReview({
  bundle,
  suburb,
  slots,
  onBack,
  onBooked,
  onReturnToSlots,
}: CreditReviewProps) {
  const [pickup, setPickup] = useState(suburb);
  const { book, isBooking, failure, isCheckingSlots } = useCreditBooking({
    bundleId: bundle.id,
    suburb,
    slots,
    pickupLocation: pickup.trim() || suburb,
    onBooked,
  });
  const left = creditsLeft(bundle);
  const used = selectionCredits(slots);
  const after = left - used;
  const name = `${bundle.instructor.firstName} ${bundle.instructor.lastName}`;
  const poolSlots = slots.filter((slot) => slot.isPoolHours);

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardContent className="flex flex-col gap-6">
          <div className="flex flex-col gap-1">
            <h2 className="font-bold text-slate-900 text-xl">Lessons paid with bundle credits</h2>
            <p className="text-slate-600 text-sm">
              {bundle.totalLessons}-lesson bundle · {name} · {suburb}
            </p>
          </div>

          <ul className="flex flex-col divide-y divide-slate-100 text-sm" aria-label="Lessons to book">
            {slots.map((slot) => (
              <li
                key={slotKey(slot)}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5"
              >
                <span className="flex flex-col">
                  <span className="font-semibold text-slate-900">
                    {formatWeekday(slot.startTime)} {formatDate(slot.startTime)}
                  </span>
                  <span className="text-slate-700">{slotTimeText(slot)}</span>
                </span>
                <span className="flex items-center gap-3">
                  {slot.isPoolHours ? <PoolHoursBadge /> : null}
                  <span className="font-medium text-slate-700">{creditCountText(slotCredits(slot))}</span>
                </span>
              </li>
            ))}
          </ul>

          {poolSlots.length > 0 ? (
            <p className="rounded-xl bg-sky-50 p-3 text-sky-900 text-sm" data-testid="credit-pool-note">
              Pool hours cost less by card: {poolPriceText(poolSlots)}. A credit always counts as one lesson
              at your bundle's {formatConsumerPrice(dollarsToCents(bundle.pricePerLesson))}. To pay the pool
              price, book these times by card instead.
            </p>
          ) : null}

          <div className="ml-auto flex w-full max-w-sm flex-col gap-1.5 text-sm">
            <dl className="flex flex-col gap-1.5">
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">Lessons</dt>
                <dd className="tabular-nums">{slots.length}</dd>
              </div>
              <div className="flex justify-between gap-4 border-slate-200 border-t pt-2 text-base">
                <dt className="font-semibold text-slate-900">Payment</dt>
                <dd className="text-right font-bold text-slate-900" data-testid="credit-payment">
                  {paidWithCreditsText(Math.max(0, after))}
                </dd>
              </div>
            </dl>
            <p className="text-slate-500 text-xs">
              Nothing to pay now: the lessons and their GST were on your bundle's tax invoice.
            </p>
          </div>

          <PickupAddressField value={pickup} onChange={setPickup} disabled={isBooking} />

          <div className="flex flex-col gap-1.5 rounded-xl border border-slate-200 p-4 text-slate-700 text-sm">
            <h3 className="font-semibold text-slate-900">Terms for lessons paid with credits</h3>
            <ul className="list-disc pl-5 leading-relaxed">
              {CREDIT_LESSON_TERMS.map((term) => (
                <li key={term}>{term}</li>
              ))}
            </ul>
          </div>
        </CardContent>
      </Card>

      {isCheckingSlots ? <CheckingSlotsStatus /> : null}

      {after < 0 ? (
        <Alert tone="warning" title="More lessons than credits">
          {used === slots.length
            ? `This bundle has ${lessonCount(left)} left. Remove ${-after} to book the rest.`
            : `This bundle has ${creditCountText(left)} left. Remove lessons worth ${creditCountText(-after)} to book the rest.`}
        </Alert>
      ) : null}

      {failure ? (
        <Alert
          tone="error"
          title={failure.title}
          action={
            failure.removed.length > 0 ? (
              <Button
                variant="outline"
                onClick={() => onReturnToSlots(failure.removed)}
                icon={<ArrowLeft className="size-4" aria-hidden="true" />}
              >
                Remove them and choose again
              </Button>
            ) : undefined
          }
        >
          <p>{failure.message}</p>
          {failure.removed.length > 0 ? (
            <>
              <p className="mt-1">We'll take these out of your selection:</p>
              <RemovedSlotList slots={failure.removed} withInstructor={false} />
            </>
          ) : null}
          <p className="mt-1">No credits were used.</p>
        </Alert>
      ) : null}

      <StepActions>
        <p className="flex items-center justify-center gap-1.5 text-slate-600 text-sm sm:mr-auto">
          <Ticket className="size-4" aria-hidden="true" />
          No card needed.
        </p>
        <Button variant="outline" size="lg" onClick={onBack} disabled={isBooking}>
          Back to your times
        </Button>
        <Button
          size="lg"
          onClick={book}
          isLoading={isBooking}
          loadingText="Booking…"
          disabled={slots.length === 0 || after < 0 || isCheckingSlots}
          className="sm:min-w-40"
        >
          {bookWithCreditsLabel(slots.length)}
        </Button>
      </StepActions>
    </div>
  );
}
