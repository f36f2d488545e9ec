import type { CreditBookingResponse } from "@kerb/shared";
import { LESSON_MINUTES } from "@kerb/shared";
import { BUNDLE_VALIDITY, creditCount, formatDuration } from "@kerb/shared/words";
import CalendarX2 from "lucide-react/icons/calendar-x-2";
import PackageCheck from "lucide-react/icons/package-check";
import { type ReactNode, useState } from "react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { PageWithBackLink } from "@/components/ui/page-with-back-link";
import { PageSpinner } from "@/components/ui/spinner";
import { StepFrame } from "@/components/ui/step-frame";
import { paths } from "@/config/paths";
import {
  lessonCredits,
  RemovedSlotsNotice,
  type SelectedSlot,
  selectionCredits,
  slotCredits,
  slotKey,
  toggleSlot,
} from "@/features/availability";
import { isApiError } from "@/lib/api-error";
import { formatDate, lessonCount } from "@/lib/format";
import { useStepHeadingFocus } from "@/lib/use-step-heading-focus";
import { useStudentBundle } from "../api/get-student-bundle";
import { useStudentSuburb } from "../api/get-student-suburb";
import { BundleInstructorChange } from "../components/bundle-instructor-change";
import { CreditConfirmation } from "../components/credit-confirmation";
import { CreditReview } from "../components/credit-review";
import { type CreditBundle, CreditSlotStep } from "../components/credit-slot-step";
import { bundleBlocker, creditsLeft } from "../model/credits";

/** Review is its own history entry, so the browser's Back returns to the calendar. */
const REVIEW_STEP = "review";

/**
 * /student/bundles/:bundleId/book ("Use Bundle"): the slot step for the bundle's instructor in credit
 * mode, a review that books with credits, then a confirmation. An expired or used-up bundle says so;
 * one whose instructor can no longer be booked offers another instructor first.
 */
export function UseBundlePage() {
  const { bundleId = "" } = useParams();
  const bundleQuery = useStudentBundle(bundleId);
  const bundle = bundleQuery.data;
  // Bundles from before suburbs were recorded are spent where the student lives.
  const profileSuburb = useStudentSuburb({ enabled: bundle !== undefined && bundle.suburb === null });
  const suburb = bundle?.suburb ?? profileSuburb.data ?? null;
  const [result, setResult] = useState<CreditBookingResponse | null>(null);

  function content() {
    if (result && bundle?.instructor) {
      return (
        <StepFrame title="Lessons booked" description="They are on your dashboard with everything else.">
          <CreditConfirmation
            result={result}
            instructorName={`${bundle.instructor.firstName} ${bundle.instructor.lastName}`}
            onBookMore={() => setResult(null)}
          />
        </StepFrame>
      );
    }
    if (bundleQuery.isPending || (bundle && !suburb && profileSuburb.isPending)) {
      return <PageSpinner label="Loading your bundle…" />;
    }
    if (bundleQuery.isError) {
      const missing = isApiError(bundleQuery.error) && [400, 404].includes(bundleQuery.error.status);
      return missing ? (
        <StepFrame title="Use your bundle">
          <EmptyState
            icon={<PackageCheck className="size-6" />}
            title="We couldn't find this bundle"
            description="It may belong to another account, or the link is incomplete. Your bundles are listed on the Bundles page."
            action={<ButtonLink to={paths.student.bundles()}>See my bundles</ButtonLink>}
          />
        </StepFrame>
      ) : (
        <StepFrame title="Use your bundle">
          <ErrorState
            title="We couldn't load your bundle"
            error={bundleQuery.error}
            onRetry={() => bundleQuery.refetch()}
            isRetrying={bundleQuery.isFetching}
          />
        </StepFrame>
      );
    }
    if (!bundle) return null;
    if (!suburb) {
      return (
        <StepFrame title="Use your bundle">
          <Alert tone="error" title="We don't know where this bundle's lessons are">
            Add your suburb to your profile, or contact us and we'll set it for you.
          </Alert>
        </StepFrame>
      );
    }

    const blocker = bundleBlocker(bundle);
    if (blocker === "expired") {
      return (
        <BundleSpent
          icon={<CalendarX2 className="size-6" />}
          title={`This bundle expired on ${formatDate(bundle.expiresAt)}`}
          description={`Bundle credits last ${BUNDLE_VALIDITY} from purchase, so the ${creditCount(creditsLeft(bundle))} left on it can no longer be booked. A new bundle or single lessons get you driving again.`}
          other={{ to: paths.student.dashboard(), label: "Back to dashboard" }}
        />
      );
    }
    if (blocker === "used_up") {
      return (
        <BundleSpent
          icon={<PackageCheck className="size-6" />}
          title={`All ${creditCount(bundle.totalLessons)} of this bundle are booked`}
          description="There are no credits left to spend. Buy another bundle, or book single lessons."
          other={{ to: paths.student.bookings(), label: "See my lessons" }}
        />
      );
    }
    if (blocker === "needs_instructor" || !bundle.instructor) {
      return (
        <StepFrame title="Use your bundle">
          <BundleInstructorChange bundle={bundle} suburb={suburb} />
        </StepFrame>
      );
    }
    return (
      <CreditBooking
        bundle={{ ...bundle, instructor: bundle.instructor }}
        suburb={suburb}
        onBooked={setResult}
      />
    );
  }

  return (
    <PageWithBackLink documentTitle="Use bundle" back={{ to: paths.student.dashboard(), label: "Dashboard" }}>
      {content()}
    </PageWithBackLink>
  );
}

type BundleSpentProps = {
  icon: ReactNode;
  title: string;
  description: string;
  /** The way on besides booking lessons anew. */
  other: { to: string; label: string };
};

/** A bundle with nothing left to book (expired or used up): why, and booking lessons anew. */
function BundleSpent({ icon, title, description, other }: BundleSpentProps) {
  return (
    <StepFrame title="Use your bundle">
      <EmptyState
        icon={icon}
        title={title}
        description={description}
        action={
          <div className="flex flex-col gap-2 sm:flex-row">
            <ButtonLink to={paths.student.book()}>Book lessons</ButtonLink>
            <ButtonLink to={other.to} variant="outline">
              {other.label}
            </ButtonLink>
          </div>
        }
      />
    </StepFrame>
  );
}

type CreditBookingProps = {
  bundle: CreditBundle;
  suburb: string;
  onBooked: (result: CreditBookingResponse) => void;
};

/** Choosing times (credit mode), then reviewing and booking them. */
function CreditBooking({ bundle, suburb, onBooked }: CreditBookingProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [selectedSlots, setSelectedSlots] = useState<SelectedSlot[]>([]);
  const [selectedDate, setSelectedDate] = useState<string | null>(null);
  const [lessonMinutes, setLessonMinutes] = useState(LESSON_MINUTES);
  const [removed, setRemoved] = useState<SelectedSlot[] | null>(null);
  const isReview = searchParams.get("step") === REVIEW_STEP && selectedSlots.length > 0;
  const left = creditsLeft(bundle);
  const headingRef = useStepHeadingFocus(isReview);

  function toggle(slot: SelectedSlot) {
    const adding = !selectedSlots.some((s) => slotKey(s) === slotKey(slot));
    // Never more credits than left: the server would refuse the whole booking.
    if (adding && selectionCredits(selectedSlots) + slotCredits(slot) > left) return;
    setSelectedSlots(toggleSlot(selectedSlots, slot));
  }

  function backToSlots() {
    if ((location.state as { fromSlots?: boolean } | null)?.fromSlots) navigate(-1);
    else setSearchParams({}, { replace: true });
  }

  function returnToSlots(gone: SelectedSlot[]) {
    const keys = new Set(gone.map(slotKey));
    setSelectedSlots((slots) => slots.filter((slot) => !keys.has(slotKey(slot))));
    setRemoved(gone);
    backToSlots();
  }

  function booked(response: CreditBookingResponse) {
    setSelectedSlots([]);
    setSearchParams({}, { replace: true });
    onBooked(response);
  }

  const name = `${bundle.instructor.firstName} ${bundle.instructor.lastName}`;
  return (
    <StepFrame
      title={isReview ? "Review and book with credits" : "Book lessons with your bundle"}
      description={
        isReview
          ? `${lessonCount(selectedSlots.length)} with ${name}. No card needed.`
          : lessonMinutes === LESSON_MINUTES
            ? `Pick up to ${lessonCount(left)} with ${name}. Each one uses a credit from your ${bundle.totalLessons}-lesson bundle.`
            : `Pick up to ${lessonCount(Math.floor(left / lessonCredits(lessonMinutes)))} of ${formatDuration(lessonMinutes)} with ${name}. Each one uses two credits from your ${bundle.totalLessons}-lesson bundle.`
      }
      headingRef={headingRef}
    >
      {isReview ? (
        <CreditReview
          bundle={bundle}
          suburb={suburb}
          slots={selectedSlots}
          onBack={backToSlots}
          onBooked={booked}
          onReturnToSlots={returnToSlots}
        />
      ) : (
        <CreditSlotStep
          bundle={bundle}
          suburb={suburb}
          selectedSlots={selectedSlots}
          selectedDate={selectedDate}
          lessonMinutes={lessonMinutes}
          onLessonMinutesChange={(minutes) => {
            setLessonMinutes(minutes);
            setSelectedSlots([]);
          }}
          notice={
            removed ? (
              <RemovedSlotsNotice slots={removed} withInstructor={false} onDismiss={() => setRemoved(null)} />
            ) : null
          }
          onSelectDate={setSelectedDate}
          onToggleSlot={toggle}
          onRemoveSlot={(slot) =>
            setSelectedSlots((slots) => slots.filter((s) => slotKey(s) !== slotKey(slot)))
          }
          onContinue={() => {
            setRemoved(null);
            setSearchParams({ step: REVIEW_STEP }, { state: { fromSlots: true } });
          }}
        />
      )}
    </StepFrame>
  );
}
