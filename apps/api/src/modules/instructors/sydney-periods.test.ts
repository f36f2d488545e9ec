import { describe, expect, it } from "vitest";
import { sydneyDay, sydneyMonth, sydneyWeek } from "./sydney-periods.ts";

describe("Sydney periods", () => {
  it("finds the Sydney day, not the UTC one", () => {
    // 2026-03-01 14:30 UTC is 02 March 01:30 in Sydney (AEDT, +11).
    const day = sydneyDay(new Date("2026-03-01T14:30:00Z"));
    expect(day.date).toBe("2026-03-02");
    expect(day.from.toISOString()).toBe("2026-03-01T13:00:00.000Z");
    expect(day.to.toISOString()).toBe("2026-03-02T13:00:00.000Z");
  });

  it("has a 25-hour day when daylight saving ends and a 23-hour one when it starts", () => {
    const end = sydneyDay(new Date("2026-04-05T02:00:00Z"));
    expect(end.date).toBe("2026-04-05");
    expect(end.to.getTime() - end.from.getTime()).toBe(25 * 3_600_000);
    const start = sydneyDay(new Date("2026-10-04T02:00:00Z"));
    expect(start.to.getTime() - start.from.getTime()).toBe(23 * 3_600_000);
  });

  it("runs weeks from Monday to Sunday", () => {
    // Sunday 2026-04-05 belongs to the week of Monday 30 March.
    const week = sydneyWeek(new Date("2026-04-05T02:00:00Z"));
    expect(week.from.toISOString()).toBe("2026-03-29T13:00:00.000Z");
    expect(week.to.toISOString()).toBe("2026-04-05T14:00:00.000Z");
    // A Monday starts its own week.
    const monday = sydneyWeek(new Date("2026-03-29T13:00:00Z"));
    expect(monday.from.toISOString()).toBe("2026-03-29T13:00:00.000Z");
  });

  it("spans the calendar month, across year ends", () => {
    const march = sydneyMonth(new Date("2026-03-31T13:30:00Z")); // 1 April 00:30 in Sydney
    expect(march.month).toBe("2026-04");
    expect(march.from.toISOString()).toBe("2026-03-31T13:00:00.000Z");
    expect(march.to.toISOString()).toBe("2026-04-30T14:00:00.000Z");
    const december = sydneyMonth(new Date("2026-12-15T00:00:00Z"));
    expect(december.month).toBe("2026-12");
    expect(december.to.toISOString()).toBe("2026-12-31T13:00:00.000Z");
  });
});
