import type { ReactNode, RefObject } from "react";
import { cn } from "@/lib/cn";

type StepFrameProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Receives focus when the step changes, so screen readers announce the new step. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
  className?: string;
};

/** A wizard step: its one h1, a line of context, then the step's content. */
export function StepFrame({ title, description, headingRef, children, className }: StepFrameProps) {
  return (
    <section className={cn("flex flex-col gap-6", className)} aria-labelledby="booking-step-title">
      <div className="flex flex-col gap-1.5">
        <h1
          id="booking-step-title"
          ref={headingRef}
          tabIndex={-1}
          className="font-bold text-2xl text-slate-900 tracking-tight outline-none sm:text-3xl"
        >
          {title}
        </h1>
        {description ? <p className="max-w-2xl text-base text-slate-600">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** The row of step actions: stacked full-width on phones, side by side from small screens up. */
export function StepActions({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        "flex flex-col-reverse gap-3 border-slate-200 border-t pt-5 sm:flex-row sm:items-center sm:justify-end",
        className,
      )}
    >
      {children}
    </div>
  );
}
