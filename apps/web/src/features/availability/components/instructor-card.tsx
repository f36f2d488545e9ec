import type { InstructorListing } from "@kerb/shared";
import { formatRating } from "@kerb/shared/rules";
import { genderLabels, vehicleTypeLabels } from "@kerb/shared/words";
import { useQuery } from "@tanstack/react-query";
import Car from "lucide-react/icons/car";
import Check from "lucide-react/icons/check";
import ChevronDown from "lucide-react/icons/chevron-down";
import Languages from "lucide-react/icons/languages";
import Star from "lucide-react/icons/star";
import Trophy from "lucide-react/icons/trophy";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConsumerPrice } from "@/components/ui/consumer-price";
import { ReviewList } from "@/components/ui/review-list";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { instructorReviewsQueryOptions } from "@/lib/instructor-reviews";

type InstructorCardProps = {
  instructor: InstructorListing;
  isBestMatch: boolean;
  isSelected: boolean;
  onSelect: () => void;
};

export function InstructorCard({ instructor, isBestMatch, isSelected, onSelect }: InstructorCardProps) {
  const name = `${instructor.firstName} ${instructor.lastName}`;
  const initials = `${instructor.firstName[0] ?? ""}${instructor.lastName[0] ?? ""}`;
  return (
    <li
      className={cn(
        "flex flex-col gap-4 rounded-2xl border-2 bg-white p-4 shadow-sm transition-colors sm:p-5",
        isSelected ? "border-brand-600 ring-4 ring-brand-100" : "border-slate-200",
      )}
    >
      <div className="flex items-start gap-3">
        <div
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
          aria-hidden="true"
        >
          {initials}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-lg text-slate-900">{name}</h3>
            {isBestMatch ? (
              <Badge tone="accent" icon={<Trophy className="size-3" aria-hidden="true" />}>
                Best Match
              </Badge>
            ) : null}
          </div>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600 text-sm">
            {instructor.gender ? <span>{genderLabels[instructor.gender]}</span> : null}
            <span className="inline-flex items-center gap-1">
              <Star
                className={cn(
                  "size-4",
                  instructor.rating === null ? "text-slate-400" : "fill-amber-400 text-amber-500",
                )}
                aria-hidden="true"
              />
              <span>
                <span className="sr-only">Rating: </span>
                <span className="font-semibold text-slate-900">
                  {instructor.rating === null ? "N/A" : formatRating(instructor.rating)}
                </span>
                {instructor.rating !== null ? (
                  <span>
                    <span className="sr-only"> out of 5</span> ({instructor.ratingCount}{" "}
                    {instructor.ratingCount === 1 ? "review" : "reviews"})
                  </span>
                ) : null}
              </span>
            </span>
          </p>
        </div>
      </div>

      {instructor.bio ? <p className="text-slate-700 text-sm leading-relaxed">{instructor.bio}</p> : null}

      <ul className="flex flex-col gap-1.5 text-slate-700 text-sm">
        <li className="flex items-start gap-2">
          <Languages className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span>
            <span className="sr-only">Languages: </span>
            {instructor.languages.join(", ")}
          </span>
        </li>
        <li className="flex items-start gap-2">
          <Car className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span>
            <span className="sr-only">Vehicle: </span>
            {vehicleTypeLabels[instructor.vehicleType]}
          </span>
        </li>
      </ul>

      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-3 text-sm">
        <div className="flex flex-col">
          <dt className="text-slate-600">Standard rate</dt>
          <dd className="text-slate-900">
            <ConsumerPrice dollars={instructor.standardRate} per="/hour" className="font-semibold" />
          </dd>
        </div>
        <div className="flex flex-col">
          <dt className="text-slate-600">Pool rate</dt>
          <dd className="text-slate-900">
            {instructor.poolOptIn ? (
              <ConsumerPrice dollars={instructor.poolRate} per="/hour" className="font-semibold" />
            ) : (
              <span className="font-normal text-slate-600">Not in Pool Hours</span>
            )}
          </dd>
        </div>
      </dl>

      {instructor.ratingCount > 0 ? <RecentReviews instructor={instructor} /> : null}

      <Button
        variant={isSelected ? "primary" : "outline"}
        aria-pressed={isSelected}
        aria-label={`Select ${name}`}
        onClick={onSelect}
        icon={isSelected ? <Check className="size-5" aria-hidden="true" /> : undefined}
        fullWidth
      >
        {isSelected ? "Selected" : "Select"}
      </Button>
    </li>
  );
}

const RECENT_REVIEWS = 3;

/** The newest reviews, fetched when the student opens them, with a link to the instructor's page. */
function RecentReviews({ instructor }: { instructor: InstructorListing }) {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const reviews = useQuery({
    ...instructorReviewsQueryOptions(instructor.id, { page: 1, pageSize: RECENT_REVIEWS }),
    enabled: isOpen,
  });
  const name = `${instructor.firstName} ${instructor.lastName}`;
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
        className="flex min-h-11 items-center justify-between gap-2 rounded-lg px-1 font-medium text-brand-800 text-sm hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand-500/40"
      >
        <span>
          Recent reviews<span className="sr-only"> of {name}</span>
        </span>
        <ChevronDown
          className={cn("size-4 transition-transform", isOpen && "rotate-180")}
          aria-hidden="true"
        />
      </button>
      {isOpen ? (
        <div id={panelId} className="rounded-xl border border-slate-200 px-3">
          {reviews.isPending ? (
            <SkeletonGroup label="Loading reviews…">
              <div className="flex flex-col gap-2 py-3">
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-4 w-full" />
              </div>
            </SkeletonGroup>
          ) : reviews.isError ? (
            <p className="py-3 text-red-700 text-sm">We couldn't load the reviews. Please try again.</p>
          ) : reviews.data.items.length === 0 ? (
            <p className="py-3 text-slate-600 text-sm">No written reviews yet.</p>
          ) : (
            <ReviewList reviews={reviews.data.items} compact />
          )}
          <p className="border-slate-100 border-t py-2.5 text-sm">
            <TextLink to={paths.instructors.profile(instructor.id)} target="_blank">
              All reviews of {name}
              <span className="sr-only"> (opens in a new tab)</span>
            </TextLink>
          </p>
        </div>
      ) : null}
    </div>
  );
}

function InstructorCardSkeleton() {
  return (
    <li className="flex flex-col gap-4 rounded-2xl border-2 border-slate-200 bg-white p-5">
      <div className="flex items-center gap-3">
        <Skeleton className="size-12 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-14 w-full" />
      <Skeleton className="h-11 w-full" />
    </li>
  );
}

/** Two placeholder cards while the instructors load. */
export function InstructorListSkeleton() {
  return (
    <SkeletonGroup label="Loading instructors…">
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <InstructorCardSkeleton />
        <InstructorCardSkeleton />
      </ul>
    </SkeletonGroup>
  );
}
