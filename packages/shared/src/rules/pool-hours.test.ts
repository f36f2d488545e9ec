import { describe, expect, it } from "vitest";
import { isPoolHourStart, POOL_END_MINUTES, POOL_START_MINUTES } from "./pool-hours.ts";

const at = (iso: string) => isPoolHourStart(new Date(iso));

describe("pool hours", () => {
  it("spans 10:00 to 15:00", () => {
    expect(POOL_START_MINUTES).toBe(600);
    expect(POOL_END_MINUTES).toBe(900);
  });

  it("accepts weekday starts from 10:00 to 14:00 Sydney (AEST)", () => {
    // Monday 2026-06-15, AEST = UTC+10
    expect(at("2026-06-15T00:00:00.000Z")).toBe(true); // 10:00
    expect(at("2026-06-15T02:00:00.000Z")).toBe(true); // 12:00
    expect(at("2026-06-15T04:00:00.000Z")).toBe(true); // 14:00, ends 15:00
    expect(at("2026-06-15T03:59:00.000Z")).toBe(true); // 13:59, ends 14:59
  });

  it("rejects starts outside the window", () => {
    expect(at("2026-06-14T23:00:00.000Z")).toBe(false); // 09:00
    expect(at("2026-06-14T23:59:00.000Z")).toBe(false); // 09:59
    expect(at("2026-06-15T04:01:00.000Z")).toBe(false); // 14:01 would end 15:01
    expect(at("2026-06-15T05:00:00.000Z")).toBe(false); // 15:00
  });

  it("covers Monday to Friday only", () => {
    expect(at("2026-06-19T00:00:00.000Z")).toBe(true); // Friday 10:00
    expect(at("2026-06-20T00:00:00.000Z")).toBe(false); // Saturday 10:00
    expect(at("2026-06-21T00:00:00.000Z")).toBe(false); // Sunday 10:00
  });

  it("uses the Sydney weekday and clock in daylight time (AEDT)", () => {
    // Monday 2026-01-19 10:00 AEDT is Sunday 23:00 UTC.
    expect(at("2026-01-18T23:00:00.000Z")).toBe(true);
    // Saturday 2026-01-24 10:00 AEDT is Friday 23:00 UTC.
    expect(at("2026-01-23T23:00:00.000Z")).toBe(false);
    // Monday 2026-01-19 14:00 AEDT = 03:00 UTC; 15:00 AEDT = 04:00 UTC.
    expect(at("2026-01-19T03:00:00.000Z")).toBe(true);
    expect(at("2026-01-19T04:00:00.000Z")).toBe(false);
  });

  it("rejects an invalid date", () => {
    expect(isPoolHourStart(new Date(Number.NaN))).toBe(false);
  });
});
