import { ProgressBar as AriaProgressBar, Label } from "react-aria-components";
import { cn } from "@/lib/cn";

type ProgressBarProps = {
  label: string;
  value: number;
  maxValue: number;
  valueLabel?: string;
  tone?: "brand" | "accent" | "neutral";
  className?: string;
};

const fills = { brand: "bg-brand-600", accent: "bg-amber-400", neutral: "bg-slate-400" };

export function ProgressBar({
  label,
  value,
  maxValue,
  valueLabel,
  tone = "brand",
  className,
}: ProgressBarProps) {
  return (
    <AriaProgressBar
      value={value}
      maxValue={maxValue}
      valueLabel={valueLabel}
      className={cn("flex flex-col gap-1.5", className)}
    >
      {({ percentage, valueText }) => (
        <>
          <div className="flex justify-between gap-3 text-sm">
            <Label className="text-slate-600">{label}</Label>
            <span className="font-medium text-slate-900">{valueText}</span>
          </div>
          <div className="h-2.5 overflow-hidden rounded-full bg-slate-100">
            <div
              className={cn("h-full rounded-full", fills[tone])}
              style={{ width: `${percentage ?? 0}%` }}
            />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
