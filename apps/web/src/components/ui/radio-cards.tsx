import type { ReactNode } from "react";
import { Label, Radio, RadioGroup } from "react-aria-components";
import { cn } from "@/lib/cn";

export type RadioCardOption<T extends string> = {
  value: T;
  label: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
};

type RadioCardsProps<T extends string> = {
  label: ReactNode;
  value: T;
  onChange: (value: T) => void;
  options: readonly RadioCardOption<T>[];
  className?: string;
};

/** A radio group drawn as side-by-side cards (React Aria: arrow keys, focus and labelling handled). */
export function RadioCards<T extends string>({
  label,
  value,
  onChange,
  options,
  className,
}: RadioCardsProps<T>) {
  return (
    <RadioGroup
      value={value}
      onChange={(next) => onChange(next as T)}
      orientation="horizontal"
      className={cn("flex flex-col gap-2", className)}
    >
      <Label className="font-medium text-slate-800 text-sm">{label}</Label>
      <div className="grid grid-cols-2 gap-3">
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            className={({ isSelected, isFocusVisible }) =>
              cn(
                "flex min-h-11 cursor-pointer items-start gap-2.5 rounded-xl border-2 bg-white p-3 transition-colors sm:gap-3 sm:p-4",
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
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="flex items-center gap-2 font-semibold text-slate-900">
                    {option.icon ? <span className="hidden sm:inline-flex">{option.icon}</span> : null}
                    {option.label}
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
    </RadioGroup>
  );
}
