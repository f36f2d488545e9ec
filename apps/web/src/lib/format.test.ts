import { describe, expect, it } from "vitest";
import { formatDateTime, formatTimeOnDay, formatTimeRange } from "./format";

describe("formatTimeOnDay", () => {
  const now = Date.parse("2026-11-25T12:55:00.000Z"); // 11:55 pm on 25/11/2026 in Sydney (AEDT)

  it("gives only the time when it falls on the same Sydney day as now", () => {
    expect(formatTimeOnDay("2026-11-25T12:58:00.000Z", now)).toBe("11:58 pm");
  });

  it("adds the Sydney date once the time is past midnight there, though still the same UTC day", () => {
    expect(formatTimeOnDay("2026-11-25T13:05:00.000Z", now)).toBe("12:05 am on 26/11/2026");
  });
});

describe("the two 2:00 am lessons of the night daylight saving ends (04/04/2027)", () => {
  it("are told apart by their zone in slot pickers and lesson lists", () => {
    expect(formatTimeRange("2027-04-03T15:00:00.000Z", "2027-04-03T16:00:00.000Z")).toBe(
      "2:00 am AEDT – 2:00 am AEST",
    );
    expect(formatTimeRange("2027-04-03T16:00:00.000Z", "2027-04-03T17:00:00.000Z")).toBe(
      "2:00 am AEST – 3:00 am AEST",
    );
    expect(formatDateTime("2027-04-03T15:00:00.000Z")).toBe("04/04/2027 at 2:00 am AEDT");
    expect(formatDateTime("2027-04-03T16:00:00.000Z")).toBe("04/04/2027 at 2:00 am AEST");
  });
});
