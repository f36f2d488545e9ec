import { describe, expect, it } from "vitest";
import {
  creditsForLesson,
  creditsSpentOn,
  isLessonLength,
  lessonLengthLabel,
  normaliseLessonLengths,
} from "./lesson-lengths.ts";
import { isPoolHourStart } from "./pool-hours.ts";
import { lessonPriceCents } from "./pricing.ts";
import { sydneyWallTimeToInstant } from "./sydney-time.ts";

const at = (date: string, hour: number) => {
  const instant = sydneyWallTimeToInstant(date, hour * 60);
  if (!instant) throw new Error("no such time");
  return instant;
};

describe("lesson lengths", () => {
  it("knows the offered lengths, with 60 minutes always among them", () => {
    expect([60, 90, 120].every(isLessonLength)).toBe(true);
    expect(isLessonLength(45)).toBe(false);
    expect(normaliseLessonLengths([120, 120])).toEqual([60, 120]);
    expect(normaliseLessonLengths([])).toEqual([60]);
  });

  it("prices a lesson by its hours, half-up to the cent", () => {
    expect(lessonPriceCents({ standardRateCents: 8000, isPoolHours: false, minutes: 90 })).toBe(12000);
    expect(lessonPriceCents({ standardRateCents: 8000, isPoolHours: false, minutes: 120 })).toBe(16000);
    // The pool rate the listing shows ($49.08 for $75.50), times the hours.
    expect(lessonPriceCents({ standardRateCents: 7550, isPoolHours: true })).toBe(4908);
    expect(lessonPriceCents({ standardRateCents: 7550, isPoolHours: true, minutes: 90 })).toBe(7362);
    expect(lessonPriceCents({ standardRateCents: 7555, isPoolHours: false, minutes: 90 })).toBe(11333); // 11332.5
  });

  it("prices pool hours only when the whole lesson lies in them", () => {
    const wednesday = "2027-03-03";
    expect(isPoolHourStart(at(wednesday, 13), 120)).toBe(true); // 13:00–15:00
    expect(isPoolHourStart(at(wednesday, 14), 120)).toBe(false); // ends 16:00
    expect(isPoolHourStart(at(wednesday, 13), 90)).toBe(true); // ends 14:30
    expect(isPoolHourStart(at(wednesday, 14), 90)).toBe(false); // ends 15:30
    expect(isPoolHourStart(at(wednesday, 14))).toBe(true);
  });

  it("pays 60 and 120 minutes with one and two credits, and not 90", () => {
    expect(creditsForLesson(60)).toBe(1);
    expect(creditsForLesson(120)).toBe(2);
    expect(creditsForLesson(90)).toBeNull();
    expect(creditsSpentOn("2027-03-03T00:00:00Z", "2027-03-03T02:00:00Z")).toBe(2);
    expect(creditsSpentOn(new Date("2027-03-03T00:00:00Z"), new Date("2027-03-03T01:00:00Z"))).toBe(1);
  });

  it("reads as people say it", () => {
    expect(lessonLengthLabel(60)).toBe("60 minutes");
    expect(lessonLengthLabel(90)).toBe("90 minutes");
    expect(lessonLengthLabel(120)).toBe("2 hours");
  });
});
