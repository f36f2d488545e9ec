import type { StudentProfileBundle } from "@kerb/shared";
import MapPin from "lucide-react/icons/map-pin";
import Ticket from "lucide-react/icons/ticket";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { paidWithCreditsText, SlotPicker, type SlotSelectionProps } from "@/features/availability";
import { formatDate } from "@/lib/format";
import { creditsLeft } from "../model/credits";

export type CreditBundle = StudentProfileBundle & {
  instructor: NonNullable<StudentProfileBundle["instructor"]>;
};

type CreditSlotStepProps = SlotSelectionProps & {
  bundle: CreditBundle;
  suburb: string;
};

/**
 * The slot step in credit mode: the bundle's instructor's calendar in the bundle's suburb, every time
 * costing one credit, and never more lessons than credits left.
 */
export function CreditSlotStep({ bundle, suburb, ...selection }: CreditSlotStepProps) {
  const left = creditsLeft(bundle);
  const name = `${bundle.instructor.firstName} ${bundle.instructor.lastName}`;

  return (
    <SlotPicker
      suburb={suburb}
      source={{ instructorId: bundle.instructor.id }}
      payment={{ mode: "credits", left }}
      header={
        <Card>
          <CardContent className="flex items-start gap-3">
            <Ticket className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <div className="flex flex-col gap-1">
              <p className="font-semibold text-slate-900">Showing times with {name}</p>
              <p className="flex items-center gap-1 text-slate-600 text-sm">
                <MapPin className="size-3.5" aria-hidden="true" />
                {suburb} · standard and pool times, one credit each
              </p>
              <p className="flex flex-wrap items-center gap-2 pt-1 text-sm">
                <Badge tone="brand">
                  {paidWithCreditsText(Math.max(0, left - selection.selectedSlots.length))}
                </Badge>
                <span className="text-slate-600">Credits expire {formatDate(bundle.expiresAt)}</span>
              </p>
            </div>
          </CardContent>
        </Card>
      }
      empty={{
        description: `${name} has no free times in ${suburb} over this period. Your credits stay on the bundle until ${formatDate(bundle.expiresAt)}: check again in a few days.`,
        action: (
          <ButtonLink to={paths.student.dashboard()} variant="outline">
            Back to dashboard
          </ButtonLink>
        ),
      }}
      {...selection}
    />
  );
}
