import { describe, expect, it } from "vitest";
import {
  instructorCompliance,
  isExpiringSoon,
  isListableInstructor,
  lastTeachingDate,
  UNLISTED_REASONS,
  unlistedReasonText,
  verificationDateProblems,
} from "./instructor-listing.ts";

const today = "2026-06-15";
const verified = {
  verificationStatus: "VERIFIED" as const,
  suspended: false,
  licenseExpiresOn: "2027-06-01",
  wwcExpiresOn: "2028-01-01",
};

describe("instructorCompliance / isListableInstructor", () => {
  it("lists a verified instructor with both expiry dates recorded and in the future", () => {
    expect(instructorCompliance(verified, today)).toEqual({
      licenseExpired: false,
      wwcExpired: false,
      licenseMissing: false,
      wwcMissing: false,
      isListed: true,
      reasons: [],
    });
  });

  it("never lists a suspended instructor, whatever their documents say", () => {
    expect(isListableInstructor({ ...verified, suspended: true }, today)).toBe(false);
    expect(instructorCompliance({ ...verified, suspended: true }, today).reasons).toEqual(["SUSPENDED"]);
    expect(
      instructorCompliance({ ...verified, suspended: true, verificationStatus: "PENDING" }, today).reasons,
    ).toEqual(["SUSPENDED", "NOT_VERIFIED"]);
  });

  it("does not list a verified instructor whose licence or WWC expiry is not on record", () => {
    for (const key of ["licenseExpiresOn", "wwcExpiresOn"] as const) {
      const compliance = instructorCompliance({ ...verified, [key]: null }, today);
      expect(compliance.isListed, key).toBe(false);
      expect(compliance.reasons, key).toEqual(["DOCUMENTS_MISSING"]);
    }
    expect(
      instructorCompliance({ ...verified, licenseExpiresOn: null, wwcExpiresOn: null }, today),
    ).toMatchObject({ licenseMissing: true, wwcMissing: true, isListed: false });
  });

  it("lists only verified instructors", () => {
    expect(isListableInstructor({ ...verified, verificationStatus: "PENDING" }, today)).toBe(false);
    expect(isListableInstructor({ ...verified, verificationStatus: "REJECTED" }, today)).toBe(false);
    expect(instructorCompliance({ ...verified, verificationStatus: "REJECTED" }, today).reasons).toEqual([
      "REJECTED",
    ]);
  });

  it("keeps an instructor listed on the expiry date itself and hides them the day after", () => {
    for (const key of ["licenseExpiresOn", "wwcExpiresOn"] as const) {
      expect(isListableInstructor({ ...verified, [key]: "2026-06-15" }, today), key).toBe(true);
      expect(isListableInstructor({ ...verified, [key]: "2026-06-14" }, today), key).toBe(false);
      expect(isListableInstructor({ ...verified, [key]: "2027-01-01" }, today), key).toBe(true);
    }
    expect(instructorCompliance({ ...verified, licenseExpiresOn: "2026-06-14" }, today)).toMatchObject({
      licenseExpired: true,
      wwcExpired: false,
      isListed: false,
      reasons: ["LICENCE_EXPIRED"],
    });
    expect(instructorCompliance({ ...verified, wwcExpiresOn: "2026-01-01" }, today)).toMatchObject({
      licenseExpired: false,
      wwcExpired: true,
      isListed: false,
      reasons: ["WWC_EXPIRED"],
    });
  });

  it("flags expiry and missing dates for unverified instructors too (the admin console shows it)", () => {
    expect(
      instructorCompliance(
        {
          suspended: false,
          verificationStatus: "PENDING",
          licenseExpiresOn: "2026-01-01",
          wwcExpiresOn: null,
        },
        today,
      ),
    ).toEqual({
      licenseExpired: true,
      wwcExpired: false,
      licenseMissing: false,
      wwcMissing: true,
      isListed: false,
      reasons: ["NOT_VERIFIED", "DOCUMENTS_MISSING", "LICENCE_EXPIRED"],
    });
  });

  it("has a sentence for every reason", () => {
    for (const reason of UNLISTED_REASONS) expect(unlistedReasonText(reason).length).toBeGreaterThan(5);
  });
});

describe("verificationDateProblems", () => {
  it("requires both dates, each after today", () => {
    expect(
      verificationDateProblems({ licenseExpiresOn: "2026-06-16", wwcExpiresOn: "2030-01-01" }, today),
    ).toEqual([]);
    expect(verificationDateProblems({}, today).map((p) => p.path)).toEqual([
      "licenseExpiresOn",
      "wwcExpiresOn",
    ]);
    expect(
      verificationDateProblems({ licenseExpiresOn: today, wwcExpiresOn: "2026-06-14" }, today).map(
        (p) => p.message,
      ),
    ).toEqual([
      "The licence expiry date must be in the future",
      "The Working With Children check expiry date must be in the future",
    ]);
    expect(verificationDateProblems({ licenseExpiresOn: null, wwcExpiresOn: "2027-01-01" }, today)).toEqual([
      { path: "licenseExpiresOn", message: "Enter the licence expiry date" },
    ]);
  });
});

describe("isExpiringSoon", () => {
  it("is true from 30 days before the expiry date through the date itself", () => {
    expect(isExpiringSoon("2026-07-15", today)).toBe(true); // 30 days ahead
    expect(isExpiringSoon("2026-07-16", today)).toBe(false); // 31 days ahead
    expect(isExpiringSoon(today, today)).toBe(true);
    expect(isExpiringSoon("2026-06-14", today)).toBe(false); // already expired
    expect(isExpiringSoon(null, today)).toBe(false);
  });
});

describe("lastTeachingDate", () => {
  it("is the earlier of the two expiry dates, or null when neither is recorded", () => {
    expect(lastTeachingDate({ licenseExpiresOn: null, wwcExpiresOn: null })).toBeNull();
    expect(lastTeachingDate({ licenseExpiresOn: "2026-07-01", wwcExpiresOn: null })).toBe("2026-07-01");
    expect(lastTeachingDate({ licenseExpiresOn: null, wwcExpiresOn: "2026-08-01" })).toBe("2026-08-01");
    expect(lastTeachingDate({ licenseExpiresOn: "2026-09-01", wwcExpiresOn: "2026-08-01" })).toBe(
      "2026-08-01",
    );
  });
});
