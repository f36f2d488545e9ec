import type { AffectedBooking } from "@kerb/shared";
import TriangleAlert from "lucide-react/icons/triangle-alert";
import { CONFLICT_REASONS } from "@/features/availability";

/**
 * Under a booked lesson that the instructor's hours or settings no longer allow (a day off over it…):
 * the same conflict the Availability page lists, with why.
 */
export function ClashNote({ reasons }: { reasons: AffectedBooking["reasons"] | undefined }) {
  if (!reasons || reasons.length === 0) return null;
  return (
    <p className="flex items-start gap-1.5 font-medium text-amber-900 text-sm">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>Clashes with your availability: {reasons.map((r) => CONFLICT_REASONS[r] ?? r).join(", ")}</span>
    </p>
  );
}
