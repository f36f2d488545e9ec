import { BUNDLE_CREDIT_TERMS } from "@kerb/shared/words";
import { describe, expect, it } from "vitest";
import { bundlePurchased } from "./bundle-purchased-email.ts";

describe("bundle purchased", () => {
  it("states what happens to a credit-paid lesson that is cancelled, so it agrees with the bundle", () => {
    const email = bundlePurchased({
      student: { firstName: "Sam", lastName: "Lee" },
      instructor: { firstName: "Ivy", lastName: "Ng" },
      boughtBy: null,
      totalLessons: 10,
      pricePerLessonCents: 7000,
      suburb: "Parramatta",
      amountCents: 77_000,
      gstCents: 7000,
      invoiceNumber: "KRB-20261125-ABCDEF",
      expiresAt: new Date("2027-11-25T00:00:00Z"),
      appUrl: "https://kerb.test",
    });
    const text = email.text.replace(/\s+/g, " ");
    expect(text).toContain("its credits go back to your bundle (one for each hour of the lesson)");
    expect(text).toContain("its credits are used (a credit cannot be split, so there is no 50% refund)");
    expect(text).toContain(BUNDLE_CREDIT_TERMS[0]);
    expect(text).toContain("Thanks for buying a 10-lesson bundle.");
  });

  it("tells the learner who bought the bundle for them", () => {
    const email = bundlePurchased({
      student: { firstName: "Sam", lastName: "Lee" },
      instructor: null,
      boughtBy: { firstName: "Mei", lastName: "Li" },
      totalLessons: 5,
      pricePerLessonCents: 7000,
      suburb: null,
      amountCents: 38_500,
      gstCents: 3500,
      invoiceNumber: "KRB-20261125-ABCDEF",
      expiresAt: new Date("2027-11-25T00:00:00Z"),
    });
    const text = email.text.replace(/\s+/g, " ");
    expect(text).toContain("Mei Li bought you a 5-lesson bundle.");
    expect(text).toContain("Bought for you by: Mei Li");
    expect(text).not.toContain("Thanks for buying");
  });

  it("prices a lesson as the student pays it, GST included, with the ex-GST part beside it (ACL s 48)", () => {
    const email = bundlePurchased({
      student: { firstName: "Sam", lastName: "Lee" },
      boughtBy: null,
      instructor: null,
      totalLessons: 10,
      pricePerLessonCents: 7000,
      suburb: null,
      amountCents: 77_000,
      gstCents: 7000,
      invoiceNumber: "KRB-20261125-ABCDEF",
      expiresAt: new Date("2027-11-25T00:00:00Z"),
    });
    const text = email.text.replace(/\s+/g, " ");
    expect(text).toContain("10 lessons at $77.00 each incl. GST ($70.00 + GST)");
    expect(text).toContain("$770.00 (including $70.00 GST)");
    expect(text).not.toContain("(ex GST)");
  });
});
