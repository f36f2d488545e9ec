import type { InstructorEarnings } from "@kerb/shared";
import { GST_PERCENT, PLATFORM_FEE_PERCENT } from "@kerb/shared/words";
import { formatDollars } from "@/lib/format";

const STATUS_NOTES: Partial<Record<InstructorEarnings["testPacks"][number]["status"], string>> = {
  NO_SHOW: "Learner did not attend: paid on the value kept",
  CANCELLED: "Late cancellation: paid on the value kept",
};

/**
 * Each driving-test package the instructor earned from (issue 33), one line each, named as the learner's
 * invoice and the RCTI name it: one supply with its own price, not a lesson of its length. The months
 * above include their money.
 */
export function TestPackEarnings({ earnings }: { earnings: InstructorEarnings }) {
  if (earnings.testPacks.length === 0) return null;
  const withGst = earnings.gstRegistered;
  return (
    <section aria-labelledby="test-pack-earnings" className="mt-6 flex flex-col gap-3">
      <h3 id="test-pack-earnings" className="font-semibold text-slate-900">
        Driving test packages
      </h3>
      <ul className="flex flex-col gap-2">
        {earnings.testPacks.map((pack) => (
          <li
            key={pack.bookingId}
            className="flex flex-col gap-1 rounded-xl border border-slate-200 p-3 text-sm sm:flex-row sm:items-baseline sm:justify-between"
          >
            <div>
              <p className="font-medium text-slate-900">{pack.description}</p>
              {STATUS_NOTES[pack.status] ? (
                <p className="text-slate-600">{STATUS_NOTES[pack.status]}</p>
              ) : null}
            </div>
            <p className="text-slate-700 sm:text-right">
              {formatDollars(pack.gross)} − {formatDollars(pack.platformFee)} fee ({PLATFORM_FEE_PERCENT}) ={" "}
              <span className="font-semibold text-brand-800">{formatDollars(pack.net)}</span>
              {withGst
                ? ` + ${formatDollars(pack.gst)} GST (${GST_PERCENT}) = ${formatDollars(pack.total)}`
                : null}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
