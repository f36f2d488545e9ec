import { Fragment, type ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * A grey placeholder block; screens compose these into the shape of what is loading. A span, so it may
 * stand in for text inside headings and paragraphs.
 */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span aria-hidden="true" className={cn("block animate-pulse rounded-lg bg-slate-200/80", className)} />
  );
}

/** `count` copies of one placeholder shape, e.g. the rows of a list that is loading. */
export function SkeletonRepeat({ count, children }: { count: number; children: ReactNode }) {
  return Array.from({ length: count }, (_, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder: their position is their identity
    <Fragment key={index}>{children}</Fragment>
  ));
}

/** Wraps placeholder shapes: screen readers hear one "Loading…" message instead of empty shapes. */
export function SkeletonGroup({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div role="status" className={className}>
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="contents">
        {children}
      </div>
    </div>
  );
}
