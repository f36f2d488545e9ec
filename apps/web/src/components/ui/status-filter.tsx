import { SelectField } from "@/components/ui/field";
import type { StatusStyle } from "@/components/ui/status-badge";

type StatusFilterProps<S extends string> = {
  /** The statuses in their display order, and how each is named (the same map the badges use). */
  statuses: readonly S[];
  styles: Record<S, StatusStyle>;
  /** The "no filter" choice, e.g. "All refunds". */
  allLabel: string;
  value: S | undefined;
  /** "" when the filter is cleared. */
  onChange: (status: string) => void;
  className?: string;
};

/** The Status select of an admin list: every status by its badge name, plus one "all" choice. */
export function StatusFilter<S extends string>({
  statuses,
  styles,
  allLabel,
  value,
  onChange,
  className,
}: StatusFilterProps<S>) {
  return (
    <SelectField
      className={className}
      label="Status"
      value={value ?? ""}
      options={[
        { value: "", label: allLabel },
        ...statuses.map((s) => ({ value: s, label: styles[s].label })),
      ]}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
