import { describe, expect, it } from "vitest";
import { instructorCompliance, isListableInstructor, lastTeachingDate } from "./instructor-listing.ts";

const today = "2026-06-15";
const verified = { verificationStatus: "VERIFIED" as const, licenseExpiresOn: null, wwcExpiresOn: null };

describe("instructorCompliance / isListableInstructor", () => {
  it("lists a verified instructor with no expiry dates recorded", () => {
    expect(instructorCompliance(verified, today)).toEqual({
      licenseExpired: false,
      wwcExpired: false,
      isListed: true,
    });
  });

  it("lists only verified instructors", () => {
    expect(isListableInstructor({ ...verified, verificationStatus: "PENDING" }, today)).toBe(false);
    expect(isListableInstructor({ ...verified, verificationStatus: "REJECTED" }, today)).toBe(false);
  });

  it("keeps an instructor listed on the expiry date itself and hides them the day after", () => {
    for (const key of ["licenseExpiresOn", "wwcExpiresOn"] as const) {
      expect(isListableInstructor({ ...verified, [key]: "2026-06-15" }, today), key).toBe(true);
      expect(isListableInstructor({ ...verified, [key]: "2026-06-14" }, today), key).toBe(false);
      expect(isListableInstructor({ ...verified, [key]: "2027-01-01" }, today), key).toBe(true);
    }
    expect(instructorCompliance({ ...verified, licenseExpiresOn: "2026-06-14" }, today)).toEqual({
      licenseExpired: true,
      wwcExpired: false,
      isListed: false,
    });
    expect(instructorCompliance({ ...verified, wwcExpiresOn: "2026-01-01" }, today)).toEqual({
      licenseExpired: false,
      wwcExpired: true,
      isListed: false,
    });
  });

  it("flags expiry for unverified instructors too (the admin console shows it)", () => {
    expect(
      instructorCompliance(
        { verificationStatus: "PENDING", licenseExpiresOn: "2026-01-01", wwcExpiresOn: null },
        today,
      ),
    ).toEqual({ licenseExpired: true, wwcExpired: false, isListed: false });
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
