import Check from "lucide-react/icons/check";
import { Checkbox } from "react-aria-components";
import { cn } from "@/lib/cn";

/**
 * A grid of checkbox cards (put it inside react-aria's CheckboxGroup): a tick box and the option's
 * words in a card at least 44 px tall, one column on small phones, up to four on wide screens.
 */
export function CheckCards({ options }: { options: readonly string[] }) {
  return (
    <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 md:grid-cols-4">
      {options.map((option) => (
        <Checkbox
          key={option}
          value={option}
          className={({ isSelected, isFocusVisible }) =>
            cn(
              "flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border-2 bg-white px-3 py-2 font-medium text-sm transition-colors",
              isSelected
                ? "border-brand-600 bg-brand-50 text-brand-900"
                : "border-slate-200 text-slate-800 hover:border-slate-300",
              isFocusVisible && "outline-3 outline-brand-500 outline-offset-2",
            )
          }
        >
          {({ isSelected }) => (
            <>
              <span
                aria-hidden="true"
                className={cn(
                  "flex size-5 shrink-0 items-center justify-center rounded-md border-2",
                  isSelected ? "border-brand-600 bg-brand-600 text-white" : "border-slate-400",
                )}
              >
                {isSelected ? <Check className="size-3.5" /> : null}
              </span>
              {option}
            </>
          )}
        </Checkbox>
      ))}
    </div>
  );
}
