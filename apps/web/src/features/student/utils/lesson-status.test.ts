import { describe, expect, it } from "vitest";
import { DAY, HOUR, iso } from "@/test/fixtures";
import { lesson } from "../__tests__/student-test-utils";
import { draftHeldPaymentId } from "./draft-checkout";
import {
  canCancelLesson,
  cancelledLessonRefund,
  canRescheduleLesson,
  heldPayments,
  isActiveHold,
  refundText,
} from "./lesson-status";

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
});

describe("heldPayments", () => {
  const held = (start: number, paymentId: string, holdExpiresAt: string | null) =>
    at(start, { status: "PENDING_PAYMENT", paymentId, holdExpiresAt });
  const A = "00000000-0000-4000-8000-00000000000a";
  const B = "00000000-0000-4000-8000-00000000000b";

  it("groups active holds by checkout, the first to lapse first, lessons soonest first", () => {
    const lessons = [
      held(now + 3 * DAY, A, iso(now + 9 * 60_000)),
      held(now + 1 * DAY, A, iso(now + 8 * 60_000)),
      held(now + 2 * DAY, B, iso(now + 5 * 60_000)),
      at(now + 4 * DAY), // paid and scheduled: not held
      held(now + 5 * DAY, B, iso(now - 60_000)), // lapsed
      at(now + 6 * DAY, { status: "PENDING_PAYMENT", paymentId: null, holdExpiresAt: iso(now + HOUR) }),
    ];
    const groups = heldPayments(lessons, now);
    expect(groups.map((g) => g.paymentId)).toEqual([B, A]);
    expect(groups[0]?.lessons.map((l) => l.startTime)).toEqual([iso(now + 2 * DAY)]);
    expect(groups[1]?.lessons.map((l) => l.startTime)).toEqual([iso(now + 1 * DAY), iso(now + 3 * DAY)]);
    expect(groups[1]?.holdExpiresAt).toBe(iso(now + 8 * 60_000));
  });

  it("puts a hold without an expiry last and does not count it as lapsed", () => {
    const groups = heldPayments([held(now + DAY, A, null), held(now + DAY, B, iso(now + 60_000))], now);
    expect(groups.map((g) => [g.paymentId, g.holdExpiresAt])).toEqual([
      [B, iso(now + 60_000)],
      [A, null],
    ]);
  });

  it("isActiveHold follows the shared rule: PENDING_PAYMENT before its expiry", () => {
    expect(isActiveHold(held(now + DAY, A, iso(now + 1)), now)).toBe(true);
    expect(isActiveHold(held(now + DAY, A, iso(now)), now)).toBe(false);
    expect(isActiveHold(at(now + DAY), now)).toBe(false);
  });
});

describe("draftHeldPaymentId", () => {
  it("finds the checkout a saved draft opened, or null", () => {
    expect(
      draftHeldPaymentId({
        timestamp: now,
        currentStep: "payment",
        pendingCheckout: { response: { payment: { id: "p-1" } } },
      }),
    ).toBe("p-1");
    expect(draftHeldPaymentId({ timestamp: now, currentStep: "slots" })).toBeNull();
    expect(draftHeldPaymentId({ timestamp: now, currentStep: "payment", pendingCheckout: null })).toBeNull();
    expect(draftHeldPaymentId(null)).toBeNull();
  });
});
