import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  eyebrow?: ReactNode;
  className?: string;
};

/** The page's one h1, with an optional line of context and actions on the right (below on phones). */
export function PageHeader({ title, description, actions, eyebrow, className }: PageHeaderProps) {
  return (
    <div className={cn("flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between", className)}>
      <div className="flex flex-col gap-1.5">
        {eyebrow ? (
          <p className="font-semibold text-brand-700 text-sm uppercase tracking-wide">{eyebrow}</p>
        ) : null}
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="max-w-2xl text-base text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
    </div>
  );
}
