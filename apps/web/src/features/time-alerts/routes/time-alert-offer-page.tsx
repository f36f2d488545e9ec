import { dollarsToCents, formatConsumerPrice } from "@kerb/shared/rules";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { PageWithBackLink } from "@/components/ui/page-with-back-link";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { PickupAddressField, useConfirmHeldPayment } from "@/features/checkout";
import { errorMessage } from "@/lib/api-error";
import { arrivalNotice } from "@/lib/arrival-notice";
import { formatDate, formatTimeRange, formatWeekday } from "@/lib/format";
import { useTimeAlertOffer } from "../api/get-time-alert-offer";
import { useHoldTimeAlertOffer } from "../api/hold-time-alert-offer";

/**
 * An alert email's link: the time it offers and "Hold this time". Opening the link holds nothing (mail
 * scanners open links too); the button holds the lesson for the usual hold period, then the usual
 * payment: the card page, or in demo mode the confirmation here.
 */
export function TimeAlertOfferPage() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const offer = useTimeAlertOffer(token);
  const hold = useHoldTimeAlertOffer();
  const confirm = useConfirmHeldPayment();
  const [pickupLocation, setPickupLocation] = useState("");

  const holdIt = async () => {
    try {
      const started = await hold.mutateAsync({
        token,
        ...(pickupLocation.trim() ? { pickupLocation: pickupLocation.trim() } : {}),
      });
      if (started.paymentUrl) {
        window.location.assign(started.paymentUrl);
        return;
      }
      await confirm.mutateAsync(started.payment.id);
      navigate(paths.student.bookings(), {
        state: arrivalNotice("Lesson booked at your earlier time. Your tax invoice is on its way by email."),
      });
    } catch {
      // Shown on the card.
    }
  };

  const data = offer.data?.offer;
  const failure = hold.error ?? confirm.error;
  return (
    <PageWithBackLink
      documentTitle="An earlier time"
      back={{ to: paths.student.timeAlerts(), label: "My alerts" }}
    >
      <PageHeader eyebrow="Earlier times" title="A time you asked about" />
      {offer.isError ? (
        <ErrorState title="We couldn't open this link" error={offer.error} />
      ) : !data ? (
        <SkeletonGroup label="Loading the time…">
          <Skeleton className="h-40 w-full rounded-2xl" />
        </SkeletonGroup>
      ) : (
        <Card>
          <CardHeader
            title={`${formatWeekday(data.startTime)} ${formatDate(data.startTime)}, ${formatTimeRange(data.startTime, data.endTime)}`}
            description={`With ${data.instructor.firstName} ${data.instructor.lastName} in ${data.suburb} · ${data.lessonMinutes} minutes${data.price !== null ? ` · ${formatConsumerPrice(dollarsToCents(data.price))}` : ""}`}
          />
          <CardContent className="flex flex-col gap-4">
            {failure ? (
              <Alert tone="error" title="This time could not be held">
                {errorMessage(failure, "Something went wrong. Please try again.")}
              </Alert>
            ) : null}
            {data.available && !hold.isSuccess ? (
              <>
                <p className="text-slate-700 text-sm">
                  Other learners may have been told about this time too: it goes to whoever holds it first.
                  Holding keeps it for you while you pay.
                </p>
                <PickupAddressField
                  value={pickupLocation}
                  onChange={setPickupLocation}
                  disabled={hold.isPending}
                />
                <div>
                  <Button onClick={holdIt} isLoading={hold.isPending || confirm.isPending}>
                    Hold this time
                  </Button>
                </div>
              </>
            ) : !data.available ? (
              <Alert tone="warning" title="Someone else took this time">
                Your alert is still on: we will email you when another time frees up.
              </Alert>
            ) : null}
            <div>
              <ButtonLink to={paths.student.timeAlerts()} variant="ghost">
                See my alerts
              </ButtonLink>
            </div>
          </CardContent>
        </Card>
      )}
    </PageWithBackLink>
  );
}
