import { dollarsToCents } from "@kerb/shared/rules";
import { HOLD_DURATION, plural } from "@kerb/shared/words";
import CreditCard from "lucide-react/icons/credit-card";
import Hourglass from "lucide-react/icons/hourglass";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ConsumerPrice } from "@/components/ui/consumer-price";
import type { StatusTone } from "@/components/ui/status-message";
import { paths } from "@/config/paths";
import { errorMessage, isApiError } from "@/lib/api-error";
import { formatDate, formatTimeOnDay, formatTimeRange, formatWeekday } from "@/lib/format";
import { useReleaseHeldPayment } from "../api/release-payment";
import type { HeldPayment } from "../model/held-payments";
import { PayHeldPaymentDialog } from "./pay-held-payment-dialog";

type HeldPaymentsCardProps = {
  groups: readonly HeldPayment[];
  /** The checkout the saved booking draft opened: paying it means finishing that booking. */
  draftPaymentId: string | null;
  now: number;
  onAnnounce: (message: string, tone?: StatusTone) => void;
};

/**
 * Lessons held for checkouts that were never paid, one group per checkout: pay for them or let them
 * go before the hold lapses (the expiry is shown in Sydney time).
 */
export function HeldPaymentsCard({ groups, draftPaymentId, now, onAnnounce }: HeldPaymentsCardProps) {
  if (groups.length === 0) return null;
  return (
    <Card className="border-amber-300">
      <CardHeader
        title="Waiting for payment"
        description={`These times are held for you for ${HOLD_DURATION} from checkout. Pay to book them, or release them so others can.`}
      />
      <CardContent className="pt-2">
        <ul className="divide-y divide-slate-100" aria-label="Checkouts waiting for payment">
          {groups.map((group) => (
            <HeldPaymentItem
              key={group.paymentId}
              group={group}
              isDraftCheckout={group.paymentId === draftPaymentId}
              now={now}
              onAnnounce={onAnnounce}
            />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function HeldPaymentItem({
  group,
  isDraftCheckout,
  now,
  onAnnounce,
}: {
  group: HeldPayment;
  isDraftCheckout: boolean;
  now: number;
  onAnnounce: (message: string, tone?: StatusTone) => void;
}) {
  const release = useReleaseHeldPayment();
  const [isPaying, setPaying] = useState(false);
  const count = plural(group.lessons.length, "lesson");
  // Each lesson's ex-GST price: the checkout's invoice lines, so the total shown is what paying charges.
  const lines = group.lessons.map((lesson) => dollarsToCents(lesson.price));
  const until = group.holdExpiresAt ? formatTimeOnDay(group.holdExpiresAt, now) : null;
  // The whole name is given, visible words first (an sr-only span's leading space would be lost).
  const which = `for ${count}${until ? ` held until ${until}` : ""}`;

  // A refusal (paid or lapsed meanwhile) refreshes the list, which takes this checkout and its error
  // away with it: the page says why instead. A failure on the way stays here, by its buttons.
  const isRefusal = isApiError(release.error) && release.error.status >= 400 && release.error.status < 500;

  function releaseTimes() {
    release.mutate(group.paymentId, {
      onSuccess: () =>
        onAnnounce(`Released ${count}: those times are free for others again. Nothing was charged.`),
      onError: (error) => {
        if (isApiError(error) && error.status >= 400 && error.status < 500) {
          const reason = errorMessage(error, "Please try again.");
          onAnnounce(
            `The times were not released. ${/[.!?]$/.test(reason) ? reason : `${reason}.`}`,
            "error",
          );
        }
      },
    });
  }

  return (
    <li className="flex flex-col gap-3 py-4">
      <p className="flex items-center gap-2 font-semibold text-amber-900">
        <Hourglass className="size-4 shrink-0" aria-hidden="true" />
        {group.holdExpiresAt && until ? (
          <span>
            Held until <time dateTime={group.holdExpiresAt}>{until}</time> (Sydney time)
          </span>
        ) : (
          "Held for you"
        )}
      </p>
      <ul className="flex flex-col gap-1 text-slate-700 text-sm">
        {group.lessons.map((lesson) => (
          // The price keeps its place on the right while the lesson's words wrap (phones).
          <li key={lesson.id} className="flex justify-between gap-x-3">
            <span className="min-w-0">
              {formatWeekday(lesson.startTime)} {formatDate(lesson.startTime)},{" "}
              {formatTimeRange(lesson.startTime, lesson.endTime)} with {lesson.instructor.firstName}{" "}
              {lesson.instructor.lastName}
            </span>
            <span className="shrink-0 text-right">
              <ConsumerPrice dollars={lesson.price} className="font-medium text-slate-900 tabular-nums" />
            </span>
          </li>
        ))}
      </ul>
      <p className="text-slate-600 text-sm">
        {count} · <ConsumerPrice cents={lines} className="font-semibold text-slate-900" />
      </p>
      {release.isError && !isRefusal ? (
        <Alert tone="error" title="The times were not released">
          {errorMessage(release.error, "Please check your connection and try again.")}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {isDraftCheckout ? (
          // The booking that opened this checkout is still saved: finish it there, through the same
          // invoice and card step it started on.
          <ButtonLink
            to={paths.student.bookLessons({ resume: true })}
            size="sm"
            icon={<CreditCard className="size-4" aria-hidden="true" />}
            aria-label={`Pay now ${which}`}
          >
            Pay now
          </ButtonLink>
        ) : (
          <Button
            size="sm"
            icon={<CreditCard className="size-4" aria-hidden="true" />}
            onClick={() => setPaying(true)}
            aria-label={`Pay now ${which}`}
          >
            Pay now
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          onClick={releaseTimes}
          isLoading={release.isPending}
          loadingText="Releasing…"
          aria-label={`Release ${which}`}
        >
          Release
        </Button>
      </div>
      {isPaying ? (
        <PayHeldPaymentDialog
          paymentId={group.paymentId}
          lessonCount={group.lessons.length}
          isOpen={isPaying}
          onOpenChange={setPaying}
          onDone={(message) => {
            setPaying(false);
            onAnnounce(message);
          }}
        />
      ) : null}
    </li>
  );
}
