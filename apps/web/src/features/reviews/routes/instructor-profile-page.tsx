import { formatRatingSummary } from "@kerb/shared/rules";
import { REVIEW_WINDOW, vehicleTypeLabels } from "@kerb/shared/words";
import Car from "lucide-react/icons/car";
import Languages from "lucide-react/icons/languages";
import MapPin from "lucide-react/icons/map-pin";
import MessageSquareText from "lucide-react/icons/message-square-text";
import Star from "lucide-react/icons/star";
import { useState } from "react";
import { useParams } from "react-router";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Container } from "@/components/ui/container";
import { DocumentTitle } from "@/components/ui/document-title";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { ReviewList } from "@/components/ui/review-list";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { EarlierTimesLink } from "@/features/time-alerts";
import { useCurrentUser } from "@/lib/auth-store";
import { useInstructorReviews } from "../api/get-instructor-reviews";

const PAGE_SIZE = 10;

/** Public: who the instructor is, their rating ("4.8 (23)") and their reviews, newest first. */
export function InstructorProfilePage() {
  const { instructorId = "" } = useParams();
  const [page, setPage] = useState(1);
  const query = useInstructorReviews(instructorId, page, PAGE_SIZE);
  const user = useCurrentUser();

  if (query.isPending) {
    return (
      <Container className="py-8 sm:py-12">
        <SkeletonGroup label="Loading instructor…">
          <div className="flex flex-col gap-4">
            <Skeleton className="h-9 w-2/3" />
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-40 w-full rounded-2xl" />
          </div>
        </SkeletonGroup>
      </Container>
    );
  }
  if (query.isError) {
    return (
      <Container className="py-8 sm:py-12">
        <DocumentTitle title="Instructor" />
        <ErrorState
          title="We couldn't load this instructor"
          error={query.error}
          onRetry={() => query.refetch()}
          isRetrying={query.isFetching}
        />
      </Container>
    );
  }

  const { instructor, items, total } = query.data;
  const name = `${instructor.firstName} ${instructor.lastName}`;
  return (
    <Container className="flex flex-col gap-6 py-8 sm:py-12">
      <DocumentTitle title={name} />
      <PageHeader
        eyebrow="Driving instructor"
        title={name}
        description={
          <span className="inline-flex items-center gap-1.5">
            <Star
              className={
                instructor.rating === null ? "size-4 text-slate-400" : "size-4 fill-amber-400 text-amber-500"
              }
              aria-hidden="true"
            />
            <span>
              <span className="sr-only">Rating: </span>
              <span className="font-semibold text-slate-900">
                {formatRatingSummary(instructor.rating, instructor.ratingCount)}
              </span>
              {instructor.ratingCount > 0 ? (
                <span className="sr-only">
                  {" "}
                  out of 5, from {instructor.ratingCount}{" "}
                  {instructor.ratingCount === 1 ? "review" : "reviews"}
                </span>
              ) : null}
            </span>
          </span>
        }
        // A learner may ask to hear when a time frees up with this instructor (issue 34).
        actions={
          user?.role === "STUDENT" ? (
            <EarlierTimesLink instructorId={instructor.id} variant="outline" />
          ) : undefined
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_2fr]">
        <Card>
          <CardHeader title="About" />
          <CardContent className="flex flex-col gap-3 text-slate-700 text-sm">
            {instructor.bio ? <p className="leading-relaxed">{instructor.bio}</p> : null}
            <p className="flex items-start gap-2">
              <Languages className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span>
                <span className="sr-only">Languages: </span>
                {instructor.languages.join(", ")}
              </span>
            </p>
            <p className="flex items-start gap-2">
              <Car className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span>
                <span className="sr-only">Vehicle: </span>
                {vehicleTypeLabels[instructor.vehicleType]}
              </span>
            </p>
            <p className="flex items-start gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span>
                <span className="sr-only">Teaches in: </span>
                {instructor.suburbs.join(", ")}
              </span>
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader title="Reviews" description="From students after a completed lesson, newest first." />
          <CardContent className="pt-0">
            {total === 0 ? (
              <EmptyState
                icon={<MessageSquareText className="size-6" />}
                title="No reviews yet"
                description={`Students can review a lesson for ${REVIEW_WINDOW} after it's completed. Book a lesson and be the first.`}
              />
            ) : (
              <>
                <ReviewList reviews={items} />
                <Pager
                  page={page}
                  pageSize={PAGE_SIZE}
                  total={total}
                  onPageChange={setPage}
                  isFetching={query.isFetching}
                  noun={["review", "reviews"]}
                />
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </Container>
  );
}
