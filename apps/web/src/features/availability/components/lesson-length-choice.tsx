import { lessonLengthLabel } from "@kerb/shared/rules";
import { Label, Radio, RadioGroup, Text } from "react-aria-components";
import { cn } from "@/lib/cn";

type LessonLengthChoiceProps = {
  /** The lengths on offer, in minutes (60 first). With only 60 there is nothing to choose: nothing shows. */
  lengths: readonly number[];
  value: number;
  onChange: (minutes: number) => void;
  /** Said under a length, e.g. "2 credits" when a bundle pays. */
  noteOf?: (minutes: number) => string | null;
  /** What changing the length does to the times already picked. */
  description?: string;
};

/**
 * "Lesson length": a segmented radio group (React Aria: arrow keys, focus ring, labelling) above the
 * calendar. Changing it shows that length's times; what happens to the times already picked is the
 * owner's to decide and to say (`description`).
 */
export function LessonLengthChoice({
  lengths,
  value,
  onChange,
  noteOf,
  description = "Changing the length shows its times and clears the times you picked.",
}: LessonLengthChoiceProps) {
  if (lengths.length < 2) return null;
  return (
    <RadioGroup
      value={String(value)}
      onChange={(next) => onChange(Number(next))}
      orientation="horizontal"
      className="flex flex-col gap-2"
    >
      <Label className="font-semibold text-slate-900 text-sm">Lesson length</Label>
      <div className="grid auto-cols-fr grid-flow-col gap-2">
        {lengths.map((minutes) => {
          const note = noteOf?.(minutes) ?? null;
          return (
            <Radio
              key={minutes}
              value={String(minutes)}
              className={({ isSelected, isFocusVisible }) =>
                cn(
                  "flex min-h-11 cursor-pointer flex-col items-center justify-center rounded-xl border-2 bg-white px-2 py-1.5 text-center font-medium text-sm transition-colors",
                  isSelected
                    ? "border-brand-600 bg-brand-50 text-brand-900"
                    : "border-slate-200 text-slate-800 hover:border-slate-300",
                  isFocusVisible && "outline-3 outline-brand-500 outline-offset-2",
                )
              }
            >
              {lessonLengthLabel(minutes)}
              {note ? (
                <span className="font-normal text-slate-600 text-xs">
                  <span className="sr-only">, </span>
                  {note}
                </span>
              ) : null}
            </Radio>
          );
        })}
      </div>
      <Text slot="description" className="text-slate-600 text-xs">
        {description}
      </Text>
    </RadioGroup>
  );
}
