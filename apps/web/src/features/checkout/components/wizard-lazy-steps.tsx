import { type ComponentType, use } from "react";
import type { WizardStep } from "../model/wizard-state";

/*
 * The booking wizard's later steps, each its own chunk. The first step (FlowSelectionStep) ships with
 * the page; the rest bring the calendar, react-aria widgets and the checkout, over 100 KB gzip that
 * /student/book used to download before it could show "How would you like to book?". Each step is
 * preloaded while the student is on the step before it (see preloadStepsAfter), so moving on rarely
 * waits for the network; when it does, the nearest Suspense boundary shows a spinner.
 *
 * Not React.lazy: a step whose code is already here renders at once, without suspending first. That
 * keeps a preloaded step from flashing the spinner, and lets tests preload every step (each step's
 * `preload`).
 */
function lazyStep<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = pick(module);
        return loaded;
      },
      (error: unknown) => {
        // Offline or a new deployment: the next render tries again; the route's error page reports it.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  function Step(props: P) {
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  return Object.assign(Step, { preload });
}

export const SuburbSelectionStep = lazyStep(
  () => import("./suburb-selection-step"),
  (m) => m.SuburbSelectionStep,
);
export const AssessmentStep = lazyStep(
  () => import("./assessment-step"),
  (m) => m.AssessmentStep,
);
export const RateOptionStep = lazyStep(
  () => import("./rate-option-step"),
  (m) => m.RateOptionStep,
);
export const InstructorSelectionStep = lazyStep(
  () => import("./instructor-selection-step"),
  (m) => m.InstructorSelectionStep,
);
export const SlotSelectionStep = lazyStep(
  () => import("./slot-selection-step"),
  (m) => m.SlotSelectionStep,
);
export const InvoiceStep = lazyStep(
  () => import("./invoice-step"),
  (m) => m.InvoiceStep,
);

const steps = {
  suburb_selection: SuburbSelectionStep,
  assessment: AssessmentStep,
  rate_instructor_option: RateOptionStep,
  instructor_selection: InstructorSelectionStep,
  slot_selection: SlotSelectionStep,
  invoice: InvoiceStep,
} satisfies Partial<Record<WizardStep, { preload: () => Promise<unknown> }>>;

type LazyStep = keyof typeof steps;

/** The steps a student can reach next from `step` (forward in either flow, or a "change suburb" link). */
const NEXT: Record<WizardStep, LazyStep[]> = {
  flow_selection: ["suburb_selection"],
  suburb_selection: ["assessment"],
  assessment: ["rate_instructor_option", "instructor_selection"],
  rate_instructor_option: ["slot_selection", "instructor_selection"],
  instructor_selection: ["slot_selection", "invoice"],
  slot_selection: ["invoice", "instructor_selection", "suburb_selection"],
  invoice: ["slot_selection"],
};

/** Starts loading the steps that can follow `step`. A failure is ignored here: rendering retries. */
export function preloadStepsAfter(step: WizardStep): void {
  for (const next of NEXT[step]) steps[next].preload().catch(() => undefined);
}
