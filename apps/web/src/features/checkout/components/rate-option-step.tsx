import { POOL_DISCOUNT, poolWindowText } from "@kerb/shared/words";
import Sparkles from "lucide-react/icons/sparkles";
import UserRoundCheck from "lucide-react/icons/user-round-check";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { type RadioCardOption, RadioCards } from "@/components/ui/radio-cards";
import { StepActions } from "@/components/ui/step-frame";
import type { RateOption } from "../model/wizard-state";

const OPTIONS: RadioCardOption<RateOption>[] = [
  {
    value: "pool_hours",
    label: "Pool Hours",
    icon: <Sparkles className="size-5" aria-hidden="true" />,
    badge: <Badge tone="accent">Save up to {POOL_DISCOUNT}</Badge>,
    description: `Cheaper lessons on weekdays, ${poolWindowText()}. We assign a free certified instructor for each lesson.`,
  },
  {
    value: "pick_instructor",
    label: "Pick Instructor",
    icon: <UserRoundCheck className="size-5" aria-hidden="true" />,
    description:
      "Choose the instructor you want and book any of their times, at their standard rate (their pool-hour times are cheaper).",
  },
];

export function RateOptionStep({
  rateOption,
  onPick,
  onContinue,
}: {
  rateOption: RateOption | null;
  /** A choice not yet confirmed, so the wizard can keep it across a reload. */
  onPick?: (option: RateOption) => void;
  onContinue: (option: RateOption) => void;
}) {
  const [choice, setChoiceState] = useState<RateOption | null>(rateOption);
  const setChoice = (option: RateOption) => {
    setChoiceState(option);
    onPick?.(option);
  };
  const labelId = useId();
  return (
    <div className="flex flex-col gap-6">
      <h2 id={labelId} className="sr-only">
        Booking option
      </h2>
      <RadioCards
        size="lg"
        labelledBy={labelId}
        value={choice}
        onChange={setChoice}
        options={OPTIONS}
        columns={2}
      />
      <Alert tone="info" title="You can mix both">
        Start with either option. On the lesson-times step you can switch between Pool Hours and a picked
        instructor, and every lesson you have already chosen stays in your selection.
      </Alert>
      <StepActions>
        <Button
          size="lg"
          disabled={choice === null}
          onClick={() => choice && onContinue(choice)}
          className="sm:min-w-40"
        >
          Continue
        </Button>
      </StepActions>
    </div>
  );
}
