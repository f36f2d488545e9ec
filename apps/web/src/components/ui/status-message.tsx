import CircleCheck from "lucide-react/icons/circle-check";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import { useEffect, useRef } from "react";

export type StatusTone = "success" | "error";
export type StatusNote = { id: number; text: string; tone?: StatusTone };

/**
 * The outcome of the last action on the page ("Lesson cancelled. Refunded $77.00 to your card."). The
 * live region is always there so the words are announced when they change, and the message takes
 * focus: the button that was pressed has gone with the lesson it belonged to. An "error" note says
 * that something was refused after the thing it was about has gone from the page.
 */
export function StatusMessage({ note }: { note: StatusNote | null }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (note) box.current?.focus();
  }, [note]);
  return (
    <div role="status" aria-atomic="true">
      {note ? (
        <div
          ref={box}
          tabIndex={-1}
          className={
            note.tone === "error"
              ? "flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900 text-sm outline-none focus-visible:outline-3 focus-visible:outline-brand-500"
              : "flex gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-brand-900 text-sm outline-none focus-visible:outline-3 focus-visible:outline-brand-500"
          }
        >
          {note.tone === "error" ? (
            <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          ) : (
            <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          )}
          <p className="font-medium leading-relaxed">{note.text}</p>
        </div>
      ) : null}
    </div>
  );
}
