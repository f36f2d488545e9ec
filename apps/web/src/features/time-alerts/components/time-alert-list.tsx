import type { TimeAlert, TimeAlertEndReason } from "@kerb/shared";
import { formatIsoDate } from "@kerb/shared/rules";
import BellRing from "lucide-react/icons/bell-ring";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { formatDateTime } from "@/lib/format";
import { useEndTimeAlert } from "../api/end-time-alert";
import { describeWindow } from "../model/alert-form";

const END_REASONS: Record<TimeAlertEndReason, string> = {
  LEARNER: "Ended by you",
  WINDOW_PASSED: "Its dates have passed",
  INSTRUCTOR_UNAVAILABLE: "The instructor no longer teaches there",
  TIME_HELD: "You held a time it found",
};

/** The learner's alerts: what each watches, when it last emailed, and End. */
export function TimeAlertList({ alerts }: { alerts: TimeAlert[] }) {
  const end = useEndTimeAlert();
  if (alerts.length === 0) {
    return (
      <EmptyState
        icon={<BellRing className="size-6" />}
        title="No alerts yet"
        description="Set one above and we'll email you when a time that suits you frees up."
      />
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {end.error ? <ErrorState title="We couldn't end that alert" error={end.error} /> : null}
      <ul className="flex flex-col gap-3">
        {alerts.map((alert) => {
          const who = alert.instructor
            ? `${alert.instructor.firstName} ${alert.instructor.lastName}`
            : `Any instructor in ${alert.suburb}`;
          const active = alert.status === "ACTIVE";
          return (
            <li
              key={alert.id}
              className="flex flex-col gap-2 rounded-2xl border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex flex-col gap-1">
                <p className="font-semibold text-slate-900">{who}</p>
                <p className="text-slate-700 text-sm">
                  {formatIsoDate(alert.fromDate)} – {formatIsoDate(alert.toDate)}
                </p>
                <p className="text-slate-600 text-sm">{describeWindow(alert)}</p>
                <p className="text-slate-600 text-sm">
                  {active
                    ? alert.lastNotifiedAt
                      ? `On · last emailed ${formatDateTime(alert.lastNotifiedAt)}`
                      : "On · nothing has opened yet"
                    : `Ended · ${alert.endedReason ? END_REASONS[alert.endedReason] : ""}`}
                </p>
              </div>
              {active ? (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`End the alert for ${who}`}
                  isLoading={end.isPending && end.variables === alert.id}
                  disabled={end.isPending}
                  onClick={() => end.mutate(alert.id)}
                >
                  End
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
