import type { InstructorListing } from "@kerb/shared";
import { Car, Check, Languages, Star, Trophy } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatDollars } from "@/lib/format";

const GENDER_LABELS = { MALE: "Male", FEMALE: "Female", OTHER: "Other" } as const;
const VEHICLE_LABELS = {
  AUTOMATIC: "Automatic car",
  MANUAL: "Manual car",
  BOTH: "Automatic and manual cars",
} as const;

export function formatRating(rating: number | null): string {
  return rating === null ? "N/A" : rating.toFixed(1);
}

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
            {instructor.gender ? <span>{GENDER_LABELS[instructor.gender]}</span> : null}
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
                <span className="font-semibold text-slate-900">{formatRating(instructor.rating)}</span>
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
            {VEHICLE_LABELS[instructor.vehicleType]}
          </span>
        </li>
      </ul>

      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-3 text-sm">
        <div className="flex flex-col">
          <dt className="text-slate-600">Standard rate</dt>
          <dd className="font-semibold text-slate-900">{formatDollars(instructor.standardRate)}/hour</dd>
        </div>
        <div className="flex flex-col">
          <dt className="text-slate-600">Pool rate</dt>
          <dd className="font-semibold text-slate-900">
            {instructor.poolOptIn ? (
              <>{formatDollars(instructor.poolRate)}/hour</>
            ) : (
              <span className="font-normal text-slate-600">Not in Pool Hours</span>
            )}
          </dd>
        </div>
      </dl>

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

export function InstructorCardSkeleton() {
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
