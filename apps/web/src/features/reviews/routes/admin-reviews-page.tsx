import { type AdminReview, REVIEW_VISIBILITIES } from "@kerb/shared";
import Eye from "lucide-react/icons/eye";
import EyeOff from "lucide-react/icons/eye-off";
import MessageSquareText from "lucide-react/icons/message-square-text";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { DocumentTitle } from "@/components/ui/document-title";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { SelectField } from "@/components/ui/field";
import { Pager } from "@/components/ui/pager";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { RatingStars } from "@/components/ui/star-rating";
import { formatDate, formatDateTime } from "@/lib/format";
import { useAdminReviews } from "../api/get-admin-reviews";
import { useSetReviewVisibility } from "../api/set-review-visibility";

const PAGE_SIZE = 20;
type Visibility = (typeof REVIEW_VISIBILITIES)[number];
const VISIBILITY_LABELS: Record<Visibility, string> = {
  all: "All reviews",
  visible: "Shown",
  hidden: "Hidden",
};

/** Moderation: hiding a review takes it out of the instructor's rating and out of sight (audited). */
export function AdminReviewsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get("visibility") ?? "all";
  const visibility: Visibility = (REVIEW_VISIBILITIES as readonly string[]).includes(raw)
    ? (raw as Visibility)
    : "all";
  const page = Math.max(1, Number(searchParams.get("page")) || 1);
  const reviewsQuery = useAdminReviews({ visibility, page, pageSize: PAGE_SIZE });
  const change = useSetReviewVisibility();
  const [done, setDone] = useState<string | null>(null);

  const setParams = (next: { visibility?: string; page?: number }) => {
    const params = new URLSearchParams(searchParams);
    if (next.visibility !== undefined) {
      if (next.visibility === "all") params.delete("visibility");
      else params.set("visibility", next.visibility);
      params.delete("page");
    }
    if (next.page !== undefined) params.set("page", String(next.page));
    setSearchParams(params);
  };

  const toggle = (review: AdminReview) => {
    const hide = review.hiddenAt === null;
    setDone(null);
    change.mutate(
      { id: review.id, hide },
      {
        onSuccess: () =>
          setDone(
            hide
              ? `The review of ${review.instructor.firstName} ${review.instructor.lastName} is hidden and no longer counts towards their rating.`
              : `The review of ${review.instructor.firstName} ${review.instructor.lastName} is shown again and counts towards their rating.`,
          ),
      },
    );
  };

  return (
    <Card>
      <DocumentTitle title="Reviews · Admin" />
      <CardHeader
        title="Reviews"
        description="Students review completed lessons. Hide a review that breaks the rules: it stops counting towards the instructor's rating and is no longer shown. Every change is in the audit log."
      />
      <CardContent className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-3 lg:max-w-xs">
          <SelectField
            label="Show"
            value={visibility}
            options={REVIEW_VISIBILITIES.map((v) => ({ value: v, label: VISIBILITY_LABELS[v] }))}
            onChange={(event) => setParams({ visibility: event.target.value })}
          />
        </div>
        <div aria-live="polite">
          {done ? <Alert tone="success">{done}</Alert> : null}
          {change.isError ? <ErrorState title="The review was not changed" error={change.error} /> : null}
        </div>
        {reviewsQuery.isPending ? (
          <SkeletonGroup label="Loading reviews…">
            <div className="flex flex-col gap-3">
              <Skeleton className="h-20 w-full rounded-xl" />
              <Skeleton className="h-20 w-full rounded-xl" />
            </div>
          </SkeletonGroup>
        ) : reviewsQuery.isError ? (
          <ErrorState
            title="We couldn't load reviews"
            error={reviewsQuery.error}
            onRetry={() => reviewsQuery.refetch()}
            isRetrying={reviewsQuery.isFetching}
          />
        ) : reviewsQuery.data.items.length === 0 ? (
          <EmptyState
            icon={<MessageSquareText className="size-6" />}
            title={visibility === "hidden" ? "No hidden reviews" : "No reviews found"}
            description="Reviews appear here when students rate their completed lessons."
            action={
              visibility !== "all" ? (
                <Button variant="secondary" onClick={() => setParams({ visibility: "all" })}>
                  Show all reviews
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-slate-100">
              {reviewsQuery.data.items.map((review) => (
                <li key={review.id} className="flex flex-col gap-2 py-4 sm:flex-row sm:items-start sm:gap-4">
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <RatingStars rating={review.rating} />
                      <span className="font-medium text-slate-900 text-sm">
                        {review.instructor.firstName} {review.instructor.lastName}
                      </span>
                      {review.hiddenAt ? <Badge tone="warning">Hidden</Badge> : null}
                    </div>
                    <p className="text-slate-600 text-xs">
                      By {review.student.firstName} {review.student.lastName} on{" "}
                      {formatDate(review.createdAt)}
                      {review.hiddenAt ? ` · hidden ${formatDateTime(review.hiddenAt)}` : ""}
                    </p>
                    {review.comment ? (
                      <p className="whitespace-pre-line break-words text-slate-700 text-sm">
                        {review.comment}
                      </p>
                    ) : (
                      <p className="text-slate-500 text-sm italic">No comment</p>
                    )}
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => toggle(review)}
                    isLoading={change.isPending && change.variables?.id === review.id}
                    disabled={change.isPending}
                    icon={
                      review.hiddenAt ? (
                        <Eye className="size-4" aria-hidden="true" />
                      ) : (
                        <EyeOff className="size-4" aria-hidden="true" />
                      )
                    }
                    aria-label={`${review.hiddenAt ? "Show" : "Hide"} review of ${review.instructor.firstName} ${review.instructor.lastName} by ${review.student.firstName} ${review.student.lastName}`}
                  >
                    {review.hiddenAt ? "Show" : "Hide"}
                  </Button>
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              total={reviewsQuery.data.total}
              onPageChange={(next) => setParams({ page: next })}
              isFetching={reviewsQuery.isFetching}
              noun={["review", "reviews"]}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
