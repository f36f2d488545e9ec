import type { TestPackSummary } from "@kerb/shared";
import { testPackScheduleLabel } from "@kerb/shared/rules";
import GraduationCap from "lucide-react/icons/graduation-cap";
import { cn } from "@/lib/cn";

/**
 * "Test package · St Marys Driver Testing Centre · test 10:30 am": a driving-test package (issue 33) in a
 * schedule or a list, so nobody reads the three-hour block as a plain lesson. Null for a lesson.
 */
export function TestPackLabel({
  pack,
  className,
}: {
  pack: TestPackSummary | null | undefined;
  className?: string;
}) {
  if (!pack) return null;
  return (
    <span className={cn("flex items-center gap-1.5 font-medium text-sky-900 text-sm", className)}>
      <GraduationCap className="size-4 shrink-0" aria-hidden="true" />
      {testPackScheduleLabel({ centreName: pack.centre.name, testAt: new Date(pack.testAt) })}
    </span>
  );
}
