import { describe, expect, it } from "vitest";
import { HALF_REFUND_NOTICE_HOURS, RESCHEDULE_NOTICE_HOURS } from "../constants.ts";
import { REMINDER_LEAD_HOURS } from "../rules/notification-timing.ts";
import {
  BUNDLE_LESSON_EARNINGS_NOTE,
  BUNDLE_LESSON_PRICE_RANGE,
  BUNDLE_VALIDITY,
  CANCELLATION_TERMS,
  calendarWindowText,
  DOCUMENT_EXPIRY_WARNING,
  DOCUMENT_REMINDER_NOTICE,
  DRAFT_LIFETIME,
  formatClockMinutes,
  formatDuration,
  formatPercent,
  GST_PERCENT,
  HOLD_DURATION,
  HOLD_DURATION_ADJECTIVE,
  INSTRUCTOR_SHARE_PERCENT,
  LOGBOOK_CREDIT_RULE,
  LOGBOOK_REQUIREMENT,
  MIN_LEAD_TIME,
  NO_SHOW_DISPUTE,
  PLATFORM_FEE_PERCENT,
  POOL_DISCOUNT,
  poolWindowText,
  REMINDER_LATE_NOTICE,
  RESCHEDULE_AND_REFUND_SUMMARY,
  RESCHEDULE_NOTICE,
  REVIEW_WINDOW,
} from "./policy.ts";

describe("policy texts from the shared constants", () => {
  it("words today's policies as the spec does", () => {
    expect(POOL_DISCOUNT).toBe("35%");
    expect(GST_PERCENT).toBe("10%");
    expect(PLATFORM_FEE_PERCENT).toBe("25%");
    expect(INSTRUCTOR_SHARE_PERCENT).toBe("75%");
    expect(poolWindowText()).toBe("10 am – 3 pm");
    expect(poolWindowText({ withMinutes: true })).toBe("10:00 am – 3:00 pm");
    expect(HOLD_DURATION).toBe("30 minutes");
    expect(HOLD_DURATION_ADJECTIVE).toBe("30-minute");
    expect(calendarWindowText()).toBe("next 30 days");
    expect(DRAFT_LIFETIME).toBe("2 hours");
    expect(MIN_LEAD_TIME).toBe("2 hours");
    expect(NO_SHOW_DISPUTE).toContain("within 7 days of it");
    expect(BUNDLE_VALIDITY).toBe("12 months");
    expect(BUNDLE_LESSON_PRICE_RANGE).toBe("$65–$75");
    expect(BUNDLE_LESSON_EARNINGS_NOTE).toBe(
      "Lessons paid with bundle credits earn 75% of the bundle's per-lesson price ($65–$75 a lesson), whatever your rate.",
    );
    expect(RESCHEDULE_NOTICE).toBe("24 hours");
    expect(REVIEW_WINDOW).toBe("14 days");
    expect(DOCUMENT_REMINDER_NOTICE).toBe("30 days");
    expect(DOCUMENT_EXPIRY_WARNING).toBe("30 days");
    expect(CANCELLATION_TERMS).toEqual([
      "Cancel more than 48 hours before a lesson: full refund.",
      "Cancel 24 to 48 hours before: 50% refund.",
      "Cancel less than 24 hours before: no refund.",
      "You can reschedule a lesson up to 24 hours before it starts.",
      "Bundle credits expire 12 months after purchase.",
    ]);
    expect(RESCHEDULE_AND_REFUND_SUMMARY).toBe(
      "You can reschedule up to 24 hours before a lesson starts. Cancelling more than 48 hours ahead refunds in full.",
    );
    expect(REMINDER_LATE_NOTICE).toBe(
      "It is now less than 24 hours away, so it can no longer be rescheduled, and cancelling now refunds nothing.",
    );
  });

  it("only says the reminder comes too late to move or refund while that is so", () => {
    // If the reminder went out earlier than either window closes, REMINDER_LATE_NOTICE would be untrue.
    expect(REMINDER_LEAD_HOURS).toBeLessThanOrEqual(RESCHEDULE_NOTICE_HOURS);
    expect(REMINDER_LEAD_HOURS).toBeLessThanOrEqual(HALF_REFUND_NOTICE_HOURS);
  });

  it("formats percentages, durations and clock times of any value", () => {
    // 1 − 0.65 is 0.35000000000000003 in floating point: still "35%".
    expect(formatPercent(1 - 0.65)).toBe("35%");
    expect(formatPercent(0.075)).toBe("8%");
    expect(formatDuration(60)).toBe("1 hour");
    expect(formatDuration(90)).toBe("90 minutes");
    expect(formatDuration(1)).toBe("1 minute");
    expect(formatClockMinutes(0)).toBe("12 am");
    expect(formatClockMinutes(12 * 60)).toBe("12 pm");
    expect(formatClockMinutes(14 * 60 + 30)).toBe("2:30 pm");
    expect(formatClockMinutes(9 * 60, { withMinutes: true })).toBe("9:00 am");
  });
});

describe("logbook words", () => {
  it("say the NSW requirement and how lessons count from the rule's constants", () => {
    expect(LOGBOOK_REQUIREMENT).toBe("120 hours, 20 of them at night");
    expect(LOGBOOK_CREDIT_RULE).toContain("counts 3 logbook minutes for the learner's first 10 hours");
    expect(LOGBOOK_CREDIT_RULE).toContain("that the instructor confirmed for the logbook");
    expect(LOGBOOK_CREDIT_RULE).toContain("a completed Safer Drivers Course adds 20 hours, once");
    expect(LOGBOOK_CREDIT_RULE).toContain("Learners 25 and over are credited nothing");
  });
});
