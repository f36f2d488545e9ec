import { weeklyAvailabilityRequest } from "@kerb/shared";
import { describe, expect, it } from "vitest";
import { validateWeek } from "./weekly-hours";

const day = (...ranges: Array<[string, string]>) => ranges.map(([start, end]) => ({ start, end }));
/** The week's check on one day (Monday): its problems, or null when it is fine. */
const validateDay = (ranges: ReturnType<typeof day>) => validateWeek({ 1: ranges })[1] ?? null;
const apiAccepts = (ranges: ReturnType<typeof day>) =>
  weeklyAvailabilityRequest.safeParse({ weekly: [{ weekday: 1, ranges }] }).success;

describe("validateWeek, one day", () => {
  it("accepts touching ranges and names the first overlap in start order, like the API", () => {
    const touching = day(["12:00", "15:00"], ["09:00", "12:00"]);
    expect(validateDay(touching)).toBeNull();
    expect(apiAccepts(touching)).toBe(true);

    const overlapping = day(["13:00", "15:00"], ["09:00", "13:30"]);
    expect(validateDay(overlapping)).toEqual({
      ranges: {},
      day: "9:00 am – 1:30 pm overlaps 1:00 pm – 3:00 pm",
    });
    expect(apiAccepts(overlapping)).toBe(false);

    const contained = day(["09:00", "17:00"], ["10:00", "11:00"], ["12:00", "13:00"]);
    expect(validateDay(contained)?.day).toBe("9:00 am – 5:00 pm overlaps 10:00 am – 11:00 am");
    expect(apiAccepts(contained)).toBe(false);
  });

  it("reports a range that ends before it starts on that range, and leaves it out of the overlap check", () => {
    expect(validateDay(day(["09:00", "12:00"], ["11:00", "10:00"]))).toEqual({
      ranges: { 1: "End time must be after start time" },
    });
  });
});
