import { Card, CardContent } from "@/components/ui/card";
import { Container } from "@/components/ui/container";
import { DocumentTitle } from "@/components/ui/document-title";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton, SkeletonGroup, SkeletonRepeat } from "@/components/ui/skeleton";
import { useInstructorAvailability } from "../api/get-instructor-availability";
import { ConflictsWarning, LatestChangeProvider } from "../components/change-result";
import { DateOverridesCard } from "../components/date-overrides-card";
import { LeaveCard } from "../components/leave-card";
import { PoolHoursCard } from "../components/pool-hours-card";
import { SchedulingCard } from "../components/scheduling-card";
import { ServiceAreasCard } from "../components/service-areas-card";
import { StandardRateCard } from "../components/standard-rate-card";
import { WeeklyHoursEditor } from "../components/weekly-hours-editor";

function AvailabilitySkeleton() {
  return (
    <SkeletonGroup label="Loading your availability…" className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardContent className="flex flex-col gap-4">
          <SkeletonRepeat count={7}>
            <div className="flex items-center gap-4">
              <Skeleton className="h-5 w-24" />
              <Skeleton className="h-11 flex-1" />
            </div>
          </SkeletonRepeat>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="flex flex-col gap-3">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-32" />
        </CardContent>
      </Card>
    </SkeletonGroup>
  );
}

export function InstructorAvailabilityPage() {
  const availabilityQuery = useInstructorAvailability();
  const availability = availabilityQuery.data;

  return (
    <Container className="flex flex-col gap-8 py-8 sm:py-12">
      <DocumentTitle title="Availability" />
      <PageHeader
        title="Availability"
        description="Set the hours students can book, days off and leave, how they can book you, where you teach and what you charge. Changes never cancel a booked lesson."
      />
      {availabilityQuery.isPending ? (
        <AvailabilitySkeleton />
      ) : availabilityQuery.isError ? (
        <ErrorState
          title="We couldn't load your availability"
          error={availabilityQuery.error}
          onRetry={() => availabilityQuery.refetch()}
          isRetrying={availabilityQuery.isFetching}
        />
      ) : availability ? (
        <LatestChangeProvider>
          <ConflictsWarning conflicts={availability.conflicts} />
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
            <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
              <WeeklyHoursEditor availability={availability} />
              <DateOverridesCard availability={availability} />
              <LeaveCard />
            </div>
            <div className="flex min-w-0 flex-col gap-6">
              <StandardRateCard availability={availability} />
              <SchedulingCard availability={availability} />
              <PoolHoursCard availability={availability} />
              <ServiceAreasCard availability={availability} />
            </div>
          </div>
        </LatestChangeProvider>
      ) : null}
    </Container>
  );
}
