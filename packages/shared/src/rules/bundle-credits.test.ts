import { describe, expect, it } from "vitest";
import { creditSpendRefusal, creditSuburb, creditsLeft, isBundleExpired } from "./bundle-credits.ts";

const now = new Date("2026-11-23T00:00:00Z");
const bundle = (used: number, expiresAt = new Date("2027-11-23T00:00:00Z")) => ({
  totalLessons: 10,
  usedLessons: used,
  expiresAt,
});

describe("bundle credits", () => {
  it("counts what is left and never below zero", () => {
    expect(creditsLeft(bundle(3))).toBe(7);
    expect(creditsLeft(bundle(10))).toBe(0);
    expect(creditsLeft({ totalLessons: 1, usedLessons: 5 })).toBe(0);
  });

  it("spends up to the last credit and refuses one more", () => {
    expect(creditSpendRefusal(bundle(7), 3, now)).toBeNull();
    expect(creditSpendRefusal(bundle(8), 3, now)).toBe("insufficient_credits");
    expect(creditSpendRefusal(bundle(10), 1, now)).toBe("insufficient_credits");
  });

  it("an expired bundle is refused as expired, even with credits left, from its expiry instant on", () => {
    const expiresAt = new Date("2026-11-23T00:00:00Z");
    expect(isBundleExpired({ expiresAt }, new Date(expiresAt.getTime() - 1))).toBe(false);
    expect(isBundleExpired({ expiresAt }, expiresAt)).toBe(true);
    expect(creditSpendRefusal(bundle(0, expiresAt), 1, now)).toBe("bundle_expired");
    expect(creditSpendRefusal(bundle(10, expiresAt), 1, now)).toBe("bundle_expired");
  });
});

describe("creditSuburb", () => {
  it("uses the bundle's suburb when the instructor teaches there, in its canonical spelling", () => {
    expect(creditSuburb(["parramatta", "Bondi"], ["Bondi", "Parramatta"])).toBe("Parramatta");
  });

  it("falls back to the student's suburb, then to the instructor's first suburb we serve", () => {
    expect(creditSuburb([null, "Bondi"], ["Bondi", "Parramatta"])).toBe("Bondi");
    expect(creditSuburb(["Hornsby", "Manly"], ["Atlantis", "Bondi"])).toBe("Bondi");
  });

  it("is null when the instructor serves none of our suburbs", () => {
    expect(creditSuburb(["Bondi"], ["Atlantis"])).toBeNull();
    expect(creditSuburb([], [])).toBeNull();
  });
});
