import type { CreditBookingResponse } from "@kerb/shared";
import { creditsLeftText } from "@kerb/shared/words";
import CalendarCheck2 from "lucide-react/icons/calendar-check-2";
import Clock from "lucide-react/icons/clock";
import MapPin from "lucide-react/icons/map-pin";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ProgressBar } from "@/components/ui/progress-bar";
import { paths } from "@/config/paths";
import { formatDate, formatTimeRange, formatWeekday, lessonCount } from "@/lib/format";
import { creditsLeft, creditsUsedText } from "../model/credits";

type CreditConfirmationProps = {
  result: CreditBookingResponse;
  instructorName: string;
  onBookMore: () => void;
};

/** After a credit booking: the lessons booked and where the bundle stands now. */
export function CreditConfirmation({ result, instructorName, onBookMore }: CreditConfirmationProps) {
  const { bundle, bookings } = result;
  const left = creditsLeft(bundle);

  return (
    <div className="flex flex-col gap-6">
      <Alert tone="success" title={`${lessonCount(bookings.length)} booked with ${instructorName}`}>
        Paid with bundle credits: nothing was charged to your card.
      </Alert>

      <Card>
        <CardContent className="flex flex-col gap-5">
          <ul className="flex flex-col divide-y divide-slate-100" aria-label="Booked lessons">
            {bookings.map((booking) => (
              <li key={booking.id} className="flex items-start gap-3 py-3 text-sm">
                <CalendarCheck2 className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                <span className="flex flex-col gap-0.5">
                  <span className="font-semibold text-slate-900">
                    {formatWeekday(booking.startTime)} {formatDate(booking.startTime)}
                  </span>
                  <span className="flex items-center gap-1.5 text-slate-700">
                    <Clock className="size-3.5" aria-hidden="true" />
                    {formatTimeRange(booking.startTime, booking.endTime)}
                  </span>
                  {booking.pickupLocation ? (
                    <span className="flex items-center gap-1.5 text-slate-700">
                      <MapPin className="size-3.5" aria-hidden="true" />
                      <span className="sr-only">Pickup: </span>
                      {booking.pickupLocation}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>

          <div className="flex flex-col gap-2 rounded-xl bg-slate-50 p-4">
            <ProgressBar
              label="Bundle credits used"
              value={bundle.usedLessons}
              maxValue={Math.max(bundle.totalLessons, 1)}
              valueLabel={creditsUsedText(bundle)}
            />
            <p className="text-slate-600 text-sm">
              {left > 0
                ? `${creditsLeftText(left)} on this bundle, until ${formatDate(bundle.expiresAt)}.`
                : "Every credit of this bundle is now booked."}
            </p>
          </div>
        </CardContent>
      </Card>

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        {left > 0 ? (
          <Button variant="outline" size="lg" onClick={onBookMore}>
            Book more with this bundle
          </Button>
        ) : null}
        <ButtonLink to={paths.student.bookings()} variant="outline" size="lg">
          See my lessons
        </ButtonLink>
        <ButtonLink to={paths.student.dashboard()} size="lg">
          Go to dashboard
        </ButtonLink>
      </div>
    </div>
  );
}
