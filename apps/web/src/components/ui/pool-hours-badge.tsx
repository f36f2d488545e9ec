import Sparkles from "lucide-react/icons/sparkles";
import type { ReactNode } from "react";
import { Badge } from "./badge";

/** The amber tag of a weekday pool-hours lesson. */
export function PoolHoursBadge({ children = "Pool Hours" }: { children?: ReactNode }) {
  return (
    <Badge tone="accent" icon={<Sparkles className="size-3" aria-hidden="true" />}>
      {children}
    </Badge>
  );
}
