import { type CheckoutResponse, HOLD_MINUTES, type InvoiceNumberClaim, type Suburb } from "@kerb/shared";
import { type BundleSize, isValidLessonCount } from "@kerb/shared/rules";
import type { SelectedSlot } from "@/features/availability";
import type { BookingDraftFields } from "@/lib/booking-draft";

/** Flow A buys a bundle, Flow B books several individual slots (spec §2, §4). */
export type Flow = "bundle" | "multi_select";

const WIZARD_STEPS = [
  "flow_selection",
  "suburb_selection",
  "assessment",
  "instructor_selection",
  "rate_instructor_option",
  "slot_selection",
  "invoice",
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** Step names older drafts may hold; all of them are the invoice screen today (spec §2). */
const STEP_ALIASES: Record<string, WizardStep> = {
  review_bundle: "invoice",
  bundle_purchase: "invoice",
  payment: "invoice",
};

export type ExperienceLevel = "never_driven" | "some_experience" | "failed_test";
export type LicenseType = "automatic" | "manual";
export type RateOption = "pool_hours" | "pick_instructor";

export const ASSESSMENT_STEPS = 5;
export type AssessmentStep = 1 | 2 | 3 | 4 | 5;

export type AssessmentData = {
  experienceLevel: ExperienceLevel | null;
  licenseType: LicenseType | null;
  /** Sydney date YYYY-MM-DD, optional. */
  targetDate: string | null;
  specificSkills: string[];
  estimatedLessons: number | null;
  /** Preferred instructor language for the recommendation; English unless the student picks another. */
  language: string;
};

/**
 * The chosen instructor. `autoMatch` marks a choice the student left to us: the top recommended
 * instructor in both flows. Only drafts saved before Flow A recorded its pick hold one with `id` null
 * (such a bundle's credits are moved to an instructor when it is first used).
 */
export type SelectedInstructor = {
  id: string | null;
  firstName: string;
  lastName: string;
  /** Dollars per hour, as listed. */
  standardRate: number | null;
  poolRate: number | null;
  autoMatch: boolean;
};

/**
 * A payment already opened for exactly this purchase (`signature`). Paying again reuses it instead of
 * holding the same times twice, e.g. after coming back from the card page with "Try Again".
 */
export type PendingCheckout = {
  signature: string;
  response: CheckoutResponse;
  startedAt: number;
  /**
   * The pickup address the lessons were held with. The invoice step starts from it when reopened (a
   * reload, Back and forward again): otherwise the purchase would no longer match, and the screen would
   * show a new number and hold the same times again instead of this checkout's one.
   */
  pickupLocation?: string;
};

/** Holds (and card sessions) last 30 minutes; a minute's margin keeps us from reusing a dying one. */
export function isCheckoutReusable(checkout: PendingCheckout, signature: string, now: number): boolean {
  return checkout.signature === signature && now - checkout.startedAt < (HOLD_MINUTES - 1) * 60_000;
}

/**
 * A choice made on the step shown but not yet confirmed with Continue. It is saved with the draft, so a
 * reload shows the step as the student left it; confirming (or any other step change) drops it.
 */
type UnconfirmedChoice =
  | { step: "suburb_selection"; suburb: Suburb }
  | { step: "rate_instructor_option"; rateOption: RateOption }
  | { step: "instructor_selection"; instructor: SelectedInstructor };

export type WizardState = {
  flow: Flow | null;
  /** A WizardStep, or whatever an old or hand-edited draft held (shown as an unknown step). */
  currentStep: string;
  suburb: Suburb | null;
  assessmentData: AssessmentData;
  assessmentStep: AssessmentStep;
  selectedInstructor: SelectedInstructor | null;
  rateOption: RateOption | null;
  selectedSlots: SelectedSlot[];
  /** The calendar day whose slots are listed, YYYY-MM-DD. */
  selectedDate: string | null;
  /** Flow A: the bundle the student picked on the invoice; null means the recommended one. */
  bundleSize: BundleSize | null;
  pendingCheckout: PendingCheckout | null;
  /**
   * The number this booking's invoice screen showed: sent back when the screen opens again (Back and
   * forward, a reload), so one checkout keeps one number. A new booking starts without one.
   */
  invoice: InvoiceNumberClaim | null;
  unconfirmed: UnconfirmedChoice | null;
};

export const DEFAULT_LANGUAGE = "English";

export function emptyAssessment(): AssessmentData {
  return {
    experienceLevel: null,
    licenseType: null,
    targetDate: null,
    specificSkills: [],
    estimatedLessons: null,
    language: DEFAULT_LANGUAGE,
  };
}

export function initialWizardState(): WizardState {
  return {
    flow: null,
    currentStep: "flow_selection",
    suburb: null,
    assessmentData: emptyAssessment(),
    assessmentStep: 1,
    selectedInstructor: null,
    rateOption: null,
    selectedSlots: [],
    selectedDate: null,
    bundleSize: null,
    pendingCheckout: null,
    invoice: null,
    unconfirmed: null,
  };
}

/** The unconfirmed choice of `step`, if the student left one there. */
export function unconfirmedOn<S extends UnconfirmedChoice["step"]>(
  state: Pick<WizardState, "unconfirmed">,
  step: S,
): Extract<UnconfirmedChoice, { step: S }> | null {
  const choice = state.unconfirmed;
  return choice?.step === step ? (choice as Extract<UnconfirmedChoice, { step: S }>) : null;
}

export function isWizardStep(step: string): step is WizardStep {
  return (WIZARD_STEPS as readonly string[]).includes(step);
}

export function normalizeStep(step: string): string {
  return STEP_ALIASES[step] ?? step;
}

function isAssessmentComplete(a: AssessmentData): boolean {
  return a.experienceLevel !== null && a.licenseType !== null && isValidLessonCount(a.estimatedLessons);
}

export function instructorName(i: Pick<SelectedInstructor, "firstName" | "lastName">): string {
  return `${i.firstName} ${i.lastName}`.trim();
}

// ---------------------------------------------------------------------------------------------
// Navigation (spec §4)
// ---------------------------------------------------------------------------------------------

export type StepTarget = { step: WizardStep; assessmentStep?: AssessmentStep };

/** Where Back leads from the current step. Null on the first step. */
export function previousStep(state: WizardState): StepTarget | null {
  switch (state.currentStep) {
    case "flow_selection":
      return null;
    case "suburb_selection":
      return { step: "flow_selection" };
    case "assessment":
      return state.assessmentStep > 1
        ? { step: "assessment", assessmentStep: (state.assessmentStep - 1) as AssessmentStep }
        : { step: "suburb_selection" };
    case "rate_instructor_option":
      return { step: "assessment", assessmentStep: 5 };
    case "instructor_selection":
      return state.flow === "bundle"
        ? { step: "assessment", assessmentStep: 5 }
        : { step: "rate_instructor_option" };
    case "slot_selection":
      return state.rateOption === "pick_instructor"
        ? { step: "instructor_selection" }
        : { step: "rate_instructor_option" };
    case "invoice":
      return state.flow === "bundle" ? { step: "instructor_selection" } : { step: "slot_selection" };
    default:
      return { step: "flow_selection" };
  }
}

/**
 * The screens of each path, for the progress indicator: one honest count per path. Flow A (bundle) has
 * five; Flow B has six with Pool Hours and seven when the student picks an instructor (the booking
 * option and the instructor are two screens, so they are two steps).
 */
type ProgressPath = "bundle" | "pool_hours" | "pick_instructor";
const PROGRESS_PATHS: Record<ProgressPath, readonly WizardStep[]> = {
  bundle: ["flow_selection", "suburb_selection", "assessment", "instructor_selection", "invoice"],
  pool_hours: [
    "flow_selection",
    "suburb_selection",
    "assessment",
    "rate_instructor_option",
    "slot_selection",
    "invoice",
  ],
  pick_instructor: [
    "flow_selection",
    "suburb_selection",
    "assessment",
    "rate_instructor_option",
    "instructor_selection",
    "slot_selection",
    "invoice",
  ],
};

/**
 * Where the student is: step `number` of `total`. Until the path is chosen the total is the range of
 * the paths still open (`total` < `maxTotal`): "Step 1 of 5 to 7", "Step 2 of 6 or 7".
 */
type StepProgress = { number: number; total: number; maxTotal: number };

function openPaths(state: Pick<WizardState, "flow" | "rateOption">): ProgressPath[] {
  if (state.flow === "bundle") return ["bundle"];
  if (state.flow === "multi_select")
    return state.rateOption ? [state.rateOption] : ["pool_hours", "pick_instructor"];
  return ["bundle", "pool_hours", "pick_instructor"];
}

export function stepProgress(
  state: Pick<WizardState, "flow" | "currentStep" | "rateOption">,
): StepProgress | null {
  const onPath = (paths: ProgressPath[]) =>
    paths
      .map((path) => PROGRESS_PATHS[path])
      .filter((steps) => (steps as readonly string[]).includes(state.currentStep));
  // A step off the chosen path (a rate option about to change) counts on its flow's paths.
  const chosen = onPath(openPaths(state));
  const paths = chosen.length > 0 ? chosen : onPath(openPaths({ flow: state.flow, rateOption: null }));
  const first = paths[0];
  if (!first) return null;
  const totals = paths.map((steps) => steps.length);
  return {
    number: (first as readonly string[]).indexOf(state.currentStep) + 1,
    total: Math.min(...totals),
    maxTotal: Math.max(...totals),
  };
}

/** "Step 4 of 7", "Step 1 of 5 to 7", "Step 2 of 6 or 7". */
export function stepCountText({ number, total, maxTotal }: StepProgress): string {
  if (total === maxTotal) return `Step ${number} of ${total}`;
  return `Step ${number} of ${total} ${maxTotal - total === 1 ? "or" : "to"} ${maxTotal}`;
}

export const STEP_LABELS: Record<WizardStep, string> = {
  flow_selection: "Booking type",
  suburb_selection: "Suburb",
  assessment: "Assessment",
  rate_instructor_option: "Booking option",
  instructor_selection: "Instructor",
  slot_selection: "Lesson times",
  invoice: "Invoice",
};

// ---------------------------------------------------------------------------------------------
// Draft (spec §3): the saved form of the state, and a forgiving schema to read it back
// ---------------------------------------------------------------------------------------------

export function draftFromState(state: WizardState): BookingDraftFields {
  return {
    flow: state.flow,
    currentStep: state.currentStep,
    suburb: state.suburb,
    assessmentData: state.assessmentData,
    selectedInstructor: state.selectedInstructor,
    rateOption: state.rateOption,
    selectedSlots: state.selectedSlots,
    selectedDate: state.selectedDate,
    assessmentStep: state.assessmentStep,
    bundleSize: state.bundleSize,
    pendingCheckout: state.pendingCheckout,
    invoice: state.invoice,
    unconfirmed: state.unconfirmed,
  };
}

/** The furthest assessment question the answers so far allow (3 and 4 are optional). */
export function furthestAssessmentStep(a: AssessmentData): AssessmentStep {
  if (!a.experienceLevel) return 1;
  if (!a.licenseType) return 2;
  return 5;
}

/**
 * The step to show for a restored state, or for the step an address asks for: that one when everything
 * it needs is there, else the first step that still needs an answer.
 */
export function fitStep(state: WizardState): Pick<WizardState, "currentStep" | "assessmentStep"> {
  const step = state.currentStep;
  if (!isWizardStep(step) || step === "flow_selection") return state;
  if (!state.flow) return { currentStep: "flow_selection", assessmentStep: state.assessmentStep };
  if (step === "suburb_selection" || !state.suburb) {
    return { currentStep: "suburb_selection", assessmentStep: state.assessmentStep };
  }
  const furthest = furthestAssessmentStep(state.assessmentData);
  if (step === "assessment") {
    return { currentStep: step, assessmentStep: Math.min(state.assessmentStep, furthest) as AssessmentStep };
  }
  if (!isAssessmentComplete(state.assessmentData)) {
    return { currentStep: "assessment", assessmentStep: furthest };
  }
  const at = (currentStep: WizardStep) => ({ currentStep, assessmentStep: state.assessmentStep });
  if (state.flow === "bundle") {
    if (step === "invoice" && state.selectedInstructor) return state;
    return at("instructor_selection");
  }
  if (step === "rate_instructor_option" || !state.rateOption) return at("rate_instructor_option");
  if (step === "instructor_selection") return state;
  const needsInstructor = state.rateOption === "pick_instructor" && !state.selectedInstructor?.id;
  if (needsInstructor) return at("instructor_selection");
  if (step === "invoice" && state.selectedSlots.length > 0) return state;
  return at("slot_selection");
}
