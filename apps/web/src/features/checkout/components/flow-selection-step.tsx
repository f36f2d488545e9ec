import { bundleOptions, formatConsumerPrice } from "@kerb/shared/rules";
import { BUNDLE_VALIDITY, POOL_DISCOUNT } from "@kerb/shared/words";
import CalendarRange from "lucide-react/icons/calendar-range";
import Check from "lucide-react/icons/check";
import Package from "lucide-react/icons/package";
import { type ReactNode, useId } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import type { Flow } from "../model/wizard-state";

/** The cheapest bundle tier's price per lesson (the same for every estimate). */
const LOWEST_BUNDLE_PRICE_CENTS = Math.min(...bundleOptions().map((o) => o.pricePerLessonCents));

type FlowCardProps = {
  eyebrow: string;
  title: string;
  description: string;
  points: string[];
  icon: ReactNode;
  cta: string;
  isCurrent: boolean;
  onChoose: () => void;
};

function FlowCard({ eyebrow, title, description, points, icon, cta, isCurrent, onChoose }: FlowCardProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <button
      type="button"
      onClick={onChoose}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className={cn(
        "group flex h-full flex-col gap-4 rounded-2xl border-2 bg-white p-5 text-left shadow-sm transition-colors sm:p-6",
        "hover:border-brand-500 focus-visible:outline-3 focus-visible:outline-brand-500 focus-visible:outline-offset-2",
        isCurrent ? "border-brand-600" : "border-slate-200",
      )}
    >
      <span className="flex items-start justify-between gap-3">
        <span
          className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700"
          aria-hidden="true"
        >
          {icon}
        </span>
        {isCurrent ? <Badge tone="brand">Your current choice</Badge> : null}
      </span>
      <span className="flex flex-col gap-1">
        <span className="font-semibold text-brand-700 text-sm uppercase tracking-wide">{eyebrow}</span>
        <span id={titleId} className="font-bold text-slate-900 text-xl">
          {title}
        </span>
        <span id={descriptionId} className="text-slate-600">
          {description}
        </span>
      </span>
      {/* Spans, not a list: a button may only hold phrasing content. */}
      <span className="flex flex-col gap-2 text-slate-700 text-sm">
        {points.map((point) => (
          <span key={point} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            {point}
          </span>
        ))}
      </span>
      <span
        aria-hidden="true"
        className="mt-auto inline-flex min-h-11 items-center justify-center rounded-xl bg-brand-600 px-4 font-semibold text-white group-hover:bg-brand-700"
      >
        {cta}
      </span>
    </button>
  );
}

export function FlowSelectionStep({ flow, onChoose }: { flow: Flow | null; onChoose: (flow: Flow) => void }) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <FlowCard
        eyebrow="Flow A"
        title="Buy Bundle"
        description="Buy a pack of lessons at a lower price per lesson, then book your times whenever suits you."
        points={[
          `From ${formatConsumerPrice(LOWEST_BUNDLE_PRICE_CENTS, " per lesson")} in larger bundles`,
          "Sized to the lessons we recommend for you",
          `Lesson credits last ${BUNDLE_VALIDITY}`,
        ]}
        icon={<Package className="size-6" />}
        cta="Choose a bundle"
        isCurrent={flow === "bundle"}
        onChoose={() => onChoose("bundle")}
      />
      <FlowCard
        eyebrow="Flow B"
        title="Multi-Select Booking"
        description="Pick the exact lesson times you want from a 30-day calendar and pay for them in one go."
        points={[
          `Weekday Pool Hours save up to ${POOL_DISCOUNT}`,
          "Or pick your own instructor, or mix both",
          "Pay only for the lessons you choose",
        ]}
        icon={<CalendarRange className="size-6" />}
        cta="Pick lesson times"
        isCurrent={flow === "multi_select"}
        onChoose={() => onChoose("multi_select")}
      />
    </div>
  );
}
