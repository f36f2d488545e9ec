import type { ConversationSummary } from "@kerb/shared";
import { fullName, messageExcerpt } from "@kerb/shared/rules";
import { Link } from "react-router";
import { cn } from "@/lib/cn";
import { formatTimeOnDay } from "@/lib/format";
import { UnreadBadge } from "./unread-badge";

/**
 * The caller's conversations, latest first: each a link to its thread with the other person's name, the
 * start of the last message ("You: …" when it was theirs) and when it was sent, and the unread count.
 */
export function ConversationList({
  conversations,
  hrefOf,
  activeId,
  now,
}: {
  conversations: ConversationSummary[];
  hrefOf: (otherUserId: string) => string;
  activeId: string | undefined;
  now: number;
}) {
  return (
    <ul className="flex flex-col gap-1">
      {conversations.map((c) => {
        const name = fullName(c.with);
        const isActive = c.with.id === activeId;
        const unread = c.unreadCount > 0 ? `, ${c.unreadCount} unread` : "";
        return (
          <li key={c.with.id}>
            <Link
              to={hrefOf(c.with.id)}
              aria-current={isActive ? "page" : undefined}
              aria-label={`${name}${unread}`}
              className={cn(
                "flex min-h-11 flex-col gap-0.5 rounded-xl px-3 py-2.5 transition-colors",
                "focus-visible:outline-3 focus-visible:outline-brand-500 focus-visible:outline-offset-2",
                isActive ? "bg-brand-50" : "hover:bg-slate-100",
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span
                  className={cn(
                    "min-w-0 truncate text-slate-900",
                    c.unreadCount > 0 ? "font-bold" : "font-semibold",
                  )}
                >
                  {name}
                </span>
                <span className="flex shrink-0 items-center gap-2">
                  <time dateTime={c.lastMessage.sentAt} className="text-slate-600 text-xs">
                    {formatTimeOnDay(c.lastMessage.sentAt, now)}
                  </time>
                  <UnreadBadge count={c.unreadCount} />
                </span>
              </span>
              <span className="truncate text-slate-600 text-sm">
                {c.lastMessage.fromMe ? "You: " : ""}
                {messageExcerpt(c.lastMessage.body, 80)}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
