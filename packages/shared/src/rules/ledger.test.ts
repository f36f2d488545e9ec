import { describe, expect, it } from "vitest";
import {
  assertBalancedLines,
  cardRefundPosting,
  emptyBalances,
  expectedPaymentBalances,
  type LedgerBalances,
  type LedgerPosting,
  lessonEarnedPosting,
  lessonPromotionPosting,
  paymentCapturedPosting,
  paymentLedgerProblems,
  payoutPaidPosting,
  payoutPosting,
} from "./ledger.ts";

const sum = (p: LedgerPosting) => p.lines.reduce((s, l) => s + l.amountCents, 0);

/** Adds postings up per account, as the database does for one payment. */
function balancesOf(...postings: LedgerPosting[]): LedgerBalances {
  const b = emptyBalances();
  for (const p of postings) for (const l of p.lines) b[l.account] += l.amountCents;
  return b;
}

describe("ledger postings", () => {
  it("a captured payment: cash in, GST owed, the rest unearned until the lessons happen", () => {
    const p = paymentCapturedPosting({ paymentId: "p1", amountCents: 8250, gstCents: 750 });
    expect(p).toEqual({
      key: "payment:p1:captured",
      event: "payment.captured",
      paymentId: "p1",
      lines: [
        { account: "STUDENT_CASH", amountCents: 8250 },
        { account: "GST_PAYABLE", amountCents: -750 },
        { account: "UNEARNED_REVENUE", amountCents: -7500 },
      ],
    });
  });

  it("a card refund takes back the value and its GST; REFUNDS is the contra-cash account", () => {
    const p = cardRefundPosting({
      refundId: "r1",
      paymentId: "p1",
      bookingId: "b1",
      amountCents: 4125,
      gstCents: 375,
    });
    expect(p.key).toBe("refund:r1");
    expect(p.lines).toEqual([
      { account: "UNEARNED_REVENUE", amountCents: 3750 },
      { account: "GST_PAYABLE", amountCents: 375 },
      { account: "REFUNDS", amountCents: -4125 },
    ]);
    expect(sum(p)).toBe(0);
  });

  it("an earned lesson splits 25/75 to the cent, the instructor's share on their payable", () => {
    const p = lessonEarnedPosting({
      bookingId: "b1",
      paymentId: "p1",
      instructorId: "i1",
      valueCents: 4875,
      outcome: "COMPLETED",
    });
    expect(p).toMatchObject({ key: "lesson:b1:earned", event: "lesson.completed", bookingId: "b1" });
    expect(p.lines).toEqual([
      { account: "UNEARNED_REVENUE", amountCents: 4875 },
      { account: "PLATFORM_REVENUE", amountCents: -1219 },
      { account: "INSTRUCTOR_PAYABLE", amountCents: -3656, instructorId: "i1" },
    ]);
    const noShow = lessonEarnedPosting({
      bookingId: "b1",
      paymentId: null,
      instructorId: "i1",
      valueCents: 7500,
      outcome: "NO_SHOW",
    });
    expect(noShow).toMatchObject({ key: "lesson:b1:earned", event: "lesson.no_show" });
    const kept = lessonEarnedPosting({
      bookingId: "b1",
      paymentId: "p1",
      instructorId: "i1",
      valueCents: 2437,
      outcome: "KEPT",
    });
    expect(kept).toMatchObject({ key: "lesson:b1:kept", event: "lesson.kept" });
    expect(kept.lines.map((l) => l.amountCents)).toEqual([2437, -609, -1828]);
  });

  it("a payout makes the instructor's payable due to them; cash leaves only when the transfer goes through", () => {
    const made = payoutPosting({ payoutId: "o1", instructorId: "i1", amountCents: 5625 });
    expect(made).toEqual({
      key: "payout:o1",
      event: "payout",
      payoutId: "o1",
      lines: [
        { account: "INSTRUCTOR_PAYABLE", amountCents: 5625, instructorId: "i1" },
        { account: "PAYOUTS_DUE", amountCents: -5625 },
      ],
    });
    const paid = payoutPaidPosting({ payoutId: "o1", amountCents: 5625 });
    expect(paid).toEqual({
      key: "payout:o1:paid",
      event: "payout.paid",
      payoutId: "o1",
      lines: [
        { account: "PAYOUTS_DUE", amountCents: 5625 },
        { account: "STUDENT_CASH", amountCents: -5625 },
      ],
    });
    // Made and paid: the payable has left cash, and nothing is left due.
    expect(balancesOf(made, paid)).toEqual({
      ...emptyBalances(),
      INSTRUCTOR_PAYABLE: 5625,
      STUDENT_CASH: -5625,
    });
  });

  it("a registered instructor's payout pays the GST on its RCTI and books it as Kerb's GST credit", () => {
    const made = payoutPosting({ payoutId: "o2", instructorId: "i1", amountCents: 6600, gstCents: 600 });
    expect(made.lines).toEqual([
      { account: "INSTRUCTOR_PAYABLE", amountCents: 6000, instructorId: "i1" },
      { account: "GST_CREDITS", amountCents: 600 },
      { account: "PAYOUTS_DUE", amountCents: -6600 },
    ]);
    const paid = payoutPaidPosting({ payoutId: "o2", amountCents: 6600 });
    expect(balancesOf(made, paid)).toEqual({
      ...emptyBalances(),
      INSTRUCTOR_PAYABLE: 6000,
      GST_CREDITS: 600,
      STUDENT_CASH: -6600,
    });
  });

  it("drops zero lines and refuses lines that do not balance or are not whole cents", () => {
    expect(paymentCapturedPosting({ paymentId: "p", amountCents: 0, gstCents: 0 }).lines).toEqual([]);
    expect(() => assertBalancedLines([{ account: "STUDENT_CASH", amountCents: 1 }])).toThrow(/sum to 1/);
    expect(() =>
      assertBalancedLines([
        { account: "STUDENT_CASH", amountCents: 0.5 },
        { account: "REFUNDS", amountCents: -0.5 },
      ]),
    ).toThrow(/integer cents/);
  });
});

describe("a payment's decomposition", () => {
  // Three $65.45 lessons: GST on the invoice (1964) is a cent less than the lessons' GST added up (3 × 655).
  const capture = paymentCapturedPosting({ paymentId: "p", amountCents: 19635 + 1964, gstCents: 1964 });

  it("amount = net GST + platform + instructor + refunds + unearned, for every mix of outcomes", () => {
    const refund = cardRefundPosting({
      refundId: "r",
      paymentId: "p",
      amountCents: 6545 + 655,
      gstCents: 655,
    });
    const half = cardRefundPosting({ refundId: "h", paymentId: "p", amountCents: 3273 + 327, gstCents: 327 });
    const kept = lessonEarnedPosting({
      bookingId: "b2",
      paymentId: "p",
      instructorId: "i",
      valueCents: 3272,
      outcome: "KEPT",
    });
    const facts = {
      chargedCents: 21599,
      gstCents: 1964,
      refunds: [
        { amountCents: 7200, gstCents: 655 },
        { amountCents: 3600, gstCents: 327 },
      ],
      recordedRefundedCents: 10800,
      earnedValuesCents: [3272],
      undeliveredCents: 6545,
    };
    const ledger = balancesOf(capture, refund, half, kept);
    expect(expectedPaymentBalances(facts)).toEqual(ledger);
    expect(paymentLedgerProblems(facts, ledger)).toEqual([]);
    const e = expectedPaymentBalances(facts);
    expect(
      -(e.GST_PAYABLE + e.PLATFORM_REVENUE + e.INSTRUCTOR_PAYABLE + e.REFUNDS + e.UNEARNED_REVENUE),
    ).toBe(21599);
  });

  it("every lesson refunded in full: GST goes back on the running total, so all nets to 0.00", () => {
    const amounts = [
      { amountCents: 7200, gstCents: 655 },
      { amountCents: 7199, gstCents: 654 },
      { amountCents: 7200, gstCents: 655 },
    ];
    const refunds = amounts.map((r, i) => cardRefundPosting({ refundId: `r${i}`, paymentId: "p", ...r }));
    const facts = {
      chargedCents: 21599,
      gstCents: 1964,
      refunds: amounts,
      recordedRefundedCents: 21599,
      earnedValuesCents: [],
      undeliveredCents: 0,
    };
    const ledger = balancesOf(capture, ...refunds);
    expect(paymentLedgerProblems(facts, ledger)).toEqual([]);
    expect(ledger.GST_PAYABLE).toBe(0);
    expect(ledger.STUDENT_CASH + ledger.REFUNDS).toBe(0);
  });

  it("fails a payment whose refunds give back a cent more than was charged (each rounding its own GST)", () => {
    const amounts = [0, 1, 2].map(() => ({ amountCents: 7200, gstCents: 655 }));
    const refunds = amounts.map((r, i) => cardRefundPosting({ refundId: `r${i}`, paymentId: "p", ...r }));
    const facts = {
      chargedCents: 21599,
      gstCents: 1964,
      refunds: amounts,
      recordedRefundedCents: 21599,
      earnedValuesCents: [],
      undeliveredCents: 0,
    };
    expect(paymentLedgerProblems(facts, balancesOf(capture, ...refunds))).toEqual(
      expect.arrayContaining([
        "refunds of $216.00 exceed the charge of $215.99",
        "refunded GST of $19.65 exceeds the GST of $19.64",
        "its refunds add up to $216.00 but the payment records $215.99",
      ]),
    );
  });

  it("names what is missing: a lesson completed without its posting", () => {
    const facts = {
      chargedCents: 21599,
      gstCents: 1964,
      refunds: [],
      recordedRefundedCents: 0,
      earnedValuesCents: [6545],
      undeliveredCents: 13090,
    };
    const problems = paymentLedgerProblems(facts, balancesOf(capture));
    expect(problems).toEqual(
      expect.arrayContaining([
        "PLATFORM_REVENUE: ledger $0.00, records -$16.36",
        "INSTRUCTOR_PAYABLE: ledger $0.00, records -$49.09",
      ]),
    );
  });
});

describe("lessonPromotionPosting", () => {
  it("owes the instructor their share of a promised pack at Kerb's cost, keyed like an earning", () => {
    const posting = lessonPromotionPosting({ bookingId: "b1", instructorId: "i1", valueCents: 30_000 });
    expect(posting).toMatchObject({ key: "lesson:b1:earned", event: "lesson.promotion", paymentId: null });
    expect(posting.lines).toEqual([
      { account: "PROMOTION_COSTS", amountCents: 22_500 },
      { account: "INSTRUCTOR_PAYABLE", amountCents: -22_500, instructorId: "i1" },
    ]);
  });
});
