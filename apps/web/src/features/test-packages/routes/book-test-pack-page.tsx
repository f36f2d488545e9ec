import { SUBURBS } from "@kerb/shared";
import { sydneyTodayDate } from "@kerb/shared/rules";
import CalendarCheck from "lucide-react/icons/calendar-check";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { SelectField, TextField } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { PageWithBackLink } from "@/components/ui/page-with-back-link";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { PickupAddressField, useConfirmHeldPayment } from "@/features/checkout";
import { arrivalNotice } from "@/lib/arrival-notice";
import { formatDate, formatTime } from "@/lib/format";
import { useStudentProfile } from "@/lib/student-profile";
import { useNow } from "@/lib/use-now";
import { useBookTestPackWithCredit } from "../api/book-test-pack-with-credit";
import { useBuyTestPackCredit } from "../api/buy-test-pack-credit";
import { useConfirmTestPackCredit } from "../api/confirm-test-pack-credit";
import { useTestPackCredits } from "../api/get-test-pack-credits";
import { useTestPackOptions } from "../api/get-test-pack-options";
import { useHoldTestPack } from "../api/hold-test-pack";
import { TestPackCreditCard } from "../components/test-pack-credit-card";
import { TestPackOptionCard } from "../components/test-pack-option-card";
import {
  centreOptions,
  optionsQueryOf,
  type TestPackDraft,
  type TestPackDraftErrors,
} from "../model/test-pack-request";

const SUBURB_OPTIONS = SUBURBS.map((suburb) => ({ value: suburb, label: suburb }));

/**
 * Test day (issue 33): the learner says where and when Service NSW booked their driving test, Kerb offers
 * the instructors who can take them (each with the day worked back from the test time) and the learner
 * books one and pays, by card or in demo mode, as for lessons, or with a test-pack credit: one bought here
 * in advance (the same card checkout) or the pass promise's.
 */
export function BookTestPackPage() {
  const profile = useStudentProfile().data;
  const now = useNow();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<TestPackDraft | null>(null);
  const [errors, setErrors] = useState<TestPackDraftErrors>({});
  const [pickupLocation, setPickupLocation] = useState("");
  const [asked, setAsked] = useState<ReturnType<typeof optionsQueryOf>["query"]>(null);
  const [bookingId, setBookingId] = useState<{ instructorId: string; withCredit: boolean } | null>(null);
  const options = useTestPackOptions(asked);
  const hold = useHoldTestPack();
  const confirm = useConfirmHeldPayment();
  const credits = useTestPackCredits();
  const withCredit = useBookTestPackWithCredit();
  const buyCredit = useBuyTestPackCredit();
  const confirmCredit = useConfirmTestPackCredit();
  const hasCredit = (credits.data?.usable ?? 0) > 0;

  // The learner's own suburb first; the nearest centre to it until they choose.
  const suburb = draft?.suburb ?? profile?.suburb ?? "";
  const current: TestPackDraft = {
    suburb,
    centreId: draft?.centreId ?? centreOptions(suburb)[0]?.value ?? "",
    date: draft?.date ?? "",
    time: draft?.time ?? "",
  };
  const edit = (change: Partial<TestPackDraft>) => {
    setDraft({ ...current, ...change });
    setErrors({});
  };

  const find = (event: FormEvent) => {
    event.preventDefault();
    const read = optionsQueryOf(current);
    setErrors(read.errors ?? {});
    setAsked(read.query);
    hold.reset();
    confirm.reset();
    withCredit.reset();
  };

  const buy = async () => {
    const price = credits.data?.price.exGst;
    if (price === undefined) return;
    try {
      const started = await buyCredit.mutateAsync({ price });
      if (started.paymentUrl) {
        window.location.assign(started.paymentUrl);
        return;
      }
      await confirmCredit.mutateAsync(started.payment.id);
    } catch {
      // The mutation's error is shown on the credits card.
    }
  };

  const bookWithCredit = async (instructorId: string) => {
    const option = options.data?.options.find((o) => o.instructorId === instructorId);
    if (!asked || !option) return;
    setBookingId({ instructorId, withCredit: true });
    try {
      await withCredit.mutateAsync({
        instructorId,
        centreId: asked.centreId,
        testAt: asked.testAt,
        suburb: asked.suburb,
        ...(pickupLocation.trim() ? { pickupLocation: pickupLocation.trim() } : {}),
      });
      navigate(paths.student.dashboard(), {
        state: arrivalNotice(
          `Test package booked with your credit: ${option.firstName} picks you up at ${formatTime(option.plan.pickupAt)} on ${formatDate(option.plan.pickupAt)}.`,
        ),
      });
    } catch {
      // The mutation's error is shown above the options.
    } finally {
      setBookingId(null);
    }
  };

  const book = async (instructorId: string) => {
    const option = options.data?.options.find((o) => o.instructorId === instructorId);
    if (!asked || !option) return;
    setBookingId({ instructorId, withCredit: false });
    try {
      const started = await hold.mutateAsync({
        instructorId,
        centreId: asked.centreId,
        testAt: asked.testAt,
        suburb: asked.suburb,
        price: option.priceExGst,
        ...(pickupLocation.trim() ? { pickupLocation: pickupLocation.trim() } : {}),
      });
      if (started.paymentUrl) {
        window.location.assign(started.paymentUrl);
        return;
      }
      await confirm.mutateAsync(started.payment.id);
      navigate(paths.student.dashboard(), {
        state: arrivalNotice(
          `Test package booked: ${option.firstName} picks you up at ${formatTime(option.plan.pickupAt)} on ${formatDate(option.plan.pickupAt)}. Your tax invoice is on its way by email.`,
        ),
      });
    } catch {
      // The mutation's error is shown above the options.
    } finally {
      setBookingId(null);
    }
  };

  const failure = hold.error ?? confirm.error ?? withCredit.error;
  const result = options.data;
  return (
    <PageWithBackLink
      documentTitle="Book a driving test package"
      back={{ to: paths.student.dashboard(), label: "Dashboard" }}
    >
      <PageHeader
        eyebrow="Test day"
        title="Book a driving test package"
        description="Your instructor picks you up, gives you a warm-up lesson if their package has one, takes you to the test in their dual-control car and drives you home."
      />
      {credits.data ? (
        <TestPackCreditCard
          credits={credits.data}
          onBuy={buy}
          isBuying={buyCredit.isPending || confirmCredit.isPending}
          error={buyCredit.error ?? confirmCredit.error}
        />
      ) : null}
      <Card>
        <CardHeader title="Your test" />
        <CardContent>
          <form className="grid grid-cols-1 gap-4 sm:grid-cols-2" onSubmit={find} noValidate>
            <SelectField
              label="Pick-up suburb"
              options={SUBURB_OPTIONS}
              placeholder="Choose a suburb"
              value={current.suburb}
              error={errors.suburb}
              // Centres are ordered by the drive from the pick-up: a new suburb offers its nearest first.
              onChange={(event) => edit({ suburb: event.target.value, centreId: "" })}
            />
            <SelectField
              label="Test centre"
              hint="The centre Service NSW booked your test at, nearest first."
              options={centreOptions(current.suburb)}
              placeholder="Choose a centre"
              value={current.centreId}
              error={errors.centreId}
              onChange={(event) => edit({ centreId: event.target.value })}
            />
            <TextField
              label="Test date"
              type="date"
              min={sydneyTodayDate(new Date(now))}
              value={current.date}
              error={errors.date}
              onChange={(event) => edit({ date: event.target.value })}
            />
            <TextField
              label="Test time (Sydney)"
              type="time"
              step={300}
              value={current.time}
              error={errors.time}
              onChange={(event) => edit({ time: event.target.value })}
            />
            <div className="sm:col-span-2">
              <PickupAddressField
                value={pickupLocation}
                onChange={setPickupLocation}
                disabled={hold.isPending}
              />
            </div>
            <div className="sm:col-span-2">
              <Button type="submit" isLoading={options.isFetching && asked !== null}>
                Find instructors
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      {asked === null ? null : (
        <Card>
          <CardHeader
            title="Instructors who can take you"
            description={
              result
                ? `${result.centre.name}, ${formatDate(result.testAt)} at ${formatTime(result.testAt)}, picked up in ${result.suburb}.`
                : undefined
            }
          />
          <CardContent className="flex flex-col gap-4">
            {failure ? <ErrorState title="We couldn't book that package" error={failure} /> : null}
            {options.isError ? (
              <ErrorState
                title="We couldn't find instructors for that test"
                error={options.error}
                onRetry={() => options.refetch()}
                isRetrying={options.isFetching}
              />
            ) : !result ? (
              <SkeletonGroup label="Finding instructors…">
                <Skeleton className="h-32 w-full rounded-2xl" />
              </SkeletonGroup>
            ) : result.options.length === 0 ? (
              <EmptyState
                icon={<CalendarCheck className="size-6" />}
                title="Nobody can take you to that test yet"
                description="No instructor who teaches there is free for the whole morning or afternoon of your test. Try another pick-up suburb, or ask us in Messages."
              />
            ) : (
              <ul className="flex flex-col gap-3">
                {result.options.map((option) => (
                  <TestPackOptionCard
                    key={option.instructorId}
                    option={option}
                    centreName={result.centre.name}
                    onBook={() => book(option.instructorId)}
                    isBooking={bookingId?.instructorId === option.instructorId && !bookingId.withCredit}
                    onUseCredit={hasCredit ? () => bookWithCredit(option.instructorId) : undefined}
                    isUsingCredit={bookingId?.instructorId === option.instructorId && bookingId.withCredit}
                    disabled={bookingId !== null}
                  />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      )}
    </PageWithBackLink>
  );
}
