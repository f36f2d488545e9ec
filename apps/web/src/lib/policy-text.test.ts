import { describe, expect, it } from "vitest";
import {
  BUNDLE_VALIDITY,
  CANCELLATION_TERMS,
  calendarWindowText,
  DRAFT_LIFETIME,
  formatClockMinutes,
  formatPercent,
  GST_PERCENT,
  HOLD_DURATION,
  HOLD_DURATION_ADJECTIVE,
  INSTRUCTOR_SHARE_PERCENT,
  PLATFORM_FEE_PERCENT,
  POOL_DISCOUNT,
  poolWindowText,
} from "./policy-text";

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
    expect(BUNDLE_VALIDITY).toBe("12 months");
    expect(CANCELLATION_TERMS).toEqual([
      "Cancel more than 48 hours before a lesson: full refund.",
      "Cancel 24 to 48 hours before: 50% refund.",
      "Cancel less than 24 hours before: no refund.",
      "You can reschedule a lesson up to 24 hours before it starts.",
      "Bundle credits expire 12 months after purchase.",
    ]);
  });

  it("formats percentages and clock times of any value", () => {
    // 1 − 0.65 is 0.35000000000000003 in floating point: still "35%".
    expect(formatPercent(1 - 0.65)).toBe("35%");
    expect(formatPercent(0.075)).toBe("8%");
    expect(formatClockMinutes(0)).toBe("12 am");
    expect(formatClockMinutes(12 * 60)).toBe("12 pm");
    expect(formatClockMinutes(14 * 60 + 30)).toBe("2:30 pm");
    expect(formatClockMinutes(9 * 60, { withMinutes: true })).toBe("9:00 am");
  });
});
