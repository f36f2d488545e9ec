import { useEffect, useRef } from "react";

/**
 * A new step starts at the top with its heading focused, so screen readers announce it. Returns the
 * ref for the step's heading; `step` is whatever names the step shown.
 */
export function useStepHeadingFocus(step: unknown) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lastStep = useRef(step);
  useEffect(() => {
    if (lastStep.current === step) return;
    lastStep.current = step;
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [step]);
  return headingRef;
}
