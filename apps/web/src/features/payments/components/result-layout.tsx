import CircleCheck from "lucide-react/icons/circle-check";
import CircleX from "lucide-react/icons/circle-x";
import Clock from "lucide-react/icons/clock";
import type { ReactNode } from "react";
import { DocumentTitle } from "@/components/ui/document-title";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";

type ResultTone = "success" | "error" | "neutral" | "pending";

const ICONS = { success: CircleCheck, error: CircleX, neutral: CircleX, pending: Clock } as const;
const ICON_CLASSES: Record<ResultTone, string> = {
  success: "bg-brand-50 text-brand-700",
  error: "bg-red-50 text-red-700",
  neutral: "bg-slate-100 text-slate-700",
  pending: "bg-amber-50 text-amber-700",
};

type ResultLayoutProps = {
  title: string;
  message: ReactNode;
  tone: ResultTone;
  /** Extra content between the message and the actions (e.g. the receipt). */
  details?: ReactNode;
  children?: ReactNode;
};

/** The payment result screens: one icon, one h1, what happened, and where to go next. */
export function ResultLayout({ title, message, tone, details, children }: ResultLayoutProps) {
  const Icon = ICONS[tone];
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-5 px-4 py-12 text-center sm:py-20">
      <DocumentTitle title={title} />
      <div className={cn("flex size-16 items-center justify-center rounded-full", ICON_CLASSES[tone])}>
        <Icon className="size-8" aria-hidden="true" />
      </div>
      <h1 className="font-bold text-3xl text-slate-900 tracking-tight">{title}</h1>
      <div className="text-lg text-slate-600">{message}</div>
      {details ? <div className="w-full text-left">{details}</div> : null}
      {children ? <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">{children}</div> : null}
    </div>
  );
}

/**
 * ResultLayout's shape while the payment is looked up: its icon, heading and message, and the receipt
 * when one is coming (`withDetails`).
 */
export function ResultSkeleton({ label, withDetails = false }: { label: string; withDetails?: boolean }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-12 sm:py-20">
      <SkeletonGroup label={label}>
        <div className="flex flex-col items-center gap-4">
          <Skeleton className="size-16 rounded-full" />
          <Skeleton className="h-9 w-64" />
          <Skeleton className="h-5 w-80 max-w-full" />
          {withDetails ? <Skeleton className="h-40 w-full rounded-2xl" /> : null}
        </div>
      </SkeletonGroup>
    </div>
  );
}
