import { describe, expect, it } from "vitest";
import { sydneyWallTimeToInstant } from "./sydney-time.ts";
import {
  seriesWeekReasonMessage,
  weeklySeriesHorizon,
  weeklySeriesLabel,
  weeklySeriesWeeks,
} from "./weekly-series.ts";

const at = (date: string, minutes: number) => {
  const instant = sydneyWallTimeToInstant(date, minutes);
  if (!instant) throw new Error("no such time");
  return instant;
};

describe("weeklySeriesWeeks", () => {
  it("keeps the Sydney wall-clock time across the April DST end (the UTC instant moves an hour)", () => {
    // Thursdays 10:00 either side of Sunday 2027-04-04, when AEDT (+11) becomes AEST (+10).
    const weeks = weeklySeriesWeeks(at("2027-03-25", 600), 60, 3);
    expect(weeks.map((w) => w.date)).toEqual(["2027-03-25", "2027-04-01", "2027-04-08"]);
    expect(weeks.map((w) => w.start?.toISOString())).toEqual([
      "2027-03-24T23:00:00.000Z",
      "2027-03-31T23:00:00.000Z",
      "2027-04-08T00:00:00.000Z",
    ]);
    expect(weeks[2]?.end?.toISOString()).toBe("2027-04-08T01:00:00.000Z");
  });

  it("keeps it across the October DST start, and has no time inside the skipped hour", () => {
    const weeks = weeklySeriesWeeks(at("2026-09-27", 150), 60, 2);
    // Sunday 02:30 exists on 27/09 (AEST) but not on 04/10 (clocks go from 02:00 to 03:00).
    expect(weeks[0]?.start?.toISOString()).toBe("2026-09-26T16:30:00.000Z");
    expect(weeks[1]).toMatchObject({ date: "2026-10-04", start: null, end: null });
  });

  it("numbers the weeks from 1", () => {
    expect(weeklySeriesWeeks(at("2026-12-07", 600), 90, 12).map((w) => w.week)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
  });
});

describe("weeklySeriesHorizon", () => {
  it("reaches 11 weeks past the booking horizon, plus the days a last week's other times may take", () => {
    expect(weeklySeriesHorizon(at("2026-12-07", 540))).toEqual({
      firstDate: "2026-12-07",
      lastDate: "2027-03-27",
    });
  });
});

describe("series words", () => {
  it("names the holiday and labels a lesson's place", () => {
    expect(
      seriesWeekReasonMessage("public_holiday", {
        date: "2027-01-26",
        holiday: "Australia Day",
        instructorFirstName: "Wendy",
      }),
    ).toBe("26/01/2027 is a public holiday (Australia Day); Wendy does not teach that day.");
    expect(weeklySeriesLabel(3, 6)).toBe("Weekly · 3 of 6");
  });
});
