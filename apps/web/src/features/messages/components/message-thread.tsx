import type { Message } from "@kerb/shared";
import { type ReactNode, useEffect, useRef } from "react";
import { cn } from "@/lib/cn";
import { formatTimeOnDay } from "@/lib/format";

/**
 * The messages of one conversation, oldest first, the caller's on the right. A live log: a reply that
 * arrives while it is open is read out. Plain text only (React escapes it), line breaks kept. Scrolls to
 * the newest message when one arrives.
 */
export function MessageThread({
  messages,
  name,
  now,
  header,
  empty,
}: {
  messages: Message[];
  name: string;
  now: number;
  /** "Load earlier messages", above the oldest. */
  header?: ReactNode;
  /** What an empty conversation says. */
  empty: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const newest = messages[messages.length - 1]?.id;
  useEffect(() => {
    // A new latest message (or the first load): show the bottom. Loading older ones keeps the place.
    if (newest && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [newest]);
  const lastMine = [...messages].reverse().find((m) => m.fromMe);

  return (
    <div
      ref={box}
      role="log"
      aria-label={`Messages with ${name}`}
      // Scrollable, so it must be reachable by keyboard (axe: scrollable-region-focusable).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable so keyboards can scroll it
      tabIndex={0}
      className="flex max-h-[60vh] min-h-48 flex-col gap-3 overflow-y-auto rounded-xl bg-slate-50 p-3 focus-visible:outline-3 focus-visible:outline-brand-500 sm:p-4 lg:max-h-[32rem]"
    >
      {header}
      {messages.length === 0 ? (
        <p className="m-auto max-w-xs text-center text-slate-600 text-sm">{empty}</p>
      ) : null}
      <ol className="flex flex-col gap-3">
        {messages.map((m) => (
          <li key={m.id} className={cn("flex flex-col gap-1", m.fromMe ? "items-end" : "items-start")}>
            <p className="sr-only">{m.fromMe ? "You wrote:" : `${name} wrote:`}</p>
            <p
              className={cn(
                "max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-[0.95rem] leading-relaxed",
                m.fromMe
                  ? "rounded-br-md bg-brand-700 text-white"
                  : "rounded-bl-md bg-white text-slate-900 shadow-sm ring-1 ring-slate-200",
              )}
            >
              {m.body}
            </p>
            <p className="px-1 text-slate-600 text-xs">
              <time dateTime={m.sentAt}>{formatTimeOnDay(m.sentAt, now)}</time>
              {m.id === lastMine?.id && m.readAt ? " · Seen" : ""}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
