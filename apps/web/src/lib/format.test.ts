import { describe, expect, it } from "vitest";
import { formatTimeOnDay } from "./format";

describe("formatTimeOnDay", () => {
  const now = Date.parse("2026-11-25T12:55:00.000Z"); // 11:55 pm on 25/11/2026 in Sydney (AEDT)

  it("gives only the time when it falls on the same Sydney day as now", () => {
    expect(formatTimeOnDay("2026-11-25T12:58:00.000Z", now)).toBe("11:58 pm");
  });

  it("adds the Sydney date once the time is past midnight there, though still the same UTC day", () => {
    expect(formatTimeOnDay("2026-11-25T13:05:00.000Z", now)).toBe("12:05 am on 26/11/2026");
  });
});
