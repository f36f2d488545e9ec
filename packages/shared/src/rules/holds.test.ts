import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES, HOLD_MINUTES } from "../constants.ts";
import { HELD_BOOKING_STATUS, holdExpiryFrom, isActiveBooking, isHoldActive } from "./holds.ts";

const now = new Date("2026-06-15T00:00:00.000Z");
const ms = (offset: number) => new Date(now.getTime() + offset);

describe("holdExpiryFrom", () => {
  it("is HOLD_MINUTES (30) after the hold is placed", () => {
    expect(HOLD_MINUTES).toBe(30);
    expect(holdExpiryFrom(now).toISOString()).toBe("2026-06-15T00:30:00.000Z");
    // Across the DST-start gap: 30 real minutes, whatever the wall clock does.
    expect(holdExpiryFrom(new Date("2026-10-03T15:45:00.000Z")).toISOString()).toBe(
      "2026-10-03T16:15:00.000Z",
    );
  });
});

describe("isHoldActive", () => {
  it("keeps a hold until the instant it expires", () => {
    expect(isHoldActive(HELD_BOOKING_STATUS, ms(1), now)).toBe(true);
    expect(isHoldActive("PENDING_PAYMENT", ms(0), now)).toBe(false);
    expect(isHoldActive("PENDING_PAYMENT", ms(-1), now)).toBe(false);
    expect(isHoldActive("PENDING_PAYMENT", holdExpiryFrom(now), ms(30 * 60_000 - 1))).toBe(true);
    expect(isHoldActive("PENDING_PAYMENT", holdExpiryFrom(now), ms(30 * 60_000))).toBe(false);
  });

  it("treats a hold without an expiry as still held, as the database does", () => {
    expect(isHoldActive("PENDING_PAYMENT", null, now)).toBe(true);
  });

  it("is false for anything that is not a checkout hold", () => {
    for (const status of BOOKING_STATUSES.filter((s) => s !== "PENDING_PAYMENT")) {
      expect(isHoldActive(status, ms(60_000), now), status).toBe(false);
    }
  });
});

describe("isActiveBooking", () => {
  it("is true for scheduled lessons and live holds only", () => {
    expect(isActiveBooking("SCHEDULED", null, now)).toBe(true);
    expect(isActiveBooking("SCHEDULED", ms(-60_000), now)).toBe(true); // a stale expiry is irrelevant once paid
    expect(isActiveBooking("PENDING_PAYMENT", ms(1), now)).toBe(true);
    expect(isActiveBooking("PENDING_PAYMENT", null, now)).toBe(true);
    expect(isActiveBooking("PENDING_PAYMENT", ms(0), now)).toBe(false);
    for (const status of ["COMPLETED", "NO_SHOW", "CANCELLED", "EXPIRED"] as const) {
      expect(isActiveBooking(status, ms(60_000), now), status).toBe(false);
      expect(isActiveBooking(status, null, now), status).toBe(false);
    }
  });
});
