import { describe, expect, it } from "vitest";
import { DAY, HOUR, iso } from "@/test/fixtures";
import { lesson } from "@/test/student-lesson-fixtures";
import { draftHeldPaymentId } from "./draft-checkout";
import { heldPayments, isActiveHold } from "./held-payments";

const now = Date.parse("2026-06-01T00:00:00Z");
const at = (ms: number, overrides = {}) =>
  lesson(`b0000000-0000-4000-8000-${String(ms).slice(-12).padStart(12, "0")}`, iso(ms), overrides);

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
