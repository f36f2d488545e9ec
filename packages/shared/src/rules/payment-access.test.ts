import { describe, expect, it } from "vitest";
import { learnerCaller, mayReadPayment, mayReadReceipt } from "./payment-access.ts";

const payment = { userId: "learner", payerId: "guardian" };

describe("mayReadPayment", () => {
  it("lets the learner the payment is for read it", () => {
    expect(mayReadPayment(payment, learnerCaller("learner"))).toBe(true);
  });

  it("lets the guardian who paid read it while they follow the learner", () => {
    expect(mayReadPayment(payment, { userId: "guardian", followedLearnerIds: new Set(["learner"]) })).toBe(
      true,
    );
  });

  it("refuses the payer once they no longer follow the learner", () => {
    expect(mayReadPayment(payment, { userId: "guardian", followedLearnerIds: new Set() })).toBe(false);
  });

  it("refuses a guardian of the learner who did not pay", () => {
    const other = { userId: "other-guardian", followedLearnerIds: new Set(["learner"]) };
    expect(mayReadPayment(payment, other)).toBe(false);
  });

  it("refuses anyone else, and a learner's own payment with no payer to anyone but them", () => {
    expect(mayReadPayment(payment, learnerCaller("someone"))).toBe(false);
    expect(mayReadPayment({ userId: "learner", payerId: null }, learnerCaller("guardian"))).toBe(false);
  });
});

describe("mayReadReceipt", () => {
  it("lets the learner and the guardian who paid read it, followed or not", () => {
    expect(mayReadReceipt(payment, learnerCaller("learner"))).toBe(true);
    expect(mayReadReceipt(payment, { userId: "guardian" })).toBe(true);
  });

  it("refuses anyone else, a guardian of the learner who did not pay included", () => {
    expect(mayReadReceipt(payment, { userId: "other-guardian" })).toBe(false);
    expect(mayReadReceipt({ userId: "learner", payerId: null }, { userId: "guardian" })).toBe(false);
  });
});
