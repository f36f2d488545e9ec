import { LESSON_MINUTES, type Suburb } from "@kerb/shared";
import { poolWindowText } from "@kerb/shared/words";
import MapPin from "lucide-react/icons/map-pin";
import Sparkles from "lucide-react/icons/sparkles";
import UserRoundCheck from "lucide-react/icons/user-round-check";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import {
  LessonLengthChoice,
  SlotPicker,
  type SlotSelectionProps,
  slotMinutes,
  useOfferedLengths,
  useStandardPrices,
} from "@/features/availability";
import { instructorName, type RateOption, type SelectedInstructor } from "../model/wizard-state";
import { RepeatWeeklyOption } from "./repeat-weekly-option";

type SlotSelectionStepProps = SlotSelectionProps & {
  suburb: Suburb;
  rateOption: RateOption;
  instructor: SelectedInstructor | null;
  /** The payment already opened for this selection: its holds are these lessons, not a clash. */
  openPaymentId?: string | null;
  onSwitchToPool: () => void;
  onPickInstructor: () => void;
  onChangeSuburb: () => void;
};

/** The wizard's slot step, paid by card: Pool Hours or the picked instructor's times in the suburb. */
export function SlotSelectionStep({
  suburb,
  rateOption,
  instructor,
  openPaymentId = null,
  onSwitchToPool,
  onPickInstructor,
  onChangeSuburb,
  ...selection
}: SlotSelectionStepProps) {
  const isPool = rateOption === "pool_hours" || !instructor?.id;
  const offered = useOfferedLengths(suburb, isPool ? null : instructor?.id);
  const { lengths } = offered;
  // The length of the times listed, not of the checkout: each picked lesson keeps its own (one checkout
  // may mix an hour with 90 minutes and two hours). Not saved apart from the lessons: a restored draft's
  // first picked lesson tells it.
  const [chosenLength, setChosenLength] = useState(() => {
    const first = selection.selectedSlots[0];
    return first ? slotMinutes(first) : LESSON_MINUTES;
  });
  // A restored longer lesson keeps its length while the listing loads (no detour through 60 minutes).
  const lessonMinutes =
    lengths.includes(chosenLength) || (offered.isPending && !isPool) ? chosenLength : LESSON_MINUTES;
  // At 60 minutes nothing is added, so the standard requests stay exactly as they were.
  const length = lessonMinutes === LESSON_MINUTES ? {} : { lessonMinutes };
  const source = isPool
    ? { poolHoursOnly: true, ...length }
    : { instructorId: instructor?.id ?? undefined, ...length };
  const standardPriceOf = useStandardPrices(suburb);
  const sourceName = isPool ? "Pool Hours" : instructor ? instructorName(instructor) : "";
  // One time picked with a chosen instructor: it can become a weekly lesson (issue 34).
  const [onlySlot] = selection.selectedSlots;
  const repeatable =
    !isPool && instructor?.id && onlySlot && selection.selectedSlots.length === 1
      ? { instructor: { id: instructor.id, firstName: instructor.firstName }, slot: onlySlot }
      : null;

  return (
    <SlotPicker
      suburb={suburb}
      source={source}
      payment={{ mode: "card", standardPriceOf, openPaymentId }}
      header={
        <Card>
          <CardContent className="flex flex-col gap-4">
            <div className="flex items-start gap-3">
              {isPool ? (
                <Sparkles className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
              ) : (
                <UserRoundCheck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
              )}
              <div className="flex flex-col gap-0.5">
                <p className="font-semibold text-slate-900">
                  {isPool ? "Showing Pool Hours times" : `Showing times with ${sourceName}`}
                </p>
                <p className="flex items-center gap-1 text-slate-600 text-sm">
                  <MapPin className="size-3.5" aria-hidden="true" />
                  {suburb}
                  {isPool
                    ? ` · weekdays ${poolWindowText()}, instructor auto-assigned`
                    : " · standard and pool times"}
                </p>
              </div>
            </div>
            <LessonLengthChoice
              lengths={lengths}
              value={lessonMinutes}
              onChange={setChosenLength}
              description="Changing the length shows its times; the times you picked stay, each at its own length."
            />
            <div className="flex flex-col gap-2 whitespace-nowrap sm:flex-row sm:flex-wrap">
              {isPool ? (
                <Button variant="outline" onClick={onPickInstructor}>
                  Pick an instructor instead
                </Button>
              ) : (
                <>
                  <Button variant="outline" onClick={onSwitchToPool}>
                    Switch to Pool Hours
                  </Button>
                  <Button variant="ghost" onClick={onPickInstructor}>
                    Change instructor
                  </Button>
                </>
              )}
            </div>
            {repeatable ? (
              <RepeatWeeklyOption instructor={repeatable.instructor} suburb={suburb} slot={repeatable.slot} />
            ) : null}
          </CardContent>
        </Card>
      }
      empty={{
        description: isPool
          ? `Pool Hours in ${suburb} are fully booked. Try picking an instructor, or another suburb.`
          : `${sourceName} has no free times in ${suburb}. Try Pool Hours, another instructor or another suburb.`,
        action: (
          <div className="flex flex-col gap-2 sm:flex-row">
            {isPool ? (
              <Button onClick={onPickInstructor}>Pick an instructor instead</Button>
            ) : (
              <Button onClick={onSwitchToPool}>Switch to Pool Hours</Button>
            )}
            <Button variant="outline" onClick={onChangeSuburb}>
              Choose another suburb
            </Button>
          </div>
        ),
      }}
      {...selection}
    />
  );
}
