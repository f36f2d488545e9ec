import { describe, expect, it } from "vitest";
import { PAYMENT_STATUSES } from "../constants.ts";
import { canChangePaymentStatus, PAYMENT_TRANSITIONS, paymentStatusesBefore } from "./payment-lifecycle.ts";

describe("payment lifecycle", () => {
  it("lets a pending payment be paid or given up, and nothing else", () => {
    for (const to of PAYMENT_STATUSES) {
      expect(canChangePaymentStatus("PENDING", to), to).toBe(
        ["PAID", "EXPIRED", "FAILED", "CANCELLED"].includes(to),
      );
    }
  });

  it("refunds only a charge that arrived for lessons no longer held", () => {
    expect(paymentStatusesBefore("REFUNDED")).toEqual(["EXPIRED", "CANCELLED"]);
    expect(canChangePaymentStatus("PAID", "REFUNDED")).toBe(false);
  });

  it("never reopens a settled payment", () => {
    for (const settled of ["PAID", "FAILED", "REFUNDED"] as const) {
      expect(PAYMENT_TRANSITIONS[settled]).toEqual([]);
    }
    for (const from of PAYMENT_STATUSES) expect(canChangePaymentStatus(from, "PENDING"), from).toBe(false);
  });

  it("names every status", () => {
    expect(Object.keys(PAYMENT_TRANSITIONS).sort()).toEqual([...PAYMENT_STATUSES].sort());
  });
});
