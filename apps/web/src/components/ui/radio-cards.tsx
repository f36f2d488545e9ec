import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import type { ReactNode } from "react";
import { FieldError, Label, Radio, RadioGroup } from "react-aria-components";
import { cn } from "@/lib/cn";

export type RadioCardOption<T extends string> = {
  value: T;
  label: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** Shown after the label, e.g. a "Save up to 35%" badge. */
  badge?: ReactNode;
};

type RadioCardsSize = "md" | "lg";

const sizes: Record<
  RadioCardsSize,
  { group: string; grid: string; card: string; text: string; title: string; icon: string }
> = {
  // Short answers: two cards side by side at every width.
  md: {
    group: "gap-2",
    grid: "grid-cols-2",
    card: "min-h-11 gap-2.5 rounded-xl p-3 sm:gap-3 sm:p-4",
    text: "gap-0.5",
    title: "",
    icon: "hidden sm:inline-flex",
  },
  // Long answers: large cards that stack on phones so they stay readable.
  lg: {
    group: "gap-3",
    grid: "grid-cols-1",
    card: "min-h-14 gap-3 rounded-2xl p-4",
    text: "flex-1 gap-1",
    title: "flex-wrap",
    icon: "text-brand-700",
  },
};

const columnClasses = { 1: "", 2: "sm:grid-cols-2", 3: "sm:grid-cols-3" } as const;

type RadioCardsProps<T extends string> = {
  /** A visible label above the cards; or name the group by `labelledBy`. */
  label?: ReactNode;
  /** Id of a visible question elsewhere on the page that names the group. */
  labelledBy?: string;
  value: T | null;
  onChange: (value: T) => void;
  options: readonly RadioCardOption<T>[];
  error?: string;
  size?: RadioCardsSize;
  /** Large cards only: how many to a row from tablets up. */
  columns?: 1 | 2 | 3;
  className?: string;
};

/**
 * One answer out of a few, drawn as cards (React Aria radio group: arrow keys, focus ring and labelling
 * handled).
 */
export function RadioCards<T extends string>({
  label,
  labelledBy,
  value,
  onChange,
  options,
  error,
  size = "md",
  columns = 1,
  className,
}: RadioCardsProps<T>) {
  const style = sizes[size];
  return (
    <RadioGroup
      aria-labelledby={labelledBy}
      value={value}
      onChange={(next) => onChange(next as T)}
      isInvalid={Boolean(error)}
      orientation={size === "md" ? "horizontal" : "vertical"}
      className={cn("flex flex-col", style.group, className)}
    >
      {label ? <Label className="font-medium text-slate-800 text-sm">{label}</Label> : null}
      <div className={cn("grid gap-3", style.grid, size === "lg" && columnClasses[columns])}>
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            className={({ isSelected, isFocusVisible }) =>
              cn(
                "flex cursor-pointer items-start border-2 bg-white transition-colors",
                style.card,
                isSelected ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:border-slate-300",
                isFocusVisible && "outline-3 outline-brand-500 outline-offset-2",
              )
            }
          >
            {({ isSelected }) => (
              <>
                <span
                  aria-hidden="true"
                  className={cn(
                    "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border-2",
                    isSelected ? "border-brand-600" : "border-slate-400",
                  )}
                >
                  {isSelected ? <span className="size-2.5 rounded-full bg-brand-600" /> : null}
                </span>
                <span className={cn("flex min-w-0 flex-col", style.text)}>
                  <span className={cn("flex items-center gap-2 font-semibold text-slate-900", style.title)}>
                    {option.icon ? <span className={style.icon}>{option.icon}</span> : null}
                    {option.label}
                    {option.badge}
                  </span>
                  {option.description ? (
                    <span className="text-slate-600 text-sm leading-snug">{option.description}</span>
                  ) : null}
                </span>
              </>
            )}
          </Radio>
        ))}
      </div>
      <FieldError className="flex items-start gap-1.5 font-medium text-red-700 text-sm">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{error}</span>
      </FieldError>
    </RadioGroup>
  );
}
