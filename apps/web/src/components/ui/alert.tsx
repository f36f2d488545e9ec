import CircleCheck from "lucide-react/icons/circle-check";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import Info from "lucide-react/icons/info";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

type AlertTone = "info" | "success" | "warning" | "error";

const tones: Record<AlertTone, { box: string; icon: typeof Info }> = {
  info: { box: "border-sky-200 bg-sky-50 text-sky-900", icon: Info },
  success: { box: "border-brand-200 bg-brand-50 text-brand-900", icon: CircleCheck },
  warning: { box: "border-amber-300 bg-amber-50 text-amber-950", icon: TriangleAlert },
  error: { box: "border-red-200 bg-red-50 text-red-900", icon: CircleAlert },
};

type AlertProps = {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
};

/** A message box. Errors and warnings are announced when they appear; info and success politely. */
export function Alert({ tone = "info", title, children, action, className }: AlertProps) {
  const { box, icon: Icon } = tones[tone];
  const urgent = tone === "error" || tone === "warning";
  return (
    <div
      role={urgent ? "alert" : "status"}
      className={cn("flex gap-3 rounded-xl border p-4 text-sm", box, className)}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="leading-relaxed">{children}</div> : null}
        {action ? <div className="mt-2">{action}</div> : null}
      </div>
    </div>
  );
}
