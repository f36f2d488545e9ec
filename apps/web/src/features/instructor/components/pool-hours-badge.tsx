import { Sparkles } from "lucide-react";
import { Badge } from "@/components/ui/badge";

export function PoolHoursBadge() {
  return (
    <Badge tone="accent" icon={<Sparkles className="size-3" aria-hidden="true" />}>
      Pool Hours
    </Badge>
  );
}
