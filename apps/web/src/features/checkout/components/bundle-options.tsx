import {
  type BundleOption,
  type BundleSize,
  consumerPriceParts,
  formatConsumerPrice,
} from "@kerb/shared/rules";
import Star from "lucide-react/icons/star";
import { useId } from "react";
import { Radio, RadioGroup } from "react-aria-components";
import { Badge } from "@/components/ui/badge";
import { ConsumerPrice } from "@/components/ui/consumer-price";
import { cn } from "@/lib/cn";

type BundleOptionsProps = {
  options: readonly BundleOption[];
  value: BundleSize;
  estimatedLessons: number;
  onChange: (size: BundleSize) => void;
};

/** Small, Medium and Large for the student's estimate; the recommended ones stand out (spec §9). */
export function BundleOptions({ options, value, estimatedLessons, onChange }: BundleOptionsProps) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id={labelId} className="font-semibold text-lg text-slate-900">
          Choose your bundle
        </h2>
        <p className="text-slate-600 text-sm">
          Based on your estimate of {estimatedLessons} {estimatedLessons === 1 ? "lesson" : "lessons"}.
          Recommended bundles are highlighted.
        </p>
      </div>
      <RadioGroup
        aria-labelledby={labelId}
        value={value}
        onChange={(next) => onChange(next as BundleSize)}
        orientation="horizontal"
      >
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {options.map((option) => (
            <Radio
              key={option.size}
              value={option.size}
              data-recommended={option.recommended || undefined}
              aria-label={`${option.name} bundle, ${option.lessons} lessons at ${consumerPriceParts(option.pricePerLessonCents).total} each, ${formatConsumerPrice(option.totalCents)}${option.recommended ? ", recommended" : ""}`}
              className={({ isSelected, isFocusVisible }) =>
                cn(
                  "relative flex min-h-11 cursor-pointer flex-col gap-2 rounded-2xl border-2 p-4 transition-colors",
                  option.recommended ? "bg-amber-50/60" : "bg-white",
                  isSelected
                    ? "border-brand-600 ring-4 ring-brand-100"
                    : option.recommended
                      ? "border-amber-300 hover:border-amber-400"
                      : "border-slate-200 hover:border-slate-300",
                  isFocusVisible && "outline-3 outline-brand-500 outline-offset-2",
                )
              }
            >
              {({ isSelected }) => (
                <>
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-bold text-lg text-slate-900">{option.name}</span>
                    {option.recommended ? (
                      <Badge tone="accent" icon={<Star className="size-3" aria-hidden="true" />}>
                        Recommended
                      </Badge>
                    ) : null}
                  </div>
                  <span className="text-slate-700">
                    <span className="font-semibold text-2xl text-slate-900">{option.lessons}</span> lessons
                  </span>
                  <ConsumerPrice
                    cents={option.pricePerLessonCents}
                    per=" per lesson"
                    className="text-slate-700 text-sm"
                  />
                  <ConsumerPrice cents={option.totalCents} className="font-semibold text-lg text-slate-900" />
                  <span
                    aria-hidden="true"
                    className={cn(
                      "mt-1 inline-flex min-h-9 items-center justify-center rounded-lg font-semibold text-sm",
                      isSelected ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-700",
                    )}
                  >
                    {isSelected ? "Selected" : "Choose"}
                  </span>
                </>
              )}
            </Radio>
          ))}
        </div>
      </RadioGroup>
    </div>
  );
}
