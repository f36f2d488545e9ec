import { LESSON_MINUTES, type StudentProfileBundle } from "@kerb/shared";
import { creditsForLesson } from "@kerb/shared/rules";
import MapPin from "lucide-react/icons/map-pin";
import Ticket from "lucide-react/icons/ticket";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { paths } from "@/config/paths";
import {
  creditCountText,
  LessonLengthChoice,
  lessonCredits,
  paidWithCreditsText,
  SlotPicker,
  type SlotSelectionProps,
  selectionCredits,
  useOfferedLengths,
} from "@/features/availability";
import { formatDate } from "@/lib/format";
import { creditsLeft } from "../model/credits";

export type CreditBundle = StudentProfileBundle & {
  instructor: NonNullable<StudentProfileBundle["instructor"]>;
};

type CreditSlotStepProps = SlotSelectionProps & {
  bundle: CreditBundle;
  suburb: string;
  /** 60 or 120: credits pay for whole hours (rules/lesson-lengths.ts), so 90 minutes is never offered. */
  lessonMinutes: number;
  /** A new length: its times are shown and the picked ones cleared (by the owner). */
  onLessonMinutesChange: (minutes: number) => void;
};

/**
 * The slot step in credit mode: the bundle's instructor's calendar in the bundle's suburb, every hour
 * costing one credit (a 2-hour lesson two, when the instructor offers it), and never more than the
 * credits left.
 */
export function CreditSlotStep({
  bundle,
  suburb,
  lessonMinutes,
  onLessonMinutesChange,
  ...selection
}: CreditSlotStepProps) {
  const left = creditsLeft(bundle);
  const name = `${bundle.instructor.firstName} ${bundle.instructor.lastName}`;
  const offered = useOfferedLengths(suburb, bundle.instructor.id).lengths;
  // Only lengths credits can pay for, and that the credits left cover at least once.
  const lengths = offered.filter((minutes) => {
    const credits = creditsForLesson(minutes);
    return credits !== null && credits <= left;
  });
  const minutes = lengths.includes(lessonMinutes) ? lessonMinutes : LESSON_MINUTES;
  const perLesson = lessonCredits(minutes);
  const used = selectionCredits(selection.selectedSlots);

  return (
    <SlotPicker
      suburb={suburb}
      source={{
        instructorId: bundle.instructor.id,
        ...(minutes === LESSON_MINUTES ? {} : { lessonMinutes: minutes }),
      }}
      payment={{ mode: "credits", left }}
      header={
        <Card>
          <CardContent className="flex items-start gap-3">
            <Ticket className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <div className="flex flex-col gap-1">
              <p className="font-semibold text-slate-900">Showing times with {name}</p>
              <p className="flex items-center gap-1 text-slate-600 text-sm">
                <MapPin className="size-3.5" aria-hidden="true" />
                {suburb} · standard and pool times,{" "}
                {perLesson === 1 ? "one credit each" : `${creditCountText(perLesson)} each`}
              </p>
              <p className="flex flex-wrap items-center gap-2 pt-1 text-sm">
                <Badge tone="brand">{paidWithCreditsText(Math.max(0, left - used))}</Badge>
                <span className="text-slate-600">Credits expire {formatDate(bundle.expiresAt)}</span>
              </p>
              <div className="pt-2">
                <LessonLengthChoice
                  lengths={lengths}
                  value={minutes}
                  onChange={(next) => {
                    if (next !== minutes) onLessonMinutesChange(next);
                  }}
                  noteOf={(length) => creditCountText(lessonCredits(length))}
                />
              </div>
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
