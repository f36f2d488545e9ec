import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

type EmptyStateProps = {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
};

/** What an empty list shows: what is missing and what to do next. */
export function EmptyState({ icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center gap-3 rounded-2xl border border-slate-300 border-dashed bg-white px-6 py-10 text-center",
        className,
      )}
    >
      {icon ? (
        <div
          className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700"
          aria-hidden="true"
        >
          {icon}
        </div>
      ) : null}
      <p className="font-semibold text-base text-slate-900">{title}</p>
      {description ? <p className="max-w-sm text-slate-600 text-sm leading-relaxed">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
