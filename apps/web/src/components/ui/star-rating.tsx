import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import Star from "lucide-react/icons/star";
import type { ReactNode } from "react";
import { Label, Radio, RadioGroup } from "react-aria-components";
import { cn } from "@/lib/cn";

const STARS = [1, 2, 3, 4, 5] as const;
const starLabel = (n: number) => `${n} ${n === 1 ? "star" : "stars"}`;

/** Five stars, the first `rating` filled; read out as "4 out of 5 stars". */
export function RatingStars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className={cn("inline-flex gap-0.5", className)}>
      {STARS.map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn("size-4", n <= rating ? "fill-amber-400 text-amber-500" : "text-slate-300")}
        />
      ))}
    </span>
  );
}

const ratingWords: Record<number, string> = {
  1: "Poor",
  2: "Fair",
  3: "Good",
  4: "Very good",
  5: "Excellent",
};

type StarRatingFieldProps = {
  label: ReactNode;
  /** 0 while nothing is chosen. */
  value: number;
  onChange: (value: number) => void;
  error?: string | undefined;
  isDisabled?: boolean;
};

/**
 * Choosing 1–5 stars: a React Aria radio group, so Tab reaches it once, arrow keys move between the
 * stars, and each star is announced as "3 stars". Stars up to the chosen (or hovered) one are filled.
 */
export function StarRatingField({ label, value, onChange, error, isDisabled }: StarRatingFieldProps) {
  return (
    <RadioGroup
      value={value ? String(value) : null}
      onChange={(v) => onChange(Number(v))}
      orientation="horizontal"
      isInvalid={Boolean(error)}
      isDisabled={isDisabled ?? false}
      className="flex flex-col gap-1.5"
    >
      <Label className="font-medium text-slate-800 text-sm">{label}</Label>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex gap-1">
          {STARS.map((n) => (
            <Radio
              key={n}
              value={String(n)}
              aria-label={starLabel(n)}
              className={({ isFocusVisible }) =>
                cn(
                  "flex size-11 cursor-pointer items-center justify-center rounded-lg transition-colors hover:bg-amber-50",
                  isFocusVisible && "outline-3 outline-brand-500/60",
                )
              }
            >
              <Star
                aria-hidden="true"
                className={cn("size-8", n <= value ? "fill-amber-400 text-amber-500" : "text-slate-400")}
              />
            </Radio>
          ))}
        </div>
        <span className="text-slate-700 text-sm" aria-hidden="true">
          {value ? `${starLabel(value)} · ${ratingWords[value]}` : "Choose 1 to 5 stars"}
        </span>
      </div>
      {error ? (
        <p className="flex items-start gap-1.5 font-medium text-red-700 text-sm" role="alert">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : null}
    </RadioGroup>
  );
}
