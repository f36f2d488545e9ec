import { describe, expect, it } from "vitest";
import { isNswPublicHoliday, isNswWorkingDay, nswPublicHoliday } from "./holidays.ts";

describe("NSW public holidays", () => {
  it("knows the fixed and the moving ones", () => {
    expect(nswPublicHoliday("2026-12-25")).toBe("Christmas Day");
    expect(nswPublicHoliday("2027-01-26")).toBe("Australia Day");
    expect(nswPublicHoliday("2027-03-26")).toBe("Good Friday");
    expect(nswPublicHoliday("2027-03-29")).toBe("Easter Monday");
    expect(nswPublicHoliday("2027-10-04")).toBe("Labour Day");
  });

  it("includes substitute days when a holiday falls on a weekend", () => {
    // 25/12/2027 is a Saturday: Monday 27/12 and Tuesday 28/12 are the holidays in lieu.
    expect(isNswPublicHoliday("2027-12-27")).toBe(true);
    expect(isNswPublicHoliday("2027-12-28")).toBe(true);
  });

  it("leaves out bank holidays, observances and ordinary days", () => {
    expect(isNswPublicHoliday("2027-08-02")).toBe(false); // Bank Holiday: banks only
    expect(isNswPublicHoliday("2027-05-09")).toBe(false); // Mother's Day
    expect(isNswPublicHoliday("2027-03-02")).toBe(false);
  });

  it("calls a weekday that is no public holiday a working day", () => {
    expect(isNswWorkingDay("2027-03-25")).toBe(true); // Thursday before Easter
    expect(isNswWorkingDay("2027-03-26")).toBe(false); // Good Friday
    expect(isNswWorkingDay("2027-03-27")).toBe(false); // a Saturday
  });
});
