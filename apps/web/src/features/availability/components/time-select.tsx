import type { ComponentProps } from "react";
import type { SelectOption } from "@/components/ui/field";
import { cn } from "@/lib/cn";

/**
 * A compact native select for times ("12:30 pm" must fit next to a second one on a 390px phone):
 * narrower padding than the form Select, the same look otherwise. Native, so phones show their picker.
 */
export function TimeSelect({
  options,
  className,
  ...props
}: ComponentProps<"select"> & { options: readonly SelectOption[] }) {
  return (
    <select
      className={cn(
        "block min-h-11 w-full appearance-none rounded-xl border border-slate-300 bg-white py-2 pr-7 pl-3 text-base text-slate-900 shadow-xs",
        "bg-[length:1rem] bg-[right_0.5rem_center] bg-no-repeat",
        "bg-[url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20' fill='%23475569'%3E%3Cpath fill-rule='evenodd' d='M5.23 7.21a.75.75 0 011.06.02L10 11.06l3.71-3.83a.75.75 0 111.08 1.04l-4.25 4.39a.75.75 0 01-1.08 0L5.21 8.27a.75.75 0 01.02-1.06z' clip-rule='evenodd'/%3E%3C/svg%3E\")]",
        "transition-colors hover:border-slate-400 focus:border-brand-600 focus-visible:outline-3 focus-visible:outline-brand-500/40 focus-visible:outline-offset-0",
        "aria-[invalid=true]:border-red-600",
        className,
      )}
      {...props}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
