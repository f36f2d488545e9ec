import { describe, expect, it } from "vitest";
import { isBookableStart } from "./booking-window.ts";

const now = new Date("2026-06-15T00:00:00.000Z"); // 10:00 AEST
const at = (iso: string, from = now) => isBookableStart(new Date(iso), from);

describe("isBookableStart", () => {
  it("needs at least 120 minutes of lead time", () => {
    expect(at("2026-06-15T01:00:00.000Z")).toBe(false); // 60 min
    expect(at("2026-06-15T02:00:00.000Z")).toBe(true); // exactly 120 min
    expect(at("2026-06-15T03:00:00.000Z")).toBe(true);
    expect(at("2026-06-15T02:00:00.000Z", new Date("2026-06-15T00:00:00.001Z"))).toBe(false);
    expect(at("2026-06-14T23:00:00.000Z")).toBe(false); // in the past
  });

  it("needs a start exactly on the hour", () => {
    expect(at("2026-06-15T03:30:00.000Z")).toBe(false);
    expect(at("2026-06-15T03:00:01.000Z")).toBe(false);
    expect(at("2026-06-15T03:00:00.001Z")).toBe(false);
  });

  it("accepts on-the-hour starts in daylight time too", () => {
    expect(isBookableStart(new Date("2026-01-14T22:00:00.000Z"), new Date("2026-01-14T12:00:00.000Z"))).toBe(
      true,
    );
  });

  it("rejects invalid dates", () => {
    expect(isBookableStart(new Date(Number.NaN), now)).toBe(false);
    expect(at("2026-06-15T03:00:00.000Z", new Date(Number.NaN))).toBe(false);
  });
});
