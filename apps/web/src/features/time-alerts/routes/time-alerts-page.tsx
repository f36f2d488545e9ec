import { sydneyTodayDate } from "@kerb/shared/rules";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { PageWithBackLink } from "@/components/ui/page-with-back-link";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { instructorReviewsQueryOptions } from "@/lib/instructor-reviews";
import { useStudentProfile } from "@/lib/student-profile";
import { useNow } from "@/lib/use-now";
import { useTimeAlerts } from "../api/get-time-alerts";
import { TimeAlertForm } from "../components/time-alert-form";
import { TimeAlertList } from "../components/time-alert-list";
import { initialDraft } from "../model/alert-form";

/**
 * Earlier-time alerts (issue 34): the form ("Tell me about earlier times"), opened from a lesson or an
 * instructor's profile with that instructor chosen, and the learner's alerts with End.
 */
export function TimeAlertsPage() {
  const [search] = useSearchParams();
  const chosen = search.get("instructor") ?? undefined;
  const before = search.get("before") ?? undefined;
  const today = sydneyTodayDate(new Date(useNow()));
  const profile = useStudentProfile();
  const alerts = useTimeAlerts();
  // The chosen instructor's name, when they are not one the learner has had lessons with.
  const chosenProfile = useQuery({
    ...instructorReviewsQueryOptions(chosen ?? "", { page: 1, pageSize: 1 }),
    enabled: chosen !== undefined,
  });

  const instructors = new Map<string, string>();
  for (const booking of profile.data?.bookings ?? []) {
    const i = booking.instructor;
    if (i) instructors.set(i.id, `${i.firstName} ${i.lastName}`);
  }
  const chosenInstructor = chosenProfile.data?.instructor;
  if (chosen && chosenInstructor) {
    instructors.set(chosen, `${chosenInstructor.firstName} ${chosenInstructor.lastName}`);
  }
  const ready = profile.data !== undefined && (!chosen || chosenProfile.isFetched);

  return (
    <PageWithBackLink
      documentTitle="Earlier-time alerts"
      back={{ to: paths.student.dashboard(), label: "Dashboard" }}
    >
      <PageHeader
        eyebrow="Earlier times"
        title="Tell me about earlier times"
        description="When a lesson time that suits you frees up (a cancellation, a move, new hours), we email you a link to hold it. Whoever holds it first gets it; each alert emails at most once a day."
      />
      <Card>
        <CardHeader title="New alert" />
        <CardContent>
          {profile.isError ? (
            <ErrorState
              title="We couldn't load your details"
              error={profile.error}
              onRetry={() => profile.refetch()}
            />
          ) : !ready ? (
            <SkeletonGroup label="Loading…">
              <Skeleton className="h-48 w-full rounded-2xl" />
            </SkeletonGroup>
          ) : (
            <TimeAlertForm
              initial={initialDraft(today, {
                ...(chosen && instructors.has(chosen) ? { instructorId: chosen } : {}),
                ...(before ? { before } : {}),
              })}
              today={today}
              suburb={profile.data?.suburb ?? null}
              instructors={[...instructors].map(([id, name]) => ({ id, name }))}
            />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader title="Your alerts" />
        <CardContent>
          {alerts.isError ? (
            <ErrorState
              title="We couldn't load your alerts"
              error={alerts.error}
              onRetry={() => alerts.refetch()}
            />
          ) : !alerts.data ? (
            <SkeletonGroup label="Loading your alerts…">
              <Skeleton className="h-24 w-full rounded-2xl" />
            </SkeletonGroup>
          ) : (
            <TimeAlertList alerts={alerts.data.alerts} />
          )}
        </CardContent>
      </Card>
    </PageWithBackLink>
  );
}
