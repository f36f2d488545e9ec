import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import {
  clearBookingDraft,
  clearCompletedBookingDraft,
  readBookingDraft,
  writeBookingDraft,
} from "@/lib/booking-draft";
import {
  draftFromState,
  initialWizardState,
  isWizardStep,
  type StepTarget,
  stateFromDraft,
  type WizardState,
} from "../model/wizard-state";

type Action =
  | { type: "patch"; patch: Partial<WizardState> }
  | { type: "goTo"; target: StepTarget; patch?: Partial<WizardState> }
  | { type: "reset" };

function reducer(state: WizardState, action: Action): WizardState {
  switch (action.type) {
    case "patch":
      return { ...state, ...action.patch };
    case "goTo":
      return {
        ...state,
        ...action.patch,
        currentStep: action.target.step,
        ...(action.target.assessmentStep ? { assessmentStep: action.target.assessmentStep } : {}),
      };
    case "reset":
      return initialWizardState();
  }
}

/**
 * Once there is a draft, a reload should resume it rather than start over, so `resume=true` joins the
 * address. Written straight into the browser history (keeping the router's own history state) so the
 * router does not treat it as a navigation and remount the wizard.
 */
function markUrlResumable() {
  const url = new URL(window.location.href);
  if (url.searchParams.get("resume") === "true") return;
  url.searchParams.set("resume", "true");
  window.history.replaceState(window.history.state, "", url);
}

/**
 * The wizard's state and its saved draft (spec §3, §4). With `resume` a valid draft is restored;
 * without it the session starts fresh and any old draft is dropped. Every change after the first
 * step is saved; the restored state itself is not re-saved, so its age (and the expiry banner) stays
 * true until the student acts.
 */
export function useBookingWizard({ resume }: { resume: boolean }) {
  const [initial] = useState(() => {
    const draft = resume ? readBookingDraft() : null;
    const restored = draft ? stateFromDraft(draft) : null;
    return draft && restored
      ? { state: restored, savedAt: draft.timestamp as number | null }
      : { state: initialWizardState(), savedAt: null };
  });
  const [state, dispatch] = useReducer(reducer, initial.state);
  const [savedAt, setSavedAt] = useState<number | null>(initial.savedAt);
  const restoredState = useRef(initial.state);

  useEffect(() => {
    if (!resume) clearBookingDraft();
  }, [resume]);

  useEffect(() => {
    if (state === restoredState.current) return;
    if (state.currentStep === "flow_selection" || !isWizardStep(state.currentStep)) return;
    setSavedAt(writeBookingDraft(draftFromState(state)).timestamp);
    markUrlResumable();
  }, [state]);

  useEffect(() => {
    window.addEventListener("pagehide", clearCompletedBookingDraft);
    return () => window.removeEventListener("pagehide", clearCompletedBookingDraft);
  }, []);

  const patch = useCallback((next: Partial<WizardState>) => dispatch({ type: "patch", patch: next }), []);
  const goTo = useCallback(
    (target: StepTarget, next?: Partial<WizardState>) => dispatch({ type: "goTo", target, patch: next }),
    [],
  );
  const startOver = useCallback(() => {
    clearBookingDraft();
    setSavedAt(null);
    dispatch({ type: "reset" });
  }, []);

  return { state, savedAt, patch, goTo, startOver };
}
