import type { InstructorDashboard } from "@kerb/shared";
import { poolHoursNotJoinedText, poolWindowText, vehicleTypeLabels } from "@kerb/shared/words";
import CalendarClock from "lucide-react/icons/calendar-clock";
import CalendarDays from "lucide-react/icons/calendar-days";
import Car from "lucide-react/icons/car";
import Languages from "lucide-react/icons/languages";
import MapPinned from "lucide-react/icons/map-pinned";
import Sparkles from "lucide-react/icons/sparkles";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Container } from "@/components/ui/container";
import { DateTileRowSkeleton } from "@/components/ui/date-tile";
import { DocumentTitle } from "@/components/ui/document-title";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton, SkeletonGroup, SkeletonRepeat } from "@/components/ui/skeleton";
import { BookingStatusBadge } from "@/components/ui/status-badge";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { ConflictsWarning, useLessonClashes } from "@/features/availability";
import { ComplianceCard, VerificationNotice } from "@/features/compliance";
import { ClashNote, LessonSummary } from "@/features/lessons";
import { useCurrentUser } from "@/lib/auth-store";
import { useInstructorDashboard } from "../api/get-instructor-dashboard";
import { DashboardTiles } from "../components/dashboard-tiles";

function LessonListSkeleton({ label, rows }: { label: string; rows: number }) {
  return (
    <SkeletonGroup label={label}>
      <div className="divide-y divide-slate-100">
        <SkeletonRepeat count={rows}>
          <DateTileRowSkeleton />
        </SkeletonRepeat>
      </div>
    </SkeletonGroup>
  );
}

function DetailRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      <dt className="flex items-center gap-2 font-medium text-slate-600 text-sm">
        <span className="text-slate-500" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="flex flex-wrap gap-1.5 text-slate-900">{children}</dd>
    </div>
  );
}

function YourDetails({ details }: { details: InstructorDashboard["details"] }) {
  return (
    <dl className="divide-y divide-slate-100">
      <DetailRow icon={<Languages className="size-4" />} label="Languages">
        {details.languages.length > 0
          ? details.languages.map((language) => <Badge key={language}>{language}</Badge>)
          : "None listed"}
      </DetailRow>
      <DetailRow icon={<MapPinned className="size-4" />} label="Service areas">
        {details.suburbs.length > 0
          ? details.suburbs.map((suburb) => <Badge key={suburb}>{suburb}</Badge>)
          : "None yet"}
      </DetailRow>
      <DetailRow icon={<Car className="size-4" />} label="Vehicle type">
        {vehicleTypeLabels[details.vehicleType]}
      </DetailRow>
      <DetailRow icon={<Sparkles className="size-4" />} label="Pool hours">
        {details.poolOptIn ? (
          `Offered on weekdays, ${poolWindowText({ withMinutes: true })}`
        ) : (
          <span>
            Not offered. {poolHoursNotJoinedText()}{" "}
            <TextLink to={paths.instructor.availability()}>Join pool hours</TextLink>
          </span>
        )}
      </DetailRow>
    </dl>
  );
}

export function InstructorDashboardPage() {
  const user = useCurrentUser();
  const dashboardQuery = useInstructorDashboard();
  const { conflicts, reasonsOf } = useLessonClashes();
  const dashboard = dashboardQuery.data;
  const firstName = dashboard?.firstName ?? user?.firstName ?? "";

  return (
    <Container className="flex flex-col gap-8 py-8 sm:py-12">
      <DocumentTitle title="Instructor dashboard" />
      <PageHeader
        eyebrow="Instructor dashboard"
        title={firstName ? `Welcome, ${firstName}` : "Welcome"}
        description="Your schedule, earnings and rates in one place. Times are Sydney time."
        actions={
          <ButtonLink to={paths.instructor.availability()} variant="outline">
            Edit availability
          </ButtonLink>
        }
      />

      {dashboard ? <VerificationNotice status={dashboard.details.verificationStatus} /> : null}
      {dashboard?.compliance.verificationStatus === "VERIFIED" && !dashboard.compliance.isListed ? (
        // Verified but a document lapsed (or is not on record): the Compliance card says which.
        <Alert tone="error" title="Students can't book you right now">
          Your documents need renewing before you are listed again: see Compliance below.
        </Alert>
      ) : null}

      {dashboardQuery.isError ? (
        <ErrorState
          title="We couldn't load your dashboard"
          error={dashboardQuery.error}
          onRetry={() => dashboardQuery.refetch()}
          isRetrying={dashboardQuery.isFetching}
        />
      ) : (
        <>
          <DashboardTiles dashboard={dashboard} />
          <ConflictsWarning conflicts={conflicts} />

          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
            <div className="flex flex-col gap-6 lg:col-span-3">
              <Card>
                <CardHeader title="Today's Schedule" />
                <CardContent className="pt-2">
                  {!dashboard ? (
                    <LessonListSkeleton label="Loading today's schedule…" rows={1} />
                  ) : dashboard.todaysSchedule.length === 0 ? (
                    <EmptyState
                      icon={<CalendarClock className="size-6" />}
                      title="No lessons today"
                      description="Keep your weekly hours up to date so students can book the times that suit you."
                      action={
                        <ButtonLink to={paths.instructor.availability()} variant="secondary">
                          Review your hours
                        </ButtonLink>
                      }
                    />
                  ) : (
                    <ul className="divide-y divide-slate-100">
                      {dashboard.todaysSchedule.map((lesson) => (
                        <li key={lesson.id} className="py-4">
                          <LessonSummary
                            lesson={lesson}
                            showDate={false}
                            aside={<BookingStatusBadge status={lesson.status} />}
                            footer={<ClashNote reasons={reasonsOf(lesson.id)} />}
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                </CardContent>
              </Card>

              <Card>
                <CardHeader
                  title="Upcoming Lessons"
                  description={dashboard ? "Your next five lessons." : undefined}
                  action={
                    <TextLink to={paths.instructor.lessons()} className="text-sm">
                      All lessons
                    </TextLink>
                  }
                />
                <CardContent className="pt-2">
                  {!dashboard ? (
                    <LessonListSkeleton label="Loading upcoming lessons…" rows={2} />
                  ) : dashboard.upcoming.length === 0 ? (
                    <EmptyState
                      icon={<CalendarDays className="size-6" />}
                      title="No upcoming lessons"
                      description="Students book the hours you make available. Add more hours or service areas to be found more often."
                      action={
                        <ButtonLink to={paths.instructor.availability()}>Set your availability</ButtonLink>
                      }
                    />
                  ) : (
                    <ul className="divide-y divide-slate-100">
                      {dashboard.upcoming.slice(0, 5).map((lesson) => (
                        <li key={lesson.id} className="py-4">
                          <LessonSummary
                            lesson={lesson}
                            footer={<ClashNote reasons={reasonsOf(lesson.id)} />}
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                </CardContent>
              </Card>
            </div>

            <div className="flex flex-col gap-6 lg:col-span-2">
              <ComplianceCard compliance={dashboard?.compliance} today={dashboard?.today} />
              <Card>
                <CardHeader
                  title="Your Details"
                  action={
                    <TextLink to={paths.instructor.availability()} className="text-sm">
                      Edit service areas
                    </TextLink>
                  }
                />
                <CardContent className="pt-3">
                  {dashboard ? (
                    <YourDetails details={dashboard.details} />
                  ) : (
                    <SkeletonGroup label="Loading your details…">
                      <div className="flex flex-col gap-3">
                        <Skeleton className="h-5 w-2/3" />
                        <Skeleton className="h-5 w-full" />
                        <Skeleton className="h-5 w-1/2" />
                      </div>
                    </SkeletonGroup>
                  )}
                </CardContent>
              </Card>
            </div>
          </div>
        </>
      )}
    </Container>
  );
}
