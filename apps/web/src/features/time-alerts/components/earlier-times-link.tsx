import BellRing from "lucide-react/icons/bell-ring";
import { ButtonLink } from "@/components/ui/button";
import { paths } from "@/config/paths";

/**
 * "Tell me about earlier times": to the alerts page, with the instructor chosen and (from a lesson) the
 * lesson's date as the last date to watch.
 */
export function EarlierTimesLink({
  instructorId,
  before,
  variant = "ghost",
  label,
}: {
  instructorId?: string;
  /** YYYY-MM-DD (Sydney): a lesson's date. */
  before?: string;
  variant?: "ghost" | "outline" | "secondary";
  /** The accessible name when several such links share a page (one per lesson). */
  label?: string;
}) {
  return (
    <ButtonLink
      to={paths.student.timeAlerts({ instructor: instructorId, before })}
      variant={variant}
      size="sm"
      icon={<BellRing className="size-4" aria-hidden="true" />}
      aria-label={label}
    >
      Tell me about earlier times
    </ButtonLink>
  );
}
