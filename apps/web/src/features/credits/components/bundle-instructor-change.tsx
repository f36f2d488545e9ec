import type { StudentProfileBundle } from "@kerb/shared";
import { creditCount } from "@kerb/shared/words";
import UsersRound from "lucide-react/icons/users-round";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { StepActions } from "@/components/ui/step-frame";
import { paths } from "@/config/paths";
import { InstructorCard, InstructorListSkeleton, useInstructors } from "@/features/availability";
import { errorMessage } from "@/lib/api-error";
import { formatDate } from "@/lib/format";
import { useChangeBundleInstructor } from "../api/change-bundle-instructor";
import { creditsLeft } from "../model/credits";

type BundleInstructorChangeProps = { bundle: StudentProfileBundle; suburb: string };

/**
 * A bundle whose instructor may no longer be booked (or that never had one) keeps its credits: the
 * student moves them to another verified instructor who teaches in the bundle's suburb.
 */
export function BundleInstructorChange({ bundle, suburb }: BundleInstructorChangeProps) {
  const instructorsQuery = useInstructors({ suburb });
  const change = useChangeBundleInstructor();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const others = (instructorsQuery.data ?? []).filter((i) => i.id !== bundle.instructor?.id);
  const selected = others.find((i) => i.id === selectedId) ?? null;
  const left = creditsLeft(bundle);
  const credits = `${left} ${left === 1 ? "credit" : "credits"}`;

  return (
    <div className="flex flex-col gap-6">
      <Alert
        tone="warning"
        title={
          bundle.instructor
            ? `${bundle.instructor.firstName} ${bundle.instructor.lastName} can no longer take bookings`
            : "This bundle isn't tied to an instructor yet"
        }
      >
        Choose another instructor who teaches in {suburb} and your {credits} move to them: same lessons, same
        expiry, nothing to pay.
      </Alert>

      <section aria-labelledby="choose-instructor-heading" className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="choose-instructor-heading" className="font-semibold text-lg text-slate-900">
            Choose another instructor
          </h2>
          <p className="text-slate-600 text-sm">
            The rates shown are for single lessons: each of your credits pays for one lesson, whoever you
            choose.
          </p>
        </div>
        {instructorsQuery.isPending ? (
          <InstructorListSkeleton />
        ) : instructorsQuery.isError ? (
          <ErrorState
            title="We couldn't load instructors"
            error={instructorsQuery.error}
            onRetry={() => instructorsQuery.refetch()}
            isRetrying={instructorsQuery.isFetching}
          />
        ) : others.length === 0 ? (
          <EmptyState
            icon={<UsersRound className="size-6" />}
            title={`No other instructors teach in ${suburb} right now`}
            description={`Your ${credits} stay on the bundle until ${formatDate(bundle.expiresAt)}. Check back soon.`}
            action={<ButtonLink to={paths.student.dashboard()}>Back to dashboard</ButtonLink>}
          />
        ) : (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label={`Instructors in ${suburb}`}>
            {others.map((instructor) => (
              <InstructorCard
                key={instructor.id}
                instructor={instructor}
                isBestMatch={false}
                isSelected={instructor.id === selectedId}
                onSelect={() => setSelectedId(instructor.id)}
              />
            ))}
          </ul>
        )}
      </section>

      {change.isError ? (
        <Alert tone="error" title="We couldn't move your credits">
          {errorMessage(change.error, "Please try again in a moment.")}
        </Alert>
      ) : null}

      <StepActions className="sticky bottom-0 z-10 -mx-4 bg-slate-50/95 px-4 pb-4 backdrop-blur sm:static sm:mx-0 sm:bg-transparent sm:px-0 sm:pb-0">
        <ButtonLink to={paths.student.dashboard()} variant="outline" size="lg">
          Back to dashboard
        </ButtonLink>
        <Button
          size="lg"
          disabled={!selected}
          isLoading={change.isPending}
          loadingText="Moving credits…"
          onClick={() => selected && change.mutate({ bundleId: bundle.id, instructorId: selected.id })}
        >
          {selected
            ? `Move ${creditCount(left)} to ${selected.firstName} ${selected.lastName}`
            : "Move credits"}
        </Button>
      </StepActions>
    </div>
  );
}
