import type { AvailabilityException } from "@kerb/shared";
import { addDaysToDate } from "@kerb/shared/rules";

/** What an override does, in the portal's words. */
export type OverrideKind = "DAY_OFF" | "TIME_OFF" | "EXTRA_HOURS";

export const OVERRIDE_KIND_LABELS: Record<OverrideKind, string> = {
  DAY_OFF: "Day off",
  TIME_OFF: "Time off",
  EXTRA_HOURS: "Extra hours",
};

/** CLOSED without a window is a whole day off; CLOSED with one is time off; OPEN is extra hours. */
export function overrideKindOf(exception: Pick<AvailabilityException, "kind" | "start">): OverrideKind {
  if (exception.kind === "OPEN") return "EXTRA_HOURS";
  return exception.start === null ? "DAY_OFF" : "TIME_OFF";
}

/** The request's kind and window for an override the form describes. */
export function overrideRequestOf(
  kind: OverrideKind,
  start: string,
  end: string,
): { kind: AvailabilityException["kind"]; start?: string; end?: string } {
  if (kind === "DAY_OFF") return { kind: "CLOSED" };
  return { kind: kind === "TIME_OFF" ? "CLOSED" : "OPEN", start, end };
}

/** One row of the overrides list: a single override, or a run of whole days off (leave). */
export type OverrideRow =
  | { type: "single"; exception: AvailabilityException }
  | { type: "days-off"; from: string; to: string; note: string | null; exceptions: AvailabilityException[] };

/**
 * The overrides as the instructor reads them, in date order: consecutive whole days off with the same
 * note (leave, say) are one row, so three weeks away is one line rather than 21. Time off or extra
 * hours on a date inside such a run are rows of their own after it (the day off stands over them).
 */
export function overrideRows(exceptions: readonly AvailabilityException[]): OverrideRow[] {
  const byDate = (a: AvailabilityException, b: AvailabilityException) =>
    a.date.localeCompare(b.date) || (a.start ?? "").localeCompare(b.start ?? "");
  const daysOff = exceptions.filter((e) => overrideKindOf(e) === "DAY_OFF").sort(byDate);
  const others = exceptions.filter((e) => overrideKindOf(e) !== "DAY_OFF").sort(byDate);

  const runs: AvailabilityException[][] = [];
  for (const day of daysOff) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (run && last && last.note === day.note && addDaysToDate(last.date, 1) === day.date) run.push(day);
    else runs.push([day]);
  }
  const rows: Array<{ date: string; row: OverrideRow }> = runs.map((run) => {
    const [first] = run;
    const last = run[run.length - 1];
    if (!first || !last) throw new Error("empty run");
    return {
      date: first.date,
      row:
        run.length === 1
          ? { type: "single", exception: first }
          : { type: "days-off", from: first.date, to: last.date, note: first.note, exceptions: run },
    };
  });
  for (const exception of others) rows.push({ date: exception.date, row: { type: "single", exception } });
  // Stable: on one date, a day off (or the run starting there) comes before the hours it stands over.
  return rows.sort((a, b) => a.date.localeCompare(b.date)).map(({ row }) => row);
}
