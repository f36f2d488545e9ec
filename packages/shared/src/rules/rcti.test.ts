/**
 * Each rule pinned to the regulator's words (paraphrased; sources in rcti.ts): the GST Act 1999 s 29-70(3)
 * and the ATO's published RCTI requirements under the Commissioner's RCTI determination.
 */
import { describe, expect, it } from "vitest";
import { rctiAgreementClauses, rctiAgreementReference } from "../words/rcti-agreement.ts";
import {
  gstEndProblem,
  gstRegisteredOn,
  gstStartProblem,
  hasCurrentRctiAgreement,
  RCTI_AGREEMENT_VERSION,
  RCTI_ISSUE_DAYS,
  RCTI_TITLE,
  rctiDaysLate,
  rctiIssueDeadline,
} from "./rcti.ts";

describe("GST registration by date (GST Act: GST is payable on a taxable supply by a registered supplier)", () => {
  const closed = { effectiveFrom: "2026-03-01", effectiveTo: "2026-07-01" };
  const open = { effectiveFrom: "2026-10-01", effectiveTo: null };
  const periods = [closed, open];
  it("a lesson taught before the registration's date of effect carries no GST", () => {
    expect(gstRegisteredOn(periods, "2026-02-28")).toBe(false);
    expect(gstRegisteredOn(periods, "2026-03-01")).toBe(true);
  });
  it("stops on the cancellation date and starts again with a new registration", () => {
    expect(gstRegisteredOn(periods, "2026-06-30")).toBe(true);
    expect(gstRegisteredOn(periods, "2026-07-01")).toBe(false);
    expect(gstRegisteredOn(periods, "2026-09-30")).toBe(false);
    expect(gstRegisteredOn(periods, "2030-01-01")).toBe(true);
  });
  it("never registered: no GST on any date", () => {
    expect(gstRegisteredOn([], "2026-05-01")).toBe(false);
  });
  it("periods never overlap or run backwards", () => {
    expect(gstStartProblem(periods, "2027-01-01")).toBe("overlaps_earlier");
    expect(gstStartProblem([closed], "2026-06-01")).toBe("overlaps_earlier");
    expect(gstStartProblem([closed], "2026-07-01")).toBeNull();
    expect(gstEndProblem(open, "2026-10-01")).toBe("ends_before_start");
    expect(gstEndProblem(open, "2026-10-02")).toBeNull();
  });
});

describe("RCTI issue time (ATO: issue the RCTI within 28 days of making the supply)", () => {
  it("allows 28 days", () => {
    expect(RCTI_ISSUE_DAYS).toBe(28);
    expect(rctiIssueDeadline("2026-11-02")).toBe("2026-11-30");
  });
  it("counts the days a held line is late; a line on time is 0", () => {
    expect(rctiDaysLate("2026-11-02", "2026-11-30")).toBe(0);
    expect(rctiDaysLate("2026-11-02", "2026-12-05")).toBe(5);
    expect(rctiDaysLate("2026-11-30", "2026-12-01")).toBe(0);
  });
});

describe("a current written agreement (ATO: the agreement must be current and effective when the RCTI is issued)", () => {
  it("needs the current version, accepted and not re-asked since", () => {
    expect(hasCurrentRctiAgreement([])).toBe(false);
    expect(hasCurrentRctiAgreement([{ version: RCTI_AGREEMENT_VERSION, reaskedAt: null }])).toBe(true);
    expect(hasCurrentRctiAgreement([{ version: "2020-01", reaskedAt: null }])).toBe(false);
    expect(hasCurrentRctiAgreement([{ version: RCTI_AGREEMENT_VERSION, reaskedAt: new Date() }])).toBe(false);
  });

  const clauses = rctiAgreementClauses({
    recipient: { name: "Kerb Pty Ltd", abn: "51824753556" },
    supplier: { name: "Gia Gst", abn: "53004085616", gstRegistered: true },
  }).join("\n");
  it("names both parties' ABNs", () => {
    expect(clauses).toContain("ABN 51 824 753 556");
    expect(clauses).toContain("ABN 53 004 085 616");
  });
  it("specifies the supplies it covers (ATO: the agreement specifies the supplies to which it relates)", () => {
    expect(clauses).toMatch(/Supplies covered\. The driving lessons/);
  });
  it("says the recipient can issue tax invoices for those supplies", () => {
    expect(clauses).toMatch(/will issue a recipient-created tax invoice for each of those supplies/);
  });
  it("says the supplier will not issue tax invoices for them", () => {
    expect(clauses).toMatch(/supplier will not issue tax invoices for the supplies/);
  });
  it("both acknowledge their GST registration and will say if it (or the ABN) changes", () => {
    expect(clauses).toMatch(/is registered for GST/);
    expect(clauses).toMatch(/tell the other straight away if its GST registration starts, stops or changes/);
  });
  it("states its term", () => {
    expect(clauses).toMatch(/^Term\. /m);
  });
  it("is named by version on each RCTI, which says what it is", () => {
    expect(rctiAgreementReference()).toBe(
      `Recipient-created tax invoice agreement, version ${RCTI_AGREEMENT_VERSION}`,
    );
    expect(RCTI_TITLE).toBe("Recipient-created tax invoice");
  });
});
