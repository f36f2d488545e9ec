import type { StudentProfileBooking } from "@kerb/shared";
import { canMessageOver } from "@kerb/shared/rules";
import CalendarDays from "lucide-react/icons/calendar-days";
import Repeat from "lucide-react/icons/repeat";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Container } from "@/components/ui/container";
import { DateTileRowSkeleton } from "@/components/ui/date-tile";
import { DocumentTitle } from "@/components/ui/document-title";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { SkeletonGroup } from "@/components/ui/skeleton";
import { StatusMessage } from "@/components/ui/status-message";
import { useStatusNote } from "@/components/ui/use-status-note";
import { paths } from "@/config/paths";
import { draftHeldPaymentId, HeldPaymentsCard, heldPayments, isActiveHold } from "@/features/checkout";
import { MessageButton } from "@/features/messages";
import { ReviewAction, useLessonReview } from "@/features/reviews";
import { useArrivalNotice } from "@/lib/arrival-notice";
import { readBookingDraft } from "@/lib/booking-draft";
import { useStudentProfile } from "@/lib/student-profile";
import { useNow } from "@/lib/use-now";
import { useCancelledRefunds } from "../api/cancel-student-lesson";
import { LessonActions } from "../components/lesson-actions";
import { LessonRow } from "../components/lesson-row";
import { MoveProposalNote } from "../components/move-proposal-note";
import { useLessonCancellation } from "../hooks/use-lesson-cancellation";
import { pastAndOtherLessons, upcomingLessons } from "../utils/lesson-lists";
import { cancelledLessonRefund } from "../utils/lesson-status";

/** A lesson's "Message": the conversation with its instructor (booked, taught or missed lessons only). */
function MessageInstructor({ booking }: { booking: StudentProfileBooking }) {
  const { instructor } = booking;
  if (!canMessageOver(booking.status)) return null;
  return (
    <MessageButton
      to="student"
      otherUserId={instructor.id}
      name={`${instructor.firstName} ${instructor.lastName}`}
    />
  );
}

/**
 * A completed ordinary lesson's "Book again": the same instructor, pickup and length, next times first
 * (the book-again page). A driving-test package follows a test time, so it is not repeated.
 */
function BookAgainAction({ booking }: { booking: StudentProfileBooking }) {
  if (booking.status !== "COMPLETED" || booking.testPack) return null;
  return (
    <ButtonLink
      to={paths.student.bookAgain(booking.id)}
      variant="outline"
      size="sm"
      icon={<Repeat className="size-4" aria-hidden="true" />}
      aria-label={`Book again with ${booking.instructor.firstName} ${booking.instructor.lastName}`}
    >
      Book again
    </ButtonLink>
  );
}

export function StudentBookingsPage() {
  const profileQuery = useStudentProfile();
  const profile = profileQuery.data;
  const now = useNow();
  const upcoming = profile ? upcomingLessons(profile.bookings, now) : [];
  const held = profile ? heldPayments(profile.bookings, now) : [];
  // Held lessons have their own card, with what can be done about them.
  const others = profile
    ? pastAndOtherLessons(profile.bookings, now).filter((booking) => !isActiveHold(booking, now))
    : [];
  const [draftPaymentId] = useState(() => draftHeldPaymentId(readBookingDraft()));
  const refunds = useCancelledRefunds();
  // "Lesson booked at your earlier time…" from an alert's offer page.
  const { note, announce } = useStatusNote(useArrivalNotice());
  const cancellation = useLessonCancellation(announce);
  const review = useLessonReview(announce);
  // A proposal email's link: ?proposal=<id>&answer=accept|decline readies that button (never presses it).
  const [search] = useSearchParams();
  const linkedProposal = search.get("proposal");
  const linkedAnswer = search.get("answer");
  const focusFor = (booking: { moveProposal?: { id: string } | null | undefined }) =>
    booking.moveProposal?.id === linkedProposal && (linkedAnswer === "accept" || linkedAnswer === "decline")
      ? linkedAnswer
      : undefined;

  return (
    <Container className="flex flex-col gap-8 py-8 sm:py-12">
      <DocumentTitle title="My bookings" />
      <PageHeader
        title="My bookings"
        description="Every lesson you've booked. Times are shown in Sydney time."
        actions={<ButtonLink to={paths.student.book()}>Book more lessons</ButtonLink>}
      />
      <StatusMessage note={note} />

      {profileQuery.isPending ? (
        <Card>
          <CardContent>
            <SkeletonGroup label="Loading bookings…">
              <ul className="divide-y divide-slate-100">
                <DateTileRowSkeleton as="li" />
                <DateTileRowSkeleton as="li" />
                <DateTileRowSkeleton as="li" />
              </ul>
            </SkeletonGroup>
          </CardContent>
        </Card>
      ) : profileQuery.isError ? (
        <ErrorState
          title="We couldn't load your bookings"
          error={profileQuery.error}
          onRetry={() => profileQuery.refetch()}
          isRetrying={profileQuery.isFetching}
        />
      ) : profileQuery.data.bookings.length === 0 ? (
        <EmptyState
          icon={<CalendarDays className="size-6" />}
          title="No bookings yet"
          description="Choose an instructor and pick your times. Your lessons will show up here once they're booked."
          action={<ButtonLink to={paths.student.book()}>Book your first lesson</ButtonLink>}
        />
      ) : (
        <div className="flex flex-col gap-6">
          <HeldPaymentsCard groups={held} draftPaymentId={draftPaymentId} now={now} onAnnounce={announce} />
          <Card>
            <CardHeader title="Upcoming" description={`${upcoming.length} scheduled`} />
            <CardContent className="pt-2">
              {upcoming.length === 0 ? (
                <p className="py-4 text-slate-600">
                  Nothing scheduled right now. Book a lesson to keep your momentum going.
                </p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {upcoming.map((booking) => (
                    <LessonRow
                      key={booking.id}
                      booking={booking}
                      now={now}
                      notice={
                        <MoveProposalNote
                          booking={booking}
                          now={now}
                          focus={focusFor(booking)}
                          onAnnounce={announce}
                        />
                      }
                      actions={
                        <>
                          <MessageInstructor booking={booking} />
                          <LessonActions
                            booking={booking}
                            now={now}
                            onCancel={cancellation.requestCancel}
                            onAnnounce={announce}
                          />
                        </>
                      }
                    />
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          {others.length > 0 ? (
            <Card>
              <CardHeader title="Past and other bookings" />
              <CardContent className="pt-2">
                <ul className="divide-y divide-slate-100">
                  {others.map((booking) => (
                    <LessonRow
                      key={booking.id}
                      booking={booking}
                      now={now}
                      refundNote={cancelledLessonRefund(booking, refunds.get(booking.id))}
                      actions={
                        canMessageOver(booking.status) ? (
                          <>
                            {booking.status === "COMPLETED" ? (
                              <ReviewAction booking={booking} now={now} onReview={review.requestReview} />
                            ) : null}
                            <BookAgainAction booking={booking} />
                            <MessageInstructor booking={booking} />
                          </>
                        ) : undefined
                      }
                    />
                  ))}
                </ul>
              </CardContent>
            </Card>
          ) : null}
        </div>
      )}
      {cancellation.dialog}
      {review.dialog}
    </Container>
  );
}
