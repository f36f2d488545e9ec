import {
  ASSESSMENT_STEPS,
  type AssessmentStep,
  isWizardStep,
  normalizeStep,
  type StepTarget,
  type WizardStep,
} from "./wizard-state";

/**
 * Every wizard step has its own address, `?resume=true&step=…` (plus `&question=…` inside the
 * assessment), and its own history entry, so the browser's Back and Forward move between steps and a
 * reload stays where the student was. `resume=true` is what restores the saved draft on a reload.
 */
export function stepSearch(target: StepTarget): string {
  const params = new URLSearchParams({ resume: "true", step: target.step });
  if (target.step === "assessment") params.set("question", String(target.assessmentStep ?? 1));
  return `?${params.toString()}`;
}

/** The step an address asks for, or null when it names none this version knows. */
export function requestedStep(
  search: string,
): { step: WizardStep; assessmentStep: AssessmentStep | null } | null {
  const params = new URLSearchParams(search);
  const step = normalizeStep(params.get("step") ?? "");
  if (!isWizardStep(step)) return null;
  const question = Number(params.get("question"));
  const assessmentStep =
    Number.isInteger(question) && question >= 1 && question <= ASSESSMENT_STEPS
      ? (question as AssessmentStep)
      : null;
  return { step, assessmentStep };
}

/**
 * What the wizard keeps in each of its history entries: which booking session made it (entries of one
 * session never remount the wizard; any other visit starts a new one) and the address it came from
 * (so the page's own Back can step back through history, leaving Forward intact).
 */
type WizardHistoryState = { wizardSession: string; from?: string };

export function wizardHistoryState(state: unknown): WizardHistoryState | null {
  if (typeof state !== "object" || state === null) return null;
  const { wizardSession, from } = state as Record<string, unknown>;
  if (typeof wizardSession !== "string") return null;
  return { wizardSession, ...(typeof from === "string" ? { from } : {}) };
}
