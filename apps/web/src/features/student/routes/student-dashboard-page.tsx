import { POOL_DISCOUNT } from "@kerb/shared/words";
import CalendarDays from "lucide-react/icons/calendar-days";
import Package from "lucide-react/icons/package";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Container } from "@/components/ui/container";
import { DateTileRowSkeleton } from "@/components/ui/date-tile";
import { DocumentTitle } from "@/components/ui/document-title";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { StatusMessage } from "@/components/ui/status-message";
import { TextLink } from "@/components/ui/text-link";
import { useStatusNote } from "@/components/ui/use-status-note";
import { paths } from "@/config/paths";
import { BookAgainCard } from "@/features/book-again";
import {
  DiscardDraftDialog,
  ExpiredDraftNotice,
  HeldPaymentsCard,
  heldPayments,
  ResumeBookingNotice,
  useBookingDraftChoice,
} from "@/features/checkout";
import { activeBundles, BundleCard, lessonsAvailable } from "@/features/credits";
import {
  completedLessonCount,
  LessonActions,
  LessonRow,
  upcomingLessons,
  useLessonCancellation,
} from "@/features/lessons";
import { EarlierTimesLink } from "@/features/time-alerts";
import { useArrivalNotice } from "@/lib/arrival-notice";
import { useCurrentUser } from "@/lib/auth-store";
import { useStudentProfile } from "@/lib/student-profile";
import { useNow } from "@/lib/use-now";
import { StatTiles } from "../components/stat-tiles";

const UPCOMING_LIMIT = 5;

export function StudentDashboardPage() {
  const user = useCurrentUser();
  const profileQuery = useStudentProfile();
  const profile = profileQuery.data;
  const now = useNow();
  const firstName = profile?.firstName ?? user?.firstName ?? "";

  const upcoming = profile ? upcomingLessons(profile.bookings, now) : [];
  const bundles = profile ? activeBundles(profile.bundles, now) : [];
  const held = profile ? heldPayments(profile.bookings, now) : [];
  // "Bundle purchased successfully!" / "Bookings confirmed successfully!" from the wizard (spec §8).
  const { note, announce } = useStatusNote(useArrivalNotice());
  const cancellation = useLessonCancellation(announce);
  const draft = useBookingDraftChoice(new Set(held.map((group) => group.paymentId)));

  return (
    <Container className="flex flex-col gap-8 py-8 sm:py-12">
      <DocumentTitle title="Dashboard" />
      <PageHeader
        eyebrow="Student dashboard"
        title={firstName ? `Welcome, ${firstName}` : "Welcome"}
        description="Your lessons, bundles and progress in one place."
      />
      <StatusMessage note={note} />
      <ExpiredDraftNotice now={now} />

      {draft.savedAt !== null ? (
        <ResumeBookingNotice
          savedAt={draft.savedAt}
          now={now}
          holdsLessons={draft.holdsLessons}
          // Throwing the draft away (and releasing its held times) is asked about first.
          onStartAgain={() => draft.setAsking(true)}
          isStartingAgain={draft.isStartingAgain}
        />
      ) : null}

      {profileQuery.isError ? (
        <ErrorState
          title="We couldn't load your dashboard"
          error={profileQuery.error}
          onRetry={() => profileQuery.refetch()}
          isRetrying={profileQuery.isFetching}
        />
      ) : null}

      {profile ? (
        <StatTiles
          activeBundleCount={bundles.length}
          lessonsAvailable={lessonsAvailable(profile.bundles, now)}
          lessonsCompleted={completedLessonCount(profile.bookings)}
          onBookClick={draft.guardBookLink}
        />
      ) : profileQuery.isPending ? (
        <StatTiles isLoading onBookClick={draft.guardBookLink} />
      ) : null}

      <HeldPaymentsCard groups={held} draftPaymentId={draft.draftPaymentId} now={now} onAnnounce={announce} />

      {profileQuery.isError ? null : <BookAgainCard />}

      {profileQuery.isError ? null : (
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
          <Card className="lg:col-span-3">
            <CardHeader
              title="Upcoming Lessons"
              action={
                profile && profile.bookings.length > 0 ? (
                  <TextLink to={paths.student.bookings()} className="text-sm">
                    All bookings
                  </TextLink>
                ) : null
              }
            />
            <CardContent className="pt-2">
              {profileQuery.isPending ? (
                <SkeletonGroup label="Loading upcoming lessons…">
                  <ul className="divide-y divide-slate-100">
                    <DateTileRowSkeleton as="li" />
                    <DateTileRowSkeleton as="li" />
                  </ul>
                </SkeletonGroup>
              ) : upcoming.length === 0 ? (
                <EmptyState
                  icon={<CalendarDays className="size-6" />}
                  title="No upcoming lessons"
                  description={`Book your next lesson to keep your skills fresh. Weekday pool hours save up to ${POOL_DISCOUNT}.`}
                  action={
                    <ButtonLink to={paths.student.book()} onClick={draft.guardBookLink}>
                      Book a lesson
                    </ButtonLink>
                  }
                />
              ) : (
                <>
                  <ul className="divide-y divide-slate-100">
                    {upcoming.slice(0, UPCOMING_LIMIT).map((booking) => (
                      <LessonRow
                        key={booking.id}
                        booking={booking}
                        showStatus={false}
                        actions={
                          <LessonActions booking={booking} now={now} onCancel={cancellation.requestCancel} />
                        }
                      />
                    ))}
                  </ul>
                  {upcoming.length > UPCOMING_LIMIT ? (
                    <p className="pt-2 text-slate-600 text-sm">
                      And {upcoming.length - UPCOMING_LIMIT} more.{" "}
                      <TextLink to={paths.student.bookings()}>See all bookings</TextLink>
                    </p>
                  ) : null}
                </>
              )}
            </CardContent>
          </Card>

          <Card className="lg:col-span-2">
            <CardHeader
              title="Your Bundles"
              action={
                profile && profile.bundles.length > 0 ? (
                  <TextLink to={paths.student.bundles()} className="text-sm">
                    All bundles
                  </TextLink>
                ) : null
              }
            />
            <CardContent className="pt-2">
              {profileQuery.isPending ? (
                <SkeletonGroup label="Loading bundles…">
                  <Skeleton className="h-36 w-full rounded-2xl" />
                </SkeletonGroup>
              ) : bundles.length === 0 ? (
                <EmptyState
                  icon={<Package className="size-6" />}
                  title="No active bundles"
                  description="Buy a bundle of lessons and pay less per lesson than booking one at a time."
                  action={
                    <ButtonLink to={paths.student.book()} variant="secondary" onClick={draft.guardBookLink}>
                      Explore bundles
                    </ButtonLink>
                  }
                />
              ) : (
                <ul className="flex flex-col gap-3">
                  {bundles.map((bundle) => (
                    <BundleCard key={bundle.id} bundle={bundle} now={now} />
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
      )}
      {profileQuery.isError ? null : (
        <Card>
          <CardHeader
            title="Want an earlier time?"
            description="We'll email you when a time frees up with your instructor, or anyone in your suburb, and you hold it with one tap."
            action={<EarlierTimesLink variant="secondary" />}
          />
        </Card>
      )}
      {profileQuery.isError ? null : (
        <Card>
          <CardHeader
            title="Driving test booked?"
            description="An instructor picks you up, warms you up, takes you to the test in their dual-control car and drives you home."
            action={
              <ButtonLink to={paths.student.testPack()} variant="secondary" size="sm">
                Book a test package
              </ButtonLink>
            }
          />
        </Card>
      )}
      {cancellation.dialog}
      {draft.savedAt !== null ? (
        <DiscardDraftDialog
          isOpen={draft.isAsking}
          onOpenChange={draft.setAsking}
          savedAt={draft.savedAt}
          now={now}
          holdsLessons={draft.holdsLessons}
          onStartAgain={draft.startAgain}
          isStartingAgain={draft.isStartingAgain}
        />
      ) : null}
    </Container>
  );
}
