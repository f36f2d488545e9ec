import { FOCUS_SKILLS, MAX_LESSON_COUNT, MIN_LESSON_COUNT } from "@kerb/shared";
import { defaultEstimatedLessons, isValidLessonCount, recommendedLessonRange } from "@kerb/shared/rules";
import { licenseTypeLabels } from "@kerb/shared/words";
import Check from "lucide-react/icons/check";
import Sparkles from "lucide-react/icons/sparkles";
import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { CheckboxGroup, Label } from "react-aria-components";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { CheckCards } from "@/components/ui/check-cards";
import { SelectField, TextField } from "@/components/ui/field";
import { ProgressBar } from "@/components/ui/progress-bar";
import { type RadioCardOption, RadioCards } from "@/components/ui/radio-cards";
import { StepActions } from "@/components/ui/step-frame";
import { cn } from "@/lib/cn";
import { formatIsoDate } from "@/lib/format";
import {
  ASSESSMENT_STEPS,
  type AssessmentData,
  type AssessmentStep as AssessmentStepNumber,
  type ExperienceLevel,
  type LicenseType,
} from "../model/wizard-state";

const EXPERIENCE_LABELS: Record<ExperienceLevel, string> = {
  never_driven: "I've never driven",
  some_experience: "I have some experience",
  failed_test: "I've failed a driving test",
};

const EXPERIENCE_OPTIONS: RadioCardOption<ExperienceLevel>[] = [
  {
    value: "never_driven",
    label: EXPERIENCE_LABELS.never_driven,
    description: "Brand new behind the wheel. We'll start with the basics.",
  },
  {
    value: "some_experience",
    label: EXPERIENCE_LABELS.some_experience,
    description: "You've had some practice or a few lessons already.",
  },
  {
    value: "failed_test",
    label: EXPERIENCE_LABELS.failed_test,
    description: "You've sat the test before and want focused preparation.",
  },
];

const LICENSE_LABELS: Record<LicenseType, string> = {
  automatic: licenseTypeLabels.AUTOMATIC,
  manual: licenseTypeLabels.MANUAL,
};

const LICENSE_OPTIONS: RadioCardOption<LicenseType>[] = [
  {
    value: "automatic",
    label: LICENSE_LABELS.automatic,
    description: "Learn in an automatic car (the most common choice).",
  },
  {
    value: "manual",
    label: LICENSE_LABELS.manual,
    description: "Learn clutch control and gears for a full licence.",
  },
];

const LEVEL_PHRASES: Record<ExperienceLevel, string> = {
  never_driven: "someone who has never driven",
  some_experience: "someone with some driving experience",
  failed_test: "someone getting ready to retake the test",
};

/** Languages our instructors teach in; the recommendation assumes English unless another is chosen. */
const LANGUAGE_OPTIONS = [
  "English",
  "Arabic",
  "Urdu",
  "Mandarin",
  "Cantonese",
  "Hindi",
  "Vietnamese",
  "Greek",
  "Korean",
].map((language) => ({ value: language, label: language }));

const SUB_STEP_TITLES: Record<AssessmentStepNumber, string> = {
  1: "How much driving experience do you have?",
  2: "Which license type are you learning for?",
  3: "When is your driving test?",
  4: "What would you like to focus on?",
  5: "Your recommendation",
};

const SUB_STEP_SHORT: Record<AssessmentStepNumber, string> = {
  1: "Experience",
  2: "License type",
  3: "Test date",
  4: "Focus skills",
  5: "Recommendation",
};

const LESSON_COUNT_MESSAGE = `Enter a number of lessons from ${MIN_LESSON_COUNT} to ${MAX_LESSON_COUNT}.`;
const PAST_DATE_MESSAGE = "Your test date can't be in the past.";

type AssessmentStepProps = {
  data: AssessmentData;
  step: AssessmentStepNumber;
  today: string;
  onChange: (patch: Partial<AssessmentData>) => void;
  onStepChange: (step: AssessmentStepNumber) => void;
  onFinish: () => void;
  headingRef?: RefObject<HTMLHeadingElement | null>;
};

function SubStepProgress({ step }: { step: AssessmentStepNumber }) {
  return (
    <div className="flex flex-col gap-3">
      <ProgressBar
        label="Assessment"
        value={step}
        maxValue={ASSESSMENT_STEPS}
        valueLabel={`Question ${step} of ${ASSESSMENT_STEPS}`}
        tone="accent"
      />
      <ol className="hidden grid-cols-5 gap-2 text-xs sm:grid" aria-label="Assessment questions">
        {([1, 2, 3, 4, 5] as const).map((n) => (
          <li
            key={n}
            aria-current={n === step ? "step" : undefined}
            className={cn(
              "flex items-center gap-1.5",
              n === step ? "font-semibold text-slate-900" : n < step ? "text-brand-700" : "text-slate-500",
            )}
          >
            {n < step ? (
              <Check className="size-3.5" aria-hidden="true" />
            ) : (
              <span aria-hidden="true">{n}.</span>
            )}
            {SUB_STEP_SHORT[n]}
            {n < step ? <span className="sr-only"> (done)</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function AssessmentStep({
  data,
  step,
  today,
  onChange,
  onStepChange,
  onFinish,
  headingRef,
}: AssessmentStepProps) {
  const questionId = useId();
  // Messages belong to the question they were raised on.
  const [raised, setRaised] = useState<{ step: AssessmentStepNumber; message: string } | null>(null);
  const error = raised?.step === step ? raised.message : null;
  const setError = (message: string | null) => setRaised(message === null ? null : { step, message });
  const [lessonText, setLessonText] = useState(() =>
    data.estimatedLessons !== null ? String(data.estimatedLessons) : "",
  );

  // The recommendation starts from the bottom of the range for the student's level (spec §9). Only on
  // arriving at the question: typing is handled by the input itself.
  const arrivedAt = useRef<AssessmentStepNumber | null>(null);
  useEffect(() => {
    if (arrivedAt.current === step) return;
    arrivedAt.current = step;
    if (step !== 5 || !data.experienceLevel) return;
    if (data.estimatedLessons === null) {
      const estimate = defaultEstimatedLessons(data.experienceLevel);
      onChange({ estimatedLessons: estimate });
      setLessonText(String(estimate));
    } else {
      setLessonText(String(data.estimatedLessons));
    }
  }, [step, data.experienceLevel, data.estimatedLessons, onChange]);

  function next() {
    if (step === 1 && !data.experienceLevel) return setError("Please choose your experience level.");
    if (step === 2 && !data.licenseType) return setError("Please choose a license type.");
    if (step === 3 && data.targetDate && data.targetDate < today) return setError(PAST_DATE_MESSAGE);
    if (step === 5) {
      const count = Number(lessonText);
      if (!/^\d+$/.test(lessonText.trim()) || !isValidLessonCount(count))
        return setError(LESSON_COUNT_MESSAGE);
      onChange({ estimatedLessons: count });
      return onFinish();
    }
    setError(null);
    onStepChange((step + 1) as AssessmentStepNumber);
  }

  function changeLessonText(text: string) {
    setLessonText(text);
    const count = Number(text);
    if (/^\d+$/.test(text.trim()) && isValidLessonCount(count)) {
      setError(null);
      onChange({ estimatedLessons: count });
    } else {
      setError(LESSON_COUNT_MESSAGE);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <SubStepProgress step={step} />
      <Card>
        <CardContent className="flex flex-col gap-5">
          <h2
            id={questionId}
            ref={headingRef}
            tabIndex={-1}
            className="font-semibold text-slate-900 text-xl outline-none"
          >
            {SUB_STEP_TITLES[step]}
          </h2>

          {step === 1 ? (
            <RadioCards
              size="lg"
              labelledBy={questionId}
              value={data.experienceLevel}
              options={EXPERIENCE_OPTIONS}
              error={error ?? undefined}
              onChange={(experienceLevel) => {
                setError(null);
                // A new level means a new recommended range: the estimate starts over from its minimum.
                onChange(
                  experienceLevel === data.experienceLevel
                    ? { experienceLevel }
                    : { experienceLevel, estimatedLessons: null },
                );
              }}
            />
          ) : null}

          {step === 2 ? (
            <RadioCards
              size="lg"
              labelledBy={questionId}
              value={data.licenseType}
              options={LICENSE_OPTIONS}
              columns={2}
              error={error ?? undefined}
              onChange={(licenseType) => {
                setError(null);
                onChange({ licenseType });
              }}
            />
          ) : null}

          {step === 3 ? (
            <TextField
              label="Target test date (optional)"
              hint="Leave this blank if you haven't booked your test yet."
              type="date"
              min={today}
              value={data.targetDate ?? ""}
              error={error ?? undefined}
              onChange={(event) => {
                const value = event.target.value || null;
                setError(value && value < today ? PAST_DATE_MESSAGE : null);
                onChange({ targetDate: value });
              }}
              className="max-w-xs"
            />
          ) : null}

          {step === 4 ? (
            <CheckboxGroup
              value={data.specificSkills}
              onChange={(specificSkills) => onChange({ specificSkills })}
              className="flex flex-col gap-3"
            >
              <Label className="text-slate-600 text-sm">
                Focus skills (optional): choose any that apply.
              </Label>
              <CheckCards options={FOCUS_SKILLS} />
            </CheckboxGroup>
          ) : null}

          {step === 5 && data.experienceLevel ? (
            <Recommendation
              data={data}
              lessonText={lessonText}
              error={error}
              onLessonTextChange={changeLessonText}
              onLanguageChange={(language) => onChange({ language })}
            />
          ) : null}
        </CardContent>
      </Card>

      <StepActions>
        <Button size="lg" onClick={next} className="sm:min-w-40">
          {step === 5 ? "Continue" : "Next"}
        </Button>
      </StepActions>
    </div>
  );
}

function Recommendation({
  data,
  lessonText,
  error,
  onLessonTextChange,
  onLanguageChange,
}: {
  data: AssessmentData;
  lessonText: string;
  error: string | null;
  onLessonTextChange: (text: string) => void;
  onLanguageChange: (language: string) => void;
}) {
  const level = data.experienceLevel as ExperienceLevel;
  const range = recommendedLessonRange(level);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-start gap-3 rounded-2xl bg-brand-50 p-4 text-brand-950 ring-1 ring-brand-100">
        <Sparkles className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <p>
          We recommend{" "}
          <strong className="font-semibold">
            {range.min}–{range.max} lessons
          </strong>{" "}
          for {LEVEL_PHRASES[level]}.
        </p>
      </div>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Number of lessons"
          hint={`Start with our estimate or change it (${MIN_LESSON_COUNT}–${MAX_LESSON_COUNT}).`}
          type="number"
          inputMode="numeric"
          min={MIN_LESSON_COUNT}
          max={MAX_LESSON_COUNT}
          step={1}
          value={lessonText}
          error={error ?? undefined}
          onChange={(event) => onLessonTextChange(event.target.value)}
        />
        <SelectField
          label="Preferred instructor language"
          hint="We'll recommend instructors who speak it."
          options={LANGUAGE_OPTIONS}
          value={data.language}
          onChange={(event) => onLanguageChange(event.target.value)}
        />
      </div>

      <div className="flex flex-col gap-2">
        <h3 className="font-semibold text-slate-900">Your answers</h3>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-2xl border border-slate-200 p-4 text-sm sm:grid-cols-2">
          <SummaryItem term="Experience" value={EXPERIENCE_LABELS[level]} />
          <SummaryItem
            term="License type"
            value={data.licenseType ? LICENSE_LABELS[data.licenseType] : "Not chosen"}
          />
          <SummaryItem
            term="Target test date"
            value={data.targetDate ? formatIsoDate(data.targetDate) : "Not set"}
          />
          <SummaryItem
            term="Focus skills"
            value={data.specificSkills.length > 0 ? data.specificSkills.join(", ") : "None selected"}
          />
        </dl>
      </div>
    </div>
  );
}

function SummaryItem({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-slate-600">{term}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}
