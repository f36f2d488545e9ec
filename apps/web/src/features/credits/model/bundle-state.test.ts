import { describe, expect, it } from "vitest";
import { defined } from "@/test/defined";
import { studentProfile } from "@/test/fixtures";
import { activeBundles, bundleState, lessonsAvailable } from "./bundle-state";

const now = Date.parse("2026-06-01T00:00:00Z");
const profile = studentProfile(now);

describe("bundle state", () => {
  it("treats used-up and expired bundles as inactive", () => {
    const usable = defined(profile.bundles[0]);
    const usedUp = defined(profile.bundles[1]);
    const expired = { ...usable, expiresAt: new Date(now - 1).toISOString() };
    expect(bundleState(usable, now)).toBe("active");
    expect(bundleState(usedUp, now)).toBe("used");
    expect(bundleState(expired, now)).toBe("expired");
    expect(activeBundles([usable, usedUp, expired], now)).toEqual([usable]);
    expect(lessonsAvailable([usable, usedUp, expired], now)).toBe(7);
  });
});
