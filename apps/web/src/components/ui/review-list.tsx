import type { PublicReview } from "@kerb/shared";
import { formatDate } from "@/lib/format";
import { RatingStars } from "./star-rating";

/** Reviews as the public sees them: stars, "Sam L.", the date (en-AU) and the comment as plain text. */
export function ReviewList({ reviews, compact = false }: { reviews: PublicReview[]; compact?: boolean }) {
  return (
    <ul className="flex flex-col divide-y divide-slate-100">
      {reviews.map((review) => (
        <li key={review.id} className={compact ? "py-2.5" : "py-4"}>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <RatingStars rating={review.rating} />
            <span className="font-medium text-slate-900 text-sm">{review.reviewerName}</span>
            <span className="text-slate-600 text-xs">
              <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
            </span>
          </div>
          {review.comment ? (
            <p
              className={
                compact
                  ? "mt-1 line-clamp-3 whitespace-pre-line text-slate-700 text-sm"
                  : "mt-1.5 whitespace-pre-line text-slate-700 text-sm leading-relaxed"
              }
            >
              {review.comment}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
