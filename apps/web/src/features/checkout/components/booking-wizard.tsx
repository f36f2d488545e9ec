import type { Suburb } from "@kerb/shared";
import { bundleOptions, defaultEstimatedLessons, sydneyTodayDate } from "@kerb/shared/rules";
import { calendarWindowText } from "@kerb/shared/words";
import { useQueryClient } from "@tanstack/react-query";
import ArrowLeft from "lucide-react/icons/arrow-left";
import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Container } from "@/components/ui/container";
import { DocumentTitle } from "@/components/ui/document-title";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Spinner } from "@/components/ui/spinner";
import { StepFrame } from "@/components/ui/step-frame";
import { paths } from "@/config/paths";
import {
  availabilityKeys,
  RemovedSlotsNotice,
  type SelectedSlot,
  slotKey,
  toggleSlot,
} from "@/features/availability";
import { saveStudentAssessment, useStudentAssessment } from "@/features/learning";
import { arrivalNotice } from "@/lib/arrival-notice";
import { COMPLETED_DRAFT_STEP, writeBookingDraft } from "@/lib/booking-draft";
import { scopeKeys } from "@/lib/query-keys";
import { useStudentProfile } from "@/lib/student-profile";
import { useNow } from "@/lib/use-now";
import { useStepHeadingFocus } from "@/lib/use-step-heading-focus";
import { useBookingDraftChoice } from "../hooks/use-booking-draft-choice";
import { useBookingKeepalive } from "../hooks/use-booking-keepalive";
import { useBookingWizard } from "../hooks/use-booking-wizard";
import { heldPayments } from "../model/held-payments";
import { defaultBundle } from "../model/invoice";
import { assessmentToSave, profileAnswers, savedAssessmentAnswers } from "../model/profile-answers";
import {
  draftFromState,
  type Flow,
  isWizardStep,
  previousStep,
  type RateOption,
  type SelectedInstructor,
  STEP_LABELS,
  stepCountText,
  stepProgress,
  unconfirmedOn,
  type WizardState,
  type WizardStep,
} from "../model/wizard-state";
import { DraftChoicePrompt } from "./booking-draft-prompts";
import { DraftExpiryBanner } from "./draft-expiry-banner";
import { ExpiredDraftNotice } from "./expired-draft-notice";
import { FlowSelectionStep } from "./flow-selection-step";
import { UnknownStep } from "./unknown-step";
import {
  AssessmentStep,
  InstructorSelectionStep,
  InvoiceStep,
  preloadStepsAfter,
  RateOptionStep,
  SlotSelectionStep,
  SuburbSelectionStep,
} from "./wizard-lazy-steps";

const SUCCESS_MESSAGES: Record<Flow, string> = {
  bundle: "Bundle purchased successfully!",
  multi_select: "Bookings confirmed successfully!",
};

function stepCopy(state: WizardState): { title: string; description?: string } {
  switch (state.currentStep as WizardStep) {
    case "flow_selection":
      return {
        title: "How would you like to book?",
        description: "Buy a bundle of lessons, or pick the exact lesson times you want.",
      };
    case "suburb_selection":
      return {
        title: "Where would you like your lessons?",
        description: "Choose the suburb where your instructor will pick you up.",
      };
    case "assessment":
      return {
        title: "Tell us about your driving",
        description: "Five quick questions so we can recommend the right lessons and instructors for you.",
      };
    case "rate_instructor_option":
      return {
        title: "Choose your booking option",
        description: "Save with weekday Pool Hours, or choose your own instructor.",
      };
    case "instructor_selection":
      return {
        title: "Choose your instructor",
        description: `Certified instructors who teach in ${state.suburb ?? "your suburb"}.`,
      };
    case "slot_selection":
      return {
        title: "Pick your lesson times",
        description: `Choose days and times over the ${calendarWindowText()}. Add as many lessons as you like.`,
      };
    case "invoice":
      return {
        title: state.flow === "bundle" ? "Review your bundle and pay" : "Review your booking and pay",
      };
    default:
      return { title: "Book lessons" };
  }
}

/** Answers that depend on an earlier choice are dropped when that choice changes. */
const CLEARED_BY_SUBURB: Partial<WizardState> = {
  selectedInstructor: null,
  selectedSlots: [],
  selectedDate: null,
};

/** `session` names this booking session's history entries (see BookLessonsPage). */
export function BookingWizard({
  resume,
  session,
  restoreDraft,
}: {
  resume: boolean;
  session: string;
  restoreDraft?: (draft: unknown) => WizardState | null;
}) {
  const { state, savedAt, patch, goTo, goBack, startOver, finish } = useBookingWizard({
    resume,
    session,
    restoreDraft,
  });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const now = useNow();
  // What sign-up already told us (suburb, licence, experience) is preselected rather than asked again.
  const profile = useStudentProfile().data;
  const known = profileAnswers(profile);
  // The rest of the assessment kept with the account when they last booked (or edited it there).
  const savedAssessment = useStudentAssessment().data;
  // Opened afresh while a booking is saved: ask before it is thrown away (the draft is left untouched
  // until the student answers).
  const draftChoice = useBookingDraftChoice(
    new Set(profile ? heldPayments(profile.bookings, now).map((group) => group.paymentId) : []),
  );
  const [askAboutDraft] = useState(() => !resume && draftChoice.savedAt !== null);
  const today = useMemo(() => sydneyTodayDate(new Date()), []);
  const [removedNotice, setRemovedNotice] = useState<SelectedSlot[] | null>(null);
  const [isPaying, setPaying] = useState(false);
  const questionRef = useRef<HTMLHeadingElement>(null);
  const step = state.currentStep;
  const isKnownStep = isWizardStep(step);

  useBookingKeepalive(step, isKnownStep && step !== "flow_selection");

  const headingRef = useStepHeadingFocus(step);
  const lastQuestion = useRef(state.assessmentStep);
  useEffect(() => {
    if (lastQuestion.current === state.assessmentStep) return;
    lastQuestion.current = state.assessmentStep;
    if (step === "assessment") questionRef.current?.focus({ preventScroll: true });
  }, [state.assessmentStep, step]);

  // The steps that can follow this one start loading when the student reaches for the page (pointer
  // over it, or keyboard focus in it), not on idle: an idle preload lands in the first seconds of a
  // visit and competes with the page's own start-up on slow phones.
  const preloadNext = () => {
    if (isKnownStep) preloadStepsAfter(step as WizardStep);
  };

  const back = previousStep(state);
  const progress = stepProgress(state);
  const copy = stepCopy(state);

  function chooseFlow(flow: Flow) {
    const changed = flow !== state.flow;
    goTo(
      { step: "suburb_selection" },
      changed ? { flow, ...CLEARED_BY_SUBURB, rateOption: null, bundleSize: null } : { flow },
    );
  }

  function chooseSuburb(suburb: Suburb) {
    // The assessment starts from the account's answers (sign-up's, and the assessment kept when the
    // student last booked), unless already answered here.
    const answers = state.assessmentData;
    const untouched = answers.targetDate === null && answers.specificSkills.length === 0;
    const assessmentData = {
      ...answers,
      experienceLevel: answers.experienceLevel ?? known.experienceLevel,
      licenseType: answers.licenseType ?? known.licenseType,
      ...(untouched ? savedAssessmentAnswers(savedAssessment, today) : {}),
    };
    goTo(
      { step: "assessment", assessmentStep: 1 },
      suburb === state.suburb ? { suburb, assessmentData } : { suburb, assessmentData, ...CLEARED_BY_SUBURB },
    );
  }

  function chooseRateOption(rateOption: RateOption) {
    goTo({ step: rateOption === "pool_hours" ? "slot_selection" : "instructor_selection" }, { rateOption });
  }

  function chooseInstructor(selectedInstructor: SelectedInstructor) {
    if (state.flow === "bundle") goTo({ step: "invoice" }, { selectedInstructor });
    else goTo({ step: "slot_selection" }, { selectedInstructor, rateOption: "pick_instructor" });
  }

  function handlePaid(flow: Flow) {
    // Marked completed first: if anything below is interrupted, the paid draft is never resumed.
    writeBookingDraft({ ...draftFromState(state), currentStep: COMPLETED_DRAFT_STEP });
    finish();
    void queryClient.invalidateQueries({ queryKey: scopeKeys.student });
    void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
    // Said on the dashboard, in its status message (spec §8's words; no native alert).
    navigate(paths.student.dashboard(), { state: arrivalNotice(SUCCESS_MESSAGES[flow]) });
  }

  /**
   * The student is booking: their answers are kept with their account (their instructors see them, and
   * the next booking starts from them). Never in the way of paying: a failure here is not the payment's.
   */
  async function keepAssessment() {
    const payload = assessmentToSave(state.assessmentData, sydneyTodayDate(new Date()));
    if (payload) await saveStudentAssessment(payload).catch(() => undefined);
  }

  function returnToSlots(removed: SelectedSlot[]) {
    const gone = new Set(removed.map(slotKey));
    setRemovedNotice(removed);
    goTo(
      { step: "slot_selection" },
      {
        selectedSlots: state.selectedSlots.filter((slot) => !gone.has(slotKey(slot))),
        pendingCheckout: null,
      },
    );
  }

  function restart() {
    setRemovedNotice(null);
    startOver();
  }

  const estimate =
    state.assessmentData.estimatedLessons ??
    (state.assessmentData.experienceLevel
      ? defaultEstimatedLessons(state.assessmentData.experienceLevel)
      : 10);
  const options = bundleOptions(estimate);
  const bundle = options.find((o) => o.size === state.bundleSize) ?? defaultBundle(options, estimate);

  function renderStep() {
    switch (step as WizardStep) {
      case "flow_selection":
        return <FlowSelectionStep flow={state.flow} onChoose={chooseFlow} />;
      case "suburb_selection":
        return (
          <SuburbSelectionStep
            suburb={unconfirmedOn(state, "suburb_selection")?.suburb ?? state.suburb ?? known.suburb}
            onPick={(suburb) => patch({ unconfirmed: { step: "suburb_selection", suburb } })}
            onContinue={chooseSuburb}
          />
        );
      case "assessment":
        return (
          <AssessmentStep
            data={state.assessmentData}
            step={state.assessmentStep}
            today={today}
            headingRef={questionRef}
            onChange={(answers) =>
              patch({
                assessmentData: { ...state.assessmentData, ...answers },
                ...("estimatedLessons" in answers ? { bundleSize: null } : {}),
              })
            }
            onStepChange={(assessmentStep) => goTo({ step: "assessment", assessmentStep })}
            onFinish={() =>
              goTo({ step: state.flow === "bundle" ? "instructor_selection" : "rate_instructor_option" })
            }
          />
        );
      case "rate_instructor_option":
        return (
          <RateOptionStep
            rateOption={unconfirmedOn(state, "rate_instructor_option")?.rateOption ?? state.rateOption}
            onPick={(rateOption) => patch({ unconfirmed: { step: "rate_instructor_option", rateOption } })}
            onContinue={chooseRateOption}
          />
        );
      case "instructor_selection":
        return (
          <InstructorSelectionStep
            flow={state.flow ?? "multi_select"}
            query={{
              suburb: state.suburb ?? "",
              experienceLevel: state.assessmentData.experienceLevel ?? undefined,
              licenseType: state.assessmentData.licenseType ?? undefined,
              language: state.assessmentData.language,
            }}
            selected={unconfirmedOn(state, "instructor_selection")?.instructor ?? state.selectedInstructor}
            onPick={(instructor) => patch({ unconfirmed: { step: "instructor_selection", instructor } })}
            onContinue={chooseInstructor}
            onChangeSuburb={() => goTo({ step: "suburb_selection" })}
          />
        );
      case "slot_selection":
        return (
          <SlotSelectionStep
            suburb={state.suburb as Suburb}
            rateOption={state.rateOption ?? "pool_hours"}
            instructor={state.selectedInstructor}
            selectedSlots={state.selectedSlots}
            selectedDate={state.selectedDate}
            openPaymentId={state.pendingCheckout?.response.payment.id ?? null}
            notice={
              removedNotice ? (
                <RemovedSlotsNotice
                  slots={removedNotice}
                  withInstructor
                  onDismiss={() => setRemovedNotice(null)}
                />
              ) : null
            }
            onSelectDate={(selectedDate) => patch({ selectedDate })}
            onToggleSlot={(slot) => patch({ selectedSlots: toggleSlot(state.selectedSlots, slot) })}
            onRemoveSlot={(slot) =>
              patch({ selectedSlots: state.selectedSlots.filter((s) => slotKey(s) !== slotKey(slot)) })
            }
            onSwitchToPool={() => patch({ rateOption: "pool_hours" })}
            onPickInstructor={() => goTo({ step: "instructor_selection" }, { rateOption: "pick_instructor" })}
            onChangeSuburb={() => goTo({ step: "suburb_selection" })}
            onContinue={() => {
              setRemovedNotice(null);
              goTo({ step: "invoice" });
            }}
          />
        );
      case "invoice":
        return (
          <InvoiceStep
            flow={state.flow ?? "multi_select"}
            suburb={state.suburb as Suburb}
            instructor={state.selectedInstructor}
            slots={state.selectedSlots}
            bundleOptions={options}
            bundle={bundle}
            estimatedLessons={estimate}
            onBundleChange={(bundleSize) => patch({ bundleSize })}
            onBack={() => back && goBack(back)}
            onBusyChange={setPaying}
            onPay={keepAssessment}
            onPaid={handlePaid}
            onReturnToSlots={returnToSlots}
            pendingCheckout={state.pendingCheckout}
            shownInvoice={state.invoice}
            onInvoiceOpened={(invoice) => patch({ invoice })}
            onCheckoutChange={(pendingCheckout) => {
              // Saved at once, not on the next render: a card-page redirect may follow immediately.
              writeBookingDraft(draftFromState({ ...state, pendingCheckout }));
              patch({ pendingCheckout });
            }}
          />
        );
      default:
        return <UnknownStep step={step} onStartOver={restart} />;
    }
  }

  if (askAboutDraft && draftChoice.savedAt !== null) {
    return (
      <Container className="flex flex-col gap-6 py-6 sm:py-10">
        <DocumentTitle title="Book lessons · Unfinished booking" />
        <p className="font-semibold text-brand-700 text-sm uppercase tracking-wide">Book lessons</p>
        <StepFrame title="You have an unfinished booking" headingRef={headingRef}>
          <DraftChoicePrompt
            savedAt={draftChoice.savedAt}
            now={now}
            holdsLessons={draftChoice.holdsLessons}
            onStartAgain={() => void draftChoice.startAgain()}
            isStartingAgain={draftChoice.isStartingAgain}
          />
        </StepFrame>
      </Container>
    );
  }

  return (
    <Container
      className="flex flex-col gap-6 py-6 sm:py-10"
      onPointerOver={preloadNext}
      onFocus={preloadNext}
    >
      <DocumentTitle
        title={isKnownStep ? `Book lessons · ${STEP_LABELS[step as WizardStep]}` : "Book lessons"}
      />
      <div className="flex flex-col gap-4">
        <div className="flex min-h-11 items-center justify-between gap-3">
          {back && isKnownStep && step !== "flow_selection" ? (
            <Button
              variant="ghost"
              className="-ml-3"
              onClick={() => goBack(back)}
              disabled={isPaying}
              icon={<ArrowLeft className="size-5" aria-hidden="true" />}
            >
              Back
            </Button>
          ) : (
            <p className="font-semibold text-brand-700 text-sm uppercase tracking-wide">Book lessons</p>
          )}
        </div>
        {progress ? (
          <ProgressBar
            label="Booking progress"
            value={progress.number}
            maxValue={progress.maxTotal}
            valueLabel={`${stepCountText(progress)}: ${STEP_LABELS[step as WizardStep]}`}
          />
        ) : null}
      </div>

      <ExpiredDraftNotice now={now} />
      <DraftExpiryBanner savedAt={savedAt} now={now} onStartOver={restart} />

      <StepFrame title={copy.title} description={copy.description} headingRef={headingRef}>
        <Suspense
          fallback={
            <div className="flex justify-center py-10 text-brand-600">
              <Spinner className="size-8" label="Loading this step…" />
            </div>
          }
        >
          {renderStep()}
        </Suspense>
      </StepFrame>
    </Container>
  );
}
