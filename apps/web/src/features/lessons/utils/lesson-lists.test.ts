import { describe, expect, it } from "vitest";
import { defined } from "@/test/defined";
import { studentProfile } from "@/test/fixtures";
import { completedLessonCount, pastAndOtherLessons, upcomingLessons } from "./lesson-lists";

const now = Date.parse("2026-06-01T00:00:00Z");
const profile = studentProfile(now);

describe("lesson lists", () => {
  it("counts SCHEDULED lessons in the future as upcoming, soonest first", () => {
    expect(upcomingLessons(profile.bookings, now).map((b) => b.price)).toEqual([55.25, 85]);
  });

  it("does not count a lesson starting right now as upcoming", () => {
    const startingNow = { ...defined(profile.bookings[0]), startTime: new Date(now).toISOString() };
    expect(upcomingLessons([startingNow], now)).toEqual([]);
  });

  it("puts everything else in the past list, newest first", () => {
    expect(pastAndOtherLessons(profile.bookings, now).map((b) => b.status)).toEqual([
      "SCHEDULED",
      "COMPLETED",
    ]);
  });

  it("counts COMPLETED lessons as progress", () => {
    expect(completedLessonCount(profile.bookings)).toBe(1);
  });
});
