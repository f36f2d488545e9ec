import { describe, expect, it } from "vitest";
import { describeAuditEntry } from "./describe-audit-entry";

describe("describeAuditEntry", () => {
  it("words weekly hours as days and times, Monday first", () => {
    expect(
      describeAuditEntry("availability.hours_replace", {
        before: [{ weekday: 1, start: "09:00", end: "17:00" }],
        after: [{ weekday: 1, start: "10:00", end: "16:00" }],
      }),
    ).toEqual(["Mon 09:00–17:00 → Mon 10:00–16:00"]);
    expect(
      describeAuditEntry("availability.hours_replace", {
        before: [],
        after: [
          { weekday: 0, start: "09:00", end: "12:00" },
          { weekday: 2, start: "13:00", end: "17:00" },
          { weekday: 2, start: "08:00", end: "12:00" },
        ],
      }),
    ).toEqual(["no hours → Tue 08:00–12:00 and 13:00–17:00, Sun 09:00–12:00"]);
    expect(describeAuditEntry("availability.hours_replace", { before: [], after: [] })).toEqual([
      "no hours → no hours",
    ]);
  });

  it("words ABN and GST changes, the ABN grouped as it is printed", () => {
    expect(
      describeAuditEntry("instructor.payout_details", {
        before: { abn: null, gstRegistered: false },
        after: { abn: "51824753556", gstRegistered: true },
      }),
    ).toEqual(["ABN: none → 51 824 753 556", "GST registered: no → yes"]);
  });

  it("words GST registration dates, their ABN Lookup check and the RCTI agreement accepted", () => {
    const lines = [
      ...describeAuditEntry("instructor.gst_registration", { effectiveFrom: "2026-07-01" }),
      ...describeAuditEntry("instructor.gst_registration_check", {
        effectiveFrom: "2026-07-01",
        effectiveTo: null,
        note: "ABN Lookup: registered from 1 Jul 2026",
      }),
      ...describeAuditEntry("instructor.rcti_agreement_accept", { version: "2026-12" }),
    ].join("\n");
    expect(lines).toContain("GST registered from: 01/07/2026");
    expect(lines).toContain("ABN Lookup: registered from 1 Jul 2026");
    expect(lines).toContain("Agreement version: 2026-12");
  });

  it("words a payout: amount, the week it pays, lessons and statement", () => {
    expect(
      describeAuditEntry("payout.create", {
        instructorId: "x",
        period: "2026-01-05..2026-01-11",
        lessons: 4,
        amountCents: 19875,
        statement: "PO-20260111-ABCDEF12",
      }),
    ).toEqual(["$198.75 for 05/01/2026 – 11/01/2026, 4 lessons", "Statement PO-20260111-ABCDEF12"]);
    expect(
      describeAuditEntry("payout.retry", { attempt: 2, previousStatus: "FAILED", amountCents: 5250 }),
    ).toEqual(["Amount: $52.50", "Attempt 2", "Was failed"]);
  });

  it("words profile changes field by field with their labels", () => {
    expect(
      describeAuditEntry("instructor.profile_update", {
        before: { phone: "0400 000 001", vehicleType: "AUTOMATIC", languages: ["English"], gender: null },
        after: {
          phone: "0422 333 444",
          vehicleType: "BOTH",
          languages: ["English", "Mandarin"],
          gender: "FEMALE",
        },
      }),
    ).toEqual([
      "Phone: 0400 000 001 → 0422 333 444",
      "Vehicle: Automatic → Automatic and manual",
      "Languages: English → English, Mandarin",
      "Gender: none → Female",
    ]);
    expect(
      describeAuditEntry("instructor.license_change", {
        before: { licenseNumber: "12345678", wwcNumber: "WWC1234567E", verificationStatus: "VERIFIED" },
        after: { licenseNumber: "99999999", wwcNumber: "WWC1234567E", verificationStatus: "PENDING" },
        studentsTold: 2,
      }),
    ).toEqual(["Licence number: 12345678 → 99999999", "Verification: Verified → Pending", "2 students told"]);
    expect(
      describeAuditEntry("instructor.rate_change", {
        before: { standardRateCents: 7000 },
        after: { standardRateCents: 8000 },
      }),
    ).toEqual(["Hourly rate: $70.00 → $80.00"]);
    expect(
      describeAuditEntry("instructor.verify", {
        before: { verificationStatus: "PENDING", licenseExpiresOn: null },
        after: { verificationStatus: "VERIFIED", licenseExpiresOn: "2027-06-01" },
        licenseNumberChecked: true,
      }),
    ).toEqual([
      "Verification: Pending → Verified",
      "Licence expires: none → 01/06/2027",
      "Licence number checked",
    ]);
  });

  it("words a suspension, and never shows a key or JSON for fields it does not know", () => {
    expect(
      describeAuditEntry("user.suspend", {
        reason: "Three no-shows",
        before: { suspended: false },
        after: { suspended: true },
        lessonsCancelled: 2,
        refundCents: 17600,
        lessons: [{ bookingId: "b1", refundCents: 8800 }],
      }),
    ).toEqual([
      "Account: active → suspended",
      "Reason: Three no-shows",
      "Refund: $176.00",
      "2 lessons cancelled",
    ]);
    expect(describeAuditEntry("refund.queue", { reason: "LESSON_CANCELLED", refundCents: 8250 })).toEqual([
      "Reason: Lesson cancelled",
      "Refund: $82.50",
    ]);
    const lines = describeAuditEntry("something.new", {
      someCountCents: 1250,
      nextStep: "CALL_BACK",
      flagged: true,
    });
    expect(lines).toEqual(["Some count: $12.50", "Next step: CALL_BACK", "Flagged: yes"]);
    expect(lines.join(" ")).not.toMatch(/[{}"]/);
  });
});
