import { describe, expect, it } from "vitest";
import { isPayoutHeld, stopDuring, type TeachingStop, teachingStopsDue } from "./teaching-stops.ts";

const at = (iso: string) => new Date(iso);
const rejected: TeachingStop = {
  reason: "REJECTED",
  startsAt: at("2026-05-10T00:00:00Z"),
  endsAt: at("2026-06-01T00:00:00Z"),
};
const suspended: TeachingStop = { reason: "SUSPENDED", startsAt: at("2026-05-20T00:00:00Z"), endsAt: null };

describe("lessons taught during a teaching stop", () => {
  it("are held from the stop's first instant, not before", () => {
    expect(stopDuring(at("2026-05-09T23:59:59Z"), [rejected])).toBeNull();
    expect(stopDuring(at("2026-05-10T00:00:00Z"), [rejected])?.reason).toBe("REJECTED");
  });

  it("are payable again from the instant the stop ended (re-verified)", () => {
    expect(stopDuring(at("2026-05-31T23:59:59Z"), [rejected])?.reason).toBe("REJECTED");
    expect(stopDuring(at("2026-06-01T00:00:00Z"), [rejected])).toBeNull();
  });

  it("name the earliest stop when two overlap, and an open stop lasts", () => {
    expect(stopDuring(at("2026-05-25T00:00:00Z"), [suspended, rejected])?.reason).toBe("REJECTED");
    expect(stopDuring(at("2027-01-01T00:00:00Z"), [suspended, rejected])?.reason).toBe("SUSPENDED");
  });

  it("stay held until an admin decides, whichever way", () => {
    const lesson = { startTime: at("2026-05-12T00:00:00Z") };
    expect(isPayoutHeld(lesson, [rejected], null)).toBe(true);
    expect(isPayoutHeld(lesson, [rejected], "PAY")).toBe(false);
    expect(isPayoutHeld(lesson, [rejected], "REFUND")).toBe(false);
    expect(isPayoutHeld({ startTime: at("2026-04-01T00:00:00Z") }, [rejected], null)).toBe(false);
  });
});

describe("the stops an instructor's standing calls for", () => {
  const now = at("2026-11-26T01:00:00Z");
  const verified = {
    verificationStatus: "VERIFIED" as const,
    suspended: false,
    licenseExpiresOn: "2027-01-01",
    wwcExpiresOn: "2027-06-01",
  };

  it("none for a listed instructor, nor for one only waiting for verification", () => {
    expect(teachingStopsDue(verified, "2026-11-26", now)).toEqual([]);
    expect(teachingStopsDue({ ...verified, verificationStatus: "PENDING" }, "2026-11-26", now)).toEqual([]);
  });

  it("a rejection and a suspension start now", () => {
    expect(
      teachingStopsDue({ ...verified, verificationStatus: "REJECTED", suspended: true }, "2026-11-26", now),
    ).toEqual([
      { reason: "SUSPENDED", startsAt: now },
      { reason: "REJECTED", startsAt: now },
    ]);
  });

  it("a lapsed document from the Sydney midnight after its expiry date, however late it is noticed", () => {
    // Licence valid through 20/11/2026 (AEDT, UTC+11): it stopped being valid at 2026-11-21 00:00 Sydney.
    const due = teachingStopsDue({ ...verified, licenseExpiresOn: "2026-11-20" }, "2026-11-26", now);
    expect(due).toEqual([{ reason: "DOCUMENT_EXPIRED", startsAt: at("2026-11-20T13:00:00Z") }]);
  });

  it("the earlier of two lapsed documents", () => {
    // WWC valid through 30/06/2026 (AEST, UTC+10): invalid from 2026-07-01 00:00 Sydney.
    const due = teachingStopsDue(
      { ...verified, licenseExpiresOn: "2026-11-20", wwcExpiresOn: "2026-06-30" },
      "2026-11-26",
      now,
    );
    expect(due).toEqual([{ reason: "DOCUMENT_EXPIRED", startsAt: at("2026-06-30T14:00:00Z") }]);
  });
});
