import { describe, expect, it } from "vitest";
import { NO_SHOW_DISPUTE_DAYS } from "../constants.ts";
import { lessonEarnedPosting, noShowRefundedPosting } from "./ledger.ts";
import {
  keptAfterNoShowDispute,
  noShowDisputeClosesAt,
  noShowDisputeRefusal,
  noShowResolutionOf,
} from "./no-show-disputes.ts";
import { payableGrossCents } from "./payouts.ts";

const end = new Date("2026-03-02T00:00:00Z"); // 11:00 am in Sydney (AEDT)
const noShow = { status: "NO_SHOW" as const, endTime: end, priceCents: 7333, keptCents: null };

describe("no-show disputes", () => {
  it("stay open for NO_SHOW_DISPUTE_DAYS after the lesson ended, to the millisecond", () => {
    const closes = noShowDisputeClosesAt(end);
    expect(closes.getTime() - end.getTime()).toBe(NO_SHOW_DISPUTE_DAYS * 24 * 3600 * 1000);
    expect(noShowDisputeRefusal(noShow, closes)).toBeNull();
    expect(noShowDisputeRefusal(noShow, new Date(closes.getTime() + 1))).toBe(
      "The 7-day dispute window for this no-show closed at 11:00 am on 09/03/2026",
    );
  });

  it("are settled once, and only on a no-show", () => {
    expect(noShowDisputeRefusal({ ...noShow, status: "COMPLETED" }, end)).toBe(
      "Only a lesson marked a no-show can have its no-show disputed; this lesson is completed",
    );
    expect(noShowDisputeRefusal({ ...noShow, keptCents: 0 }, end)).toMatch(
      /already settled: the student was refunded/,
    );
    expect(noShowDisputeRefusal({ ...noShow, keptCents: 7333 }, end)).toMatch(/already settled: Kerb kept/);
  });

  it("record the decision as the lesson's kept value, which is what the instructor is paid on", () => {
    expect(noShowResolutionOf(noShow)).toBeNull();
    expect(keptAfterNoShowDispute("KEEP", 7333)).toBe(7333);
    expect(keptAfterNoShowDispute("REFUND", 7333)).toBe(0);
    expect(noShowResolutionOf({ ...noShow, keptCents: 7333 })).toBe("KEEP");
    expect(noShowResolutionOf({ ...noShow, keptCents: 0 })).toBe("REFUND");
    const paid = { paymentId: "p", bundleId: null };
    expect(payableGrossCents({ ...noShow, ...paid })).toBe(7333);
    expect(payableGrossCents({ ...noShow, ...paid, keptCents: 7333 })).toBe(7333);
    expect(payableGrossCents({ ...noShow, ...paid, keptCents: 0 })).toBe(0);
  });

  it("reverse the no-show's earning line for line, so the two sum to nothing", () => {
    const input = { bookingId: "b1", paymentId: "p1", instructorId: "i1", valueCents: 7333 };
    const earned = lessonEarnedPosting({ ...input, outcome: "NO_SHOW" });
    const reversed = noShowRefundedPosting(input);
    expect(reversed).toMatchObject({ key: "lesson:b1:no_show_refunded", event: "lesson.no_show_refunded" });
    expect(reversed.lines).toEqual([
      { account: "UNEARNED_REVENUE", amountCents: -7333 },
      { account: "PLATFORM_REVENUE", amountCents: 1833 },
      { account: "INSTRUCTOR_PAYABLE", amountCents: 5500, instructorId: "i1" },
    ]);
    const sums = new Map<string, number>();
    for (const line of [...earned.lines, ...reversed.lines]) {
      sums.set(line.account, (sums.get(line.account) ?? 0) + line.amountCents);
    }
    expect([...sums.values()].every((v) => v === 0)).toBe(true);
  });
});
