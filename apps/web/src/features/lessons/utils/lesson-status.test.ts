import { describe, expect, it } from "vitest";
import { DAY, HOUR, iso } from "@/test/fixtures";
import { lesson } from "@/test/student-lesson-fixtures";
import { canCancelLesson, cancelledLessonRefund, canRescheduleLesson, refundText } from "./lesson-status";

const now = Date.parse("2026-06-01T00:00:00Z");
const at = (ms: number, overrides = {}) =>
  lesson(`b0000000-0000-4000-8000-${String(ms).slice(-12).padStart(12, "0")}`, iso(ms), overrides);

describe("canCancelLesson", () => {
  it("allows a SCHEDULED lesson until the moment it starts", () => {
    expect(canCancelLesson(at(now + 10 * 60_000), now)).toBe(true);
    expect(canCancelLesson(at(now), now)).toBe(false);
    expect(canCancelLesson(at(now - HOUR), now)).toBe(false);
  });

  it("never for a lesson in any other state", () => {
    for (const status of ["COMPLETED", "CANCELLED", "NO_SHOW", "PENDING_PAYMENT", "EXPIRED"] as const) {
      expect(canCancelLesson(at(now + 5 * DAY, { status }), now), status).toBe(false);
    }
  });
});

describe("canRescheduleLesson", () => {
  it("allows moving a lesson more than 24 hours ahead only", () => {
    expect(canRescheduleLesson(at(now + 25 * HOUR), now)).toBe(true);
    expect(canRescheduleLesson(at(now + 23 * HOUR), now)).toBe(false);
    expect(canRescheduleLesson(at(now + 5 * DAY, { status: "CANCELLED" }), now)).toBe(false);
  });
});

describe("refundText", () => {
  it("words each refund method", () => {
    expect(refundText({ amount: 1234.5, gst: 112.23, method: "CARD" })).toBe(
      "Refunded $1,234.50 to your card",
    );
    expect(refundText({ amount: 0, gst: 0, method: "CREDIT" })).toBe("Credit returned to your bundle");
    expect(refundText({ amount: 0, gst: 0, method: "NONE" })).toBe("No refund");
  });

  it("gives a driving-test package's credit back to the learner, not to a bundle", () => {
    expect(refundText({ amount: 0, gst: 0, method: "CREDIT" }, "your card", true)).toBe(
      "Test-pack credit returned to you",
    );
  });
});

describe("cancelledLessonRefund", () => {
  const cancelled = (overrides = {}) => at(now + DAY, { status: "CANCELLED", ...overrides });

  it("says nothing about a lesson that is not cancelled", () => {
    expect(cancelledLessonRefund(at(now + DAY), { amount: 85, gst: 7.73, method: "CARD" })).toBeNull();
  });

  it("prefers what this session's cancellation answered", () => {
    expect(
      cancelledLessonRefund(cancelled({ refund: 85 }), { amount: 42.5, gst: 3.86, method: "CARD" }),
    ).toBe("Refunded $42.50 to your card");
    expect(
      cancelledLessonRefund(
        cancelled({ paymentId: null, bundleId: "a0000000-0000-4000-8000-000000000001" }),
        {
          amount: 0,
          gst: 0,
          method: "CREDIT",
        },
      ),
    ).toBe("Credit returned to your bundle");
  });

  it("otherwise reads the profile: card refund, bundle lesson, nothing back, or nothing paid", () => {
    expect(cancelledLessonRefund(cancelled({ refund: 85 }), undefined)).toBe("Refunded $85.00 to your card");
    expect(
      cancelledLessonRefund(
        cancelled({ paymentId: null, bundleId: "a0000000-0000-4000-8000-000000000001" }),
        undefined,
      ),
    ).toBe("Paid with a bundle credit");
    expect(cancelledLessonRefund(cancelled({ refund: 0 }), undefined)).toBe("No refund");
    expect(cancelledLessonRefund(cancelled({ refund: null }), undefined)).toBe("No refund");
    expect(cancelledLessonRefund(cancelled({ paymentId: null }), undefined)).toBeNull();
  });

  it("names the guardian's card when a guardian paid", () => {
    const paidBy = { firstName: "Mei", lastName: "Li" };
    expect(cancelledLessonRefund(cancelled({ refund: 85, paidBy }), undefined)).toBe(
      "Refunded $85.00 to Mei Li's card",
    );
    expect(cancelledLessonRefund(cancelled({ paidBy }), { amount: 42.5, gst: 3.86, method: "CARD" })).toBe(
      "Refunded $42.50 to Mei Li's card",
    );
  });
});
