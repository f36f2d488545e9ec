import { CALENDAR_DAYS } from "@kerb/shared";
import { bookingHorizon, daysBetween, isWithinBookingHorizon } from "@kerb/shared/rules";
import { describe, expect, it } from "vitest";
import { calendarRange } from "./dates";

describe("calendarRange", () => {
  it("shows 30 days from today (Sydney), every one inside the API's booking horizon", () => {
    for (const iso of ["2026-06-15T00:00:00Z", "2026-04-04T13:00:00Z", "2026-10-03T14:00:00Z"]) {
      const now = new Date(iso);
      const range = calendarRange(now);
      expect(range.startDate).toBe(bookingHorizon(now).firstDate);
      expect(daysBetween(range.startDate, range.endDate) + 1).toBe(CALENDAR_DAYS);
      expect(isWithinBookingHorizon(range.endDate, now)).toBe(true);
    }
    // 00:00 AEDT on Sunday 5 April 2026, the day DST ends.
    expect(calendarRange(new Date("2026-04-04T13:00:00Z"))).toEqual({
      startDate: "2026-04-05",
      endDate: "2026-05-04",
    });
  });
});
