import type { StudentProfileBundle } from "@kerb/shared";
import { creditsLeftText } from "@kerb/shared/words";
import Package from "lucide-react/icons/package";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { ConsumerPrice } from "@/components/ui/consumer-price";
import { ProgressBar } from "@/components/ui/progress-bar";
import { paths } from "@/config/paths";
import { formatDate } from "@/lib/format";
import { type BundleState, bundleState, remainingLessons } from "../model/bundle-state";

const STATE: Record<BundleState, { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "brand" },
  used: { label: "All credits used", tone: "neutral" },
  expired: { label: "Expired", tone: "neutral" },
};

type BundleCardProps = { bundle: StudentProfileBundle; now: number };

export function BundleCard({ bundle, now }: BundleCardProps) {
  const state = bundleState(bundle, now);
  const remaining = remainingLessons(bundle);
  const instructor = bundle.instructor
    ? `${bundle.instructor.firstName} ${bundle.instructor.lastName}`
    : null;

  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <div
            className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700"
            aria-hidden="true"
          >
            <Package className="size-5" />
          </div>
          <div className="flex flex-col">
            <h3 className="font-semibold text-slate-900">{bundle.totalLessons}-lesson bundle</h3>
            <p className="text-slate-600 text-sm">
              {instructor ? `With ${instructor}` : "Any instructor"} ·{" "}
              <ConsumerPrice dollars={bundle.pricePerLesson} per=" per lesson" />
            </p>
            {bundle.boughtBy ? (
              <p className="text-slate-600 text-sm">
                Bought for you by {bundle.boughtBy.firstName} {bundle.boughtBy.lastName}
              </p>
            ) : null}
          </div>
        </div>
        <Badge tone={STATE[state].tone}>{STATE[state].label}</Badge>
      </div>
      <ProgressBar
        label="Credits used"
        value={bundle.usedLessons}
        maxValue={Math.max(bundle.totalLessons, 1)}
        valueLabel={`${bundle.usedLessons} of ${bundle.totalLessons}`}
        tone={state === "active" ? "brand" : "neutral"}
      />
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-slate-600">
          {state === "expired" ? "Expired" : "Expires"}{" "}
          <span className="font-medium text-slate-900">{formatDate(bundle.expiresAt)}</span>
          {state === "active" ? (
            <>
              {" "}
              · <span className="font-medium text-slate-900">{creditsLeftText(remaining)}</span>
            </>
          ) : null}
        </p>
        {state === "active" ? (
          <ButtonLink to={paths.student.bookWithBundle(bundle.id)} variant="secondary" size="sm">
            Use Bundle
          </ButtonLink>
        ) : null}
      </div>
    </li>
  );
}
