import type { TestPackOption } from "@kerb/shared";
import { formatRating } from "@kerb/shared/rules";
import Star from "lucide-react/icons/star";
import { Button } from "@/components/ui/button";
import { ConsumerPrice } from "@/components/ui/consumer-price";
import { formatTime, formatTimeRange } from "@/lib/format";

type TestPackOptionCardProps = {
  option: TestPackOption;
  centreName: string;
  onBook: () => void;
  isBooking: boolean;
  /** Given when the learner has an unused test-pack credit: the pack booked with it, no card. */
  onUseCredit?: (() => void) | undefined;
  isUsingCredit?: boolean;
  disabled: boolean;
};

/** One instructor who can take the learner to their test: their plan of the day and the price. */
export function TestPackOptionCard({
  option,
  centreName,
  onBook,
  isBooking,
  onUseCredit,
  isUsingCredit = false,
  disabled,
}: TestPackOptionCardProps) {
  const { plan } = option;
  const name = `${option.firstName} ${option.lastName}`;
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-lg text-slate-900">{name}</h3>
          {option.rating !== null ? (
            <span className="inline-flex items-center gap-1 text-slate-600 text-sm">
              <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
              <span className="sr-only">Rating: </span>
              <span className="font-semibold text-slate-900">{formatRating(option.rating)}</span>
              <span className="sr-only"> out of 5</span>
            </span>
          ) : null}
        </div>
        <ol className="flex flex-col gap-1 text-slate-700 text-sm" aria-label={`${name}'s plan for the day`}>
          <li>
            <span className="font-medium text-slate-900">Pick-up {formatTime(plan.pickupAt)}</span>
            {plan.warmUp ? `: warm-up lesson ${formatTimeRange(plan.warmUp.start, plan.warmUp.end)}` : null}
          </li>
          <li>
            At {centreName} by {formatTime(plan.arriveBy)} ({plan.toCentreMinutes} min drive)
          </li>
          <li>Your test at {formatTime(plan.test.start)}</li>
          <li>Back at your pick-up about {formatTime(plan.dropOffAt)}</li>
        </ol>
      </div>
      <div className="flex flex-col gap-2 sm:items-end">
        <ConsumerPrice dollars={option.priceExGst} className="font-semibold text-slate-900 text-xl" stacked />
        {onUseCredit ? (
          <Button
            onClick={onUseCredit}
            isLoading={isUsingCredit}
            disabled={disabled}
            aria-label={`Use my test-pack credit with ${option.firstName}`}
          >
            Use my test-pack credit
          </Button>
        ) : null}
        <Button
          variant={onUseCredit ? "outline" : "primary"}
          onClick={onBook}
          isLoading={isBooking}
          disabled={disabled}
        >
          {onUseCredit ? `Pay by card with ${option.firstName}` : `Book with ${option.firstName}`}
        </Button>
      </div>
    </li>
  );
}
