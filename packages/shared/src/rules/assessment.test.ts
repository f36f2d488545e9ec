import { describe, expect, it } from "vitest";
import {
  defaultEstimatedLessons,
  isValidLessonCount,
  normalizeExperienceLevel,
  recommendedLessonRange,
} from "./assessment.ts";

describe("normalizeExperienceLevel", () => {
  it("accepts registration and wizard spellings", () => {
    expect(normalizeExperienceLevel("NEVER_DRIVEN")).toBe("NEVER_DRIVEN");
    expect(normalizeExperienceLevel("never_driven")).toBe("NEVER_DRIVEN");
    expect(normalizeExperienceLevel("some_experience")).toBe("SOME_EXPERIENCE");
    expect(normalizeExperienceLevel("SOME_EXPERIENCE")).toBe("SOME_EXPERIENCE");
    expect(normalizeExperienceLevel("failed_test")).toBe("FAILED_TEST");
    expect(normalizeExperienceLevel(" FAILED_TEST ")).toBe("FAILED_TEST");
  });

  it("returns null for anything else", () => {
    expect(normalizeExperienceLevel("")).toBeNull();
    expect(normalizeExperienceLevel("expert")).toBeNull();
    expect(normalizeExperienceLevel("never driven")).toBeNull();
  });
});

describe("recommendedLessonRange", () => {
  it("matches the spec for each level in both spellings", () => {
    expect(recommendedLessonRange("NEVER_DRIVEN")).toEqual({ min: 20, max: 30 });
    expect(recommendedLessonRange("never_driven")).toEqual({ min: 20, max: 30 });
    expect(recommendedLessonRange("some_experience")).toEqual({ min: 10, max: 20 });
    expect(recommendedLessonRange("FAILED_TEST")).toEqual({ min: 5, max: 15 });
  });

  it("returns a copy callers cannot use to corrupt the table", () => {
    const range = recommendedLessonRange("failed_test");
    range.min = 99;
    expect(recommendedLessonRange("failed_test")).toEqual({ min: 5, max: 15 });
  });

  it("throws on an unknown level", () => {
    expect(() => recommendedLessonRange("pro")).toThrow(RangeError);
  });
});

describe("defaultEstimatedLessons", () => {
  it("is the range minimum", () => {
    expect(defaultEstimatedLessons("never_driven")).toBe(20);
    expect(defaultEstimatedLessons("SOME_EXPERIENCE")).toBe(10);
    expect(defaultEstimatedLessons("failed_test")).toBe(5);
  });
});

describe("isValidLessonCount", () => {
  it("accepts integers 1 to 50", () => {
    expect(isValidLessonCount(1)).toBe(true);
    expect(isValidLessonCount(25)).toBe(true);
    expect(isValidLessonCount(50)).toBe(true);
  });

  it("rejects out-of-range, fractional and non-numbers", () => {
    expect(isValidLessonCount(0)).toBe(false);
    expect(isValidLessonCount(51)).toBe(false);
    expect(isValidLessonCount(-1)).toBe(false);
    expect(isValidLessonCount(2.5)).toBe(false);
    expect(isValidLessonCount(Number.NaN)).toBe(false);
    expect(isValidLessonCount("10")).toBe(false);
    expect(isValidLessonCount(null)).toBe(false);
  });
});
