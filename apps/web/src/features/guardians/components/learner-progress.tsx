import type { GuardianLearner, StudentProgress } from "@kerb/shared";
import type { UseQueryResult } from "@tanstack/react-query";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import {
  LessonNotesCard,
  NextStepsCard,
  ProgressTiles,
  SkillsCard,
  TestPacksCard,
} from "@/features/learning";

// The learner's progress as their guardian reads it: the learning feature's cards, worded with the
// learner's name, fed by the guardian's reads of the learner (…/learners/:id/progress).
type LearnerProgressProps = { learner: GuardianLearner; query: UseQueryResult<StudentProgress> };

/** Lessons done and the driving test: a placeholder while loading, nothing on error (the cards say why). */
export function LearnerProgressTiles({ learner, query }: LearnerProgressProps) {
  if (query.isPending) {
    return (
      <SkeletonGroup
        label={`Loading ${learner.firstName}'s progress…`}
        className="grid grid-cols-2 gap-3 sm:gap-4"
      >
        <Skeleton className="h-28 rounded-2xl" />
        <Skeleton className="h-28 rounded-2xl" />
      </SkeletonGroup>
    );
  }
  if (query.isError) return null;
  return <ProgressTiles progress={query.data} subject={learner} />;
}

/** What to work on next, every skill's latest level and the instructors' notes. */
export function LearnerProgressCards({ learner, query }: LearnerProgressProps) {
  if (query.isPending) {
    return (
      <SkeletonGroup label={`Loading ${learner.firstName}'s skills…`} className="flex flex-col gap-6">
        <Skeleton className="h-56 rounded-2xl" />
        <Skeleton className="h-72 rounded-2xl" />
      </SkeletonGroup>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title={`We couldn't load ${learner.firstName}'s progress`}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return (
    <>
      <NextStepsCard progress={query.data} subject={learner} />
      <SkillsCard progress={query.data} subject={learner} />
      <LessonNotesCard progress={query.data} subject={learner} />
      <TestPacksCard progress={query.data} subject={learner} />
    </>
  );
}
