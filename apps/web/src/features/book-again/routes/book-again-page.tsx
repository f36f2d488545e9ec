import { useParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { PageWithBackLink } from "@/components/ui/page-with-back-link";
import { PageSpinner } from "@/components/ui/spinner";
import { StepFrame } from "@/components/ui/step-frame";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { isApiError } from "@/lib/api-error";
import { formatDate } from "@/lib/format";
import { useBookAgainOffer } from "../api/get-book-again-offer";
import { keptFromLesson } from "../components/book-again-card";
import { BookAgainTimes } from "../components/book-again-times";
import { BookedLessonAlert } from "../components/booked-lesson-alert";
import { useBookAgainFlow } from "../hooks/use-book-again-flow";

const TITLE = "Book again";

/**
 * /student/bookings/:id/book-again: one of the learner's lessons repeated (same instructor, pickup and
 * length) with every time the offer holds, then the confirm step. When the lesson cannot be repeated
 * (someone else's, a test package, an instructor who stopped teaching there) it says why and offers
 * the booking wizard instead.
 */
export function BookAgainPage() {
  const { bookingId = "" } = useParams();
  const query = useBookAgainOffer(bookingId);
  const flow = useBookAgainFlow(query.data);
  const back = { to: paths.student.bookings(), label: "My bookings" };

  function content() {
    if (query.isPending) return <PageSpinner label="Finding the next times…" />;
    if (query.isError) {
      const refused = isApiError(query.error) && [404, 409].includes(query.error.status);
      return (
        <StepFrame title={TITLE}>
          {refused ? (
            <Alert
              tone="warning"
              title="This lesson can't be booked again"
              action={
                <ButtonLink to={paths.student.book()} size="sm">
                  Book a lesson
                </ButtonLink>
              }
            >
              {query.error.message}
            </Alert>
          ) : (
            <ErrorState
              title="We couldn't find the next times"
              error={query.error}
              onRetry={() => query.refetch()}
              isRetrying={query.isFetching}
            />
          )}
        </StepFrame>
      );
    }
    const offer = query.data;
    const name = `${offer.instructor.firstName} ${offer.instructor.lastName}`;
    return (
      <StepFrame
        title={`Book again with ${name}`}
        description={`${keptFromLesson(offer)}, as your lesson on ${formatDate(offer.fromLessonStartTime)}. Choose a time, then confirm.`}
      >
        {flow.booked ? <BookedLessonAlert lesson={flow.booked} suburb={offer.suburb} /> : null}
        <Card>
          <CardContent className="flex flex-col gap-4">
            {offer.slots.length === 0 ? (
              <p className="text-slate-600">
                {offer.instructor.firstName} has no open times in the next 30 days.
              </p>
            ) : (
              <BookAgainTimes
                slots={offer.slots}
                onChoose={flow.choose}
                label={`Next times with ${offer.instructor.firstName}`}
              />
            )}
            <p className="text-slate-600 text-sm">
              Another day or length? <TextLink to={paths.student.book()}>Open the booking calendar</TextLink>
            </p>
          </CardContent>
        </Card>
        {flow.dialog}
      </StepFrame>
    );
  }

  return (
    <PageWithBackLink documentTitle={TITLE} back={back}>
      {content()}
    </PageWithBackLink>
  );
}
