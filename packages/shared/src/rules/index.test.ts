import { describe, expect, it } from "vitest";
import * as rules from "./index.ts";

describe("rules index", () => {
  it("re-exports every rule", () => {
    const expected = [
      "dollarsToCents",
      "centsToDollars",
      "formatAud",
      "poolRateCents",
      "lessonPriceCents",
      "gstCents",
      "invoiceTotals",
      "instructorEarningsCents",
      "platformFeeCents",
      "poolSavingsPercent",
      "bundleOptions",
      "isPurchasableBundle",
      "normalizeExperienceLevel",
      "recommendedLessonRange",
      "defaultEstimatedLessons",
      "isValidLessonCount",
      "recommendationScore",
      "rankInstructors",
      "sydneyDateOf",
      "sydneyTodayDate",
      "sydneyWeekday",
      "addDaysToDate",
      "eachDateInRange",
      "daysBetween",
      "isValidIsoDate",
      "sydneyWallTimeToInstant",
      "sydneyMinutesOf",
      "sydneyHourOf",
      "formatSydneyDate",
      "formatSydneyTime",
      "hourlyLessonStarts",
      "isPoolHourStart",
      "refundCents",
      "refundTier",
      "canReschedule",
      "bundleExpiryFrom",
      "isBookableStart",
      "draftAgeMinutes",
      "isDraftExpired",
      "shouldWarnDraftExpiry",
      "draftMinutesRemaining",
    ];
    for (const name of expected)
      expect(typeof (rules as Record<string, unknown>)[name], name).toBe("function");
    expect(rules.POOL_START_MINUTES).toBe(600);
    expect(rules.POOL_END_MINUTES).toBe(900);
  });
});
