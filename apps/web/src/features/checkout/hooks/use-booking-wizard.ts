import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { clearBookingDraft, readBookingDraft, writeBookingDraft } from "@/lib/booking-draft";
import { requestedStep, stepSearch, wizardHistoryState } from "../model/step-address";
import {
  draftFromState,
  fitStep,
  initialWizardState,
  isWizardStep,
  type StepTarget,
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
        // An unconfirmed choice belongs to the step being left.
        unconfirmed: null,
        ...action.patch,
        currentStep: action.target.step,
        ...(action.target.assessmentStep ? { assessmentStep: action.target.assessmentStep } : {}),
      };
    case "reset":
      return initialWizardState();
  }
}

/**
 * The wizard's state and its saved draft (spec §3, §4). With `resume` a valid draft is restored;
 * without it the session starts fresh, but an old draft is not dropped unasked: the wizard asks
 * whether to resume it or start again (useBookingDraftChoice) before showing a step. Every change after
 * the first step is saved; the restored state itself is not re-saved, so its age (and the expiry banner) stays
 * true until the student acts.
 *
 * The step lives in the address (model/step-address.ts): each step change is a history entry, so the
 * browser's Back and Forward move between steps. The answers decide whether the step an address asks
 * for can be shown; a link or Forward to a step whose answers are missing lands on the first step
 * that still needs one, and the address is corrected in place.
 */
export function useBookingWizard({
  resume,
  session,
  restoreDraft,
}: {
  resume: boolean;
  session: string;
  /** model/wizard-draft's stateFromDraft; passed in only when resuming, so fresh visits skip zod. */
  restoreDraft?: (draft: unknown) => WizardState | null;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const [initial] = useState(() => {
    const draft = resume ? readBookingDraft() : null;
    const restored = draft && restoreDraft ? restoreDraft(draft) : null;
    return draft && restored
      ? { state: restored, savedAt: draft.timestamp as number | null }
      : { state: initialWizardState(), savedAt: null };
  });
  const [data, dispatch] = useReducer(reducer, initial.state);
  const [savedAt, setSavedAt] = useState<number | null>(initial.savedAt);

  const requested = useMemo(() => requestedStep(location.search), [location.search]);
  const state = useMemo<WizardState>(() => {
    if (!requested) return data;
    const wanted: WizardState = {
      ...data,
      currentStep: requested.step,
      assessmentStep: requested.assessmentStep ?? data.assessmentStep,
    };
    return { ...wanted, ...fitStep(wanted) };
  }, [data, requested]);

  // Whenever the address changes (arriving, Back, Forward), it is made to name the step shown, in this
  // session's history entry. An unknown step from an old draft has no address: it keeps the one it has.
  const canonical = isWizardStep(state.currentStep)
    ? stepSearch({ step: state.currentStep, assessmentStep: state.assessmentStep })
    : null;
  const entry = wizardHistoryState(location.state);
  const checkedLocation = useRef<string | null>(null);
  useEffect(() => {
    if (checkedLocation.current === location.key) return;
    checkedLocation.current = location.key;
    if (canonical === null) return;
    if (location.search === canonical && entry?.wizardSession === session) return;
    navigate({ search: canonical }, { replace: true, state: { ...entry, wizardSession: session } });
  }, [location.key, location.search, canonical, entry, session, navigate]);

  const lastSaved = useRef<string | null>(null);
  /** Paid: nothing is saved any more, whatever state changes still arrive before the page is left. */
  const isFinished = useRef(false);
  useEffect(() => {
    if (isFinished.current) return;
    const draft = draftFromState(state);
    const json = JSON.stringify(draft);
    const isFirstRun = lastSaved.current === null;
    if (json === lastSaved.current) return;
    lastSaved.current = json;
    if (isFirstRun) return;
    if (state.currentStep === "flow_selection" || !isWizardStep(state.currentStep)) return;
    setSavedAt(writeBookingDraft(draft).timestamp);
  }, [state]);

  // The address of the step being left, for the page's Back. The step's own address rather than the
  // location: the router renders its replace above in a transition, so a click can still find the
  // address as it arrived (no step in it) and Back would then push instead of going back.
  const from = canonical ?? location.search;
  const patch = useCallback((next: Partial<WizardState>) => dispatch({ type: "patch", patch: next }), []);
  const goTo = useCallback(
    (target: StepTarget, next?: Partial<WizardState>) => {
      dispatch({ type: "goTo", target, patch: next });
      const to = stepSearch({ ...target, assessmentStep: target.assessmentStep ?? data.assessmentStep });
      navigate({ search: to }, { state: { wizardSession: session, from } });
    },
    [navigate, session, from, data.assessmentStep],
  );
  /** The page's own Back: a step back through history when that is where it leads, so Forward returns. */
  const goBack = useCallback(
    (target: StepTarget) => {
      if (entry?.from === stepSearch(target)) navigate(-1);
      else goTo(target);
    },
    [entry, navigate, goTo],
  );
  const startOver = useCallback(() => {
    clearBookingDraft();
    setSavedAt(null);
    dispatch({ type: "reset" });
    navigate({ search: stepSearch({ step: "flow_selection" }) }, { state: { wizardSession: session, from } });
  }, [navigate, session, from]);

  /**
   * The booking is paid: the draft goes for good. A state change that lands after this (a paid checkout
   * answering at once, as a saved card does) must not write it back as "an unfinished booking".
   */
  const finish = useCallback(() => {
    isFinished.current = true;
    clearBookingDraft();
    setSavedAt(null);
  }, []);

  return { state, savedAt, patch, goTo, goBack, startOver, finish };
}
