import { cn } from "@/lib/cn";

/** A small count of unread messages; "99+" past 99. Its words for screen readers come from its label. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      className={cn(
        "inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 font-semibold text-white text-xs leading-5",
        className,
      )}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}
