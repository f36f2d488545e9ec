import { describe, expect, it } from "vitest";
import { isClosedQuarter, lastFullQuarter, quarterStartOf } from "./quarters.ts";

describe("quarterStartOf", () => {
  it("is the first day of the date's calendar quarter", () => {
    expect(quarterStartOf("2026-11-26")).toBe("2026-10-01");
    expect(quarterStartOf("2026-01-01")).toBe("2026-01-01");
    expect(quarterStartOf("2026-06-30")).toBe("2026-04-01");
  });
});

describe("lastFullQuarter", () => {
  it("is the calendar quarter before today's in Sydney", () => {
    expect(lastFullQuarter(new Date("2026-11-26T00:00:00Z"))).toEqual({
      from: "2026-07-01",
      to: "2026-09-30",
    });
    expect(lastFullQuarter(new Date("2026-02-10T00:00:00Z"))).toEqual({
      from: "2025-10-01",
      to: "2025-12-31",
    });
    // 31 March 14:00 UTC is already 1 April in Sydney: the March quarter is then the last full one.
    expect(lastFullQuarter(new Date("2026-03-31T14:00:00Z"))).toEqual({
      from: "2026-01-01",
      to: "2026-03-31",
    });
    expect(lastFullQuarter(new Date("2026-05-31T00:00:00Z"))).toEqual({
      from: "2026-01-01",
      to: "2026-03-31",
    });
  });
});

describe("isClosedQuarter", () => {
  const now = new Date("2026-10-01T01:00:00Z"); // 1 October, 11 am in Sydney.
  it("is a whole calendar quarter whose last day has passed in Sydney", () => {
    expect(isClosedQuarter("2026-07-01", "2026-09-30", now)).toBe(true);
    expect(isClosedQuarter("2025-10-01", "2025-12-31", now)).toBe(true);
  });
  it("is not the current quarter, nor a month, a half year or a range across quarters", () => {
    expect(isClosedQuarter("2026-10-01", "2026-12-31", now)).toBe(false);
    expect(isClosedQuarter("2026-07-01", "2026-07-31", now)).toBe(false);
    expect(isClosedQuarter("2026-01-01", "2026-06-30", now)).toBe(false);
    expect(isClosedQuarter("2026-08-01", "2026-10-31", now)).toBe(false);
    expect(isClosedQuarter("2026-07-02", "2026-09-30", now)).toBe(false);
  });
  it("ends at midnight in Sydney, not in UTC", () => {
    // 30 September 13:59 UTC is 23:59 in Sydney: the quarter's last day is not over.
    expect(isClosedQuarter("2026-07-01", "2026-09-30", new Date("2026-09-30T13:59:00Z"))).toBe(false);
    expect(isClosedQuarter("2026-07-01", "2026-09-30", new Date("2026-09-30T14:00:00Z"))).toBe(true);
  });
});
