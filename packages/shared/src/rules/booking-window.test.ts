import { describe, expect, it } from "vitest";
import {
  bookingCalendarRange,
  bookingHorizon,
  bookingHorizonMessage,
  isBookableStart,
  isWithinBookingHorizon,
} from "./booking-window.ts";

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

describe("bookingHorizon", () => {
  it("runs from today (Sydney) to 30 days after it, both inclusive", () => {
    // 10:00 AEST on Monday 15 June 2026.
    expect(bookingHorizon(now)).toEqual({ firstDate: "2026-06-15", lastDate: "2026-07-15" });
    expect(isWithinBookingHorizon("2026-06-14", now)).toBe(false);
    expect(isWithinBookingHorizon("2026-06-15", now)).toBe(true);
    expect(isWithinBookingHorizon("2026-07-15", now)).toBe(true);
    expect(isWithinBookingHorizon("2026-07-16", now)).toBe(false);
    expect(isWithinBookingHorizon("2029-06-15", now)).toBe(false);
  });

  it("turns over at Sydney midnight, not UTC midnight", () => {
    // 23:59:59.999 and 00:00 AEST: UTC is still on the previous day for both.
    expect(bookingHorizon(new Date("2026-06-15T13:59:59.999Z")).firstDate).toBe("2026-06-15");
    expect(bookingHorizon(new Date("2026-06-15T14:00:00.000Z"))).toEqual({
      firstDate: "2026-06-16",
      lastDate: "2026-07-16",
    });
  });

  it("counts calendar days across the DST change days", () => {
    // DST ends on Sunday 5 April 2026 (a 25-hour day): 00:00 AEDT is 13:00 UTC the day before.
    expect(bookingHorizon(new Date("2026-04-04T13:00:00.000Z"))).toEqual({
      firstDate: "2026-04-05",
      lastDate: "2026-05-05",
    });
    expect(bookingHorizon(new Date("2026-04-04T12:59:59.999Z")).firstDate).toBe("2026-04-04");
    // 23:30 AEST on 5 April, after the repeated hour: still 5 April.
    expect(bookingHorizon(new Date("2026-04-05T13:30:00.000Z")).firstDate).toBe("2026-04-05");
    // DST starts on Sunday 4 October 2026 (a 23-hour day): 00:00 AEST is 14:00 UTC the day before.
    expect(bookingHorizon(new Date("2026-10-03T14:00:00.000Z"))).toEqual({
      firstDate: "2026-10-04",
      lastDate: "2026-11-03",
    });
    // 23:30 AEDT on 4 October is 12:30 UTC: still 4 October.
    expect(bookingHorizon(new Date("2026-10-04T12:30:00.000Z")).firstDate).toBe("2026-10-04");
    expect(bookingHorizon(new Date("2026-10-04T13:00:00.000Z")).firstDate).toBe("2026-10-05");
    // A horizon ending on a DST day includes it.
    const beforeDstStart = new Date("2026-09-03T14:00:00.000Z"); // 00:00 AEST 4 September
    expect(bookingHorizon(beforeDstStart).lastDate).toBe("2026-10-04");
    expect(isWithinBookingHorizon("2026-10-04", beforeDstStart)).toBe(true);
    expect(isWithinBookingHorizon("2026-10-05", beforeDstStart)).toBe(false);
  });

  it("refuses dates that are not real", () => {
    expect(isWithinBookingHorizon("2026-06-31", now)).toBe(false);
    expect(isWithinBookingHorizon("20260616", now)).toBe(false);
    expect(isWithinBookingHorizon("", now)).toBe(false);
  });

  it("has one message naming both ends", () => {
    expect(bookingHorizonMessage(bookingHorizon(now))).toBe(
      "Lessons can be booked from today (15/06/2026) up to 30 days ahead (15/07/2026); choose dates in that range",
    );
  });
});

describe("bookingCalendarRange", () => {
  it("shows 30 days from today, all inside the booking horizon", () => {
    const range = bookingCalendarRange(now);
    expect(range).toEqual({ startDate: "2026-06-15", endDate: "2026-07-14" });
    expect(isWithinBookingHorizon(range.startDate, now)).toBe(true);
    expect(isWithinBookingHorizon(range.endDate, now)).toBe(true);
    expect(bookingCalendarRange(new Date("2026-10-03T14:00:00.000Z"))).toEqual({
      startDate: "2026-10-04",
      endDate: "2026-11-02",
    });
  });
});
