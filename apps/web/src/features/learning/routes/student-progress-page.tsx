import GraduationCap from "lucide-react/icons/graduation-cap";
import NotebookPen from "lucide-react/icons/notebook-pen";
import { ButtonLink } from "@/components/ui/button";
import { Container } from "@/components/ui/container";
import { DocumentTitle } from "@/components/ui/document-title";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { lessonCount } from "@/lib/format";
import { useDownloadLogbook } from "../api/download-logbook";
import { useStudentLogbook } from "../api/get-student-logbook";
import { useStudentProgress } from "../api/get-student-progress";
import { LogbookCard } from "../components/logbook-card";
import { LessonNotesCard, NextStepsCard, ProgressTiles, SkillsCard } from "../components/progress-cards";
import { TestPacksCard } from "../components/test-packs-card";

/** The learner's progress (issue 23): skills, what to work on next, lesson notes and the NSW logbook. */
export function StudentProgressPage() {
  const query = useStudentProgress();
  const logbook = useStudentLogbook();
  const download = useDownloadLogbook();
  const progress = query.data;

  return (
    <Container className="flex flex-col gap-6 py-8 sm:gap-8 sm:py-12">
      <DocumentTitle title="Your progress" />
      <PageHeader
        eyebrow="Progress"
        title="Your progress"
        description="What each lesson covered, how far you are with every skill, and your logbook hours."
        actions={<ButtonLink to={paths.student.book()}>Book lessons</ButtonLink>}
      />
      {query.isPending ? (
        <SkeletonGroup label="Loading your progress…" className="flex flex-col gap-4">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-64 w-full" />
        </SkeletonGroup>
      ) : query.isError ? (
        <ErrorState
          title="We couldn't load your progress"
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : progress ? (
        <>
          <ProgressTiles progress={progress} subject="you" />
          {progress.lessonsCompleted === 0 ? (
            <EmptyState
              icon={<GraduationCap className="size-6" />}
              title="Your progress starts with your first lesson"
              description="After each lesson your instructor records the skills you practised. Book a lesson to get going."
              action={<ButtonLink to={paths.student.book()}>Book lessons</ButtonLink>}
            />
          ) : null}
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
            <div className="flex flex-col gap-6 lg:col-span-3">
              <NextStepsCard progress={progress} subject="you" />
              <SkillsCard progress={progress} subject="you" />
              <LessonNotesCard progress={progress} subject="you" />
            </div>
            <div className="flex flex-col gap-6 lg:col-span-2">
              <LogbookCard query={logbook} download={download} subject="you" canDeclare />
              <TestPacksCard progress={progress} subject="you" />
              <p className="flex items-start gap-2 text-slate-600 text-sm">
                <NotebookPen className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>
                  {lessonCount(progress.lessonsCompleted)} completed. Change the skills you want to focus on
                  from your <TextLink to={paths.student.account()}>account</TextLink>.
                </span>
              </p>
            </div>
          </div>
        </>
      ) : null}
    </Container>
  );
}
