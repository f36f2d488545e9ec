import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { FieldError, Radio, RadioGroup } from "react-aria-components";
import { cn } from "@/lib/cn";

export type ChoiceOption<T extends string> = {
  value: T;
  label: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  badge?: ReactNode;
};

type ChoiceCardsProps<T extends string> = {
  /** Id of the visible question that names the group. */
  labelledBy: string;
  value: T | null;
  onChange: (value: T) => void;
  options: readonly ChoiceOption<T>[];
  error?: string;
  columns?: 1 | 2 | 3;
  className?: string;
};

const columnClasses = { 1: "", 2: "sm:grid-cols-2", 3: "sm:grid-cols-3" } as const;

/**
 * One answer out of a few, drawn as large cards (React Aria radio group: arrow keys, focus ring and
 * labelling handled). Cards stack on phones so long answers stay readable.
 */
export function ChoiceCards<T extends string>({
  labelledBy,
  value,
  onChange,
  options,
  error,
  columns = 1,
  className,
}: ChoiceCardsProps<T>) {
  return (
    <RadioGroup
      aria-labelledby={labelledBy}
      value={value}
      onChange={(next) => onChange(next as T)}
      isInvalid={Boolean(error)}
      className={cn("flex flex-col gap-3", className)}
    >
      <div className={cn("grid grid-cols-1 gap-3", columnClasses[columns])}>
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            className={({ isSelected, isFocusVisible }) =>
              cn(
                "flex min-h-14 cursor-pointer items-start gap-3 rounded-2xl border-2 bg-white p-4 transition-colors",
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
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                    {option.icon ? <span className="text-brand-700">{option.icon}</span> : null}
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
