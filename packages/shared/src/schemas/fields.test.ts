import { describe, expect, it } from "vitest";
import { SUBURBS } from "../constants.ts";
import { instructorRegistrationRequest } from "./auth.ts";
import { availabilityQuery } from "./availability.ts";
import { standardRateDollars, suburbName } from "./fields.ts";
import { instructorSettingsRequest, weeklyAvailabilityRequest } from "./instructor-portal.ts";
import { instructorsQuery } from "./instructors.ts";

const issues = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues.map((i) => ({ path: i.path.join("."), message: i.message })) ?? [];

describe("suburbName", () => {
  it("answers the canonical spelling of a suburb typed in any case", () => {
    expect(suburbName().parse("  north sydney ")).toBe("North Sydney");
    expect(suburbName().parse("BONDI")).toBe("Bondi");
  });

  it("refuses other places with one message, and a missing suburb with the spec's", () => {
    expect(issues(suburbName().safeParse("Atlantis"))).toEqual([
      { path: "", message: `We don't serve that suburb yet. Choose from: ${SUBURBS.join(", ")}` },
    ]);
    expect(issues(suburbName().safeParse("  "))).toEqual([{ path: "", message: "Suburb is required" }]);
    expect(issues(suburbName().safeParse(undefined))).toEqual([{ path: "", message: "Suburb is required" }]);
  });

  it("is what the student-facing queries use", () => {
    expect(instructorsQuery.parse({ suburb: "parramatta" }).suburb).toBe("Parramatta");
    expect(issues(instructorsQuery.safeParse({ suburb: "Nowhere" }))[0]?.path).toBe("suburb");
  });
});

describe("standardRateDollars", () => {
  it("accepts $30 to $200 in whole cents with the spec's messages (§5)", () => {
    expect(standardRateDollars.safeParse(30).success).toBe(true);
    expect(standardRateDollars.safeParse(200).success).toBe(true);
    expect(standardRateDollars.safeParse(75.5).success).toBe(true);
    expect(issues(standardRateDollars.safeParse(29))).toEqual([
      { path: "", message: "Rate must be at least $30/hour" },
    ]);
    expect(issues(standardRateDollars.safeParse(29.99))[0]?.message).toBe("Rate must be at least $30/hour");
    expect(issues(standardRateDollars.safeParse(201))).toEqual([
      { path: "", message: "Rate cannot exceed $200/hour" },
    ]);
    expect(issues(standardRateDollars.safeParse(50.555))[0]?.message).toBe("Rate must be in whole cents");
    expect(issues(standardRateDollars.safeParse(undefined))[0]?.message).toBe("Standard rate is required");
  });

  it("is the one rate schema of registration and of the settings change", () => {
    const rateIssue = (
      schema: typeof instructorSettingsRequest | typeof instructorRegistrationRequest,
      v: unknown,
    ) => issues(schema.safeParse({ standardRate: v })).find((i) => i.path === "standardRate")?.message;
    for (const schema of [instructorSettingsRequest, instructorRegistrationRequest]) {
      expect(rateIssue(schema, 29)).toBe("Rate must be at least $30/hour");
      expect(rateIssue(schema, 201)).toBe("Rate cannot exceed $200/hour");
      expect(rateIssue(schema, 80)).toBeUndefined();
    }
  });
});

describe("availabilityQuery", () => {
  const query = (startDate: string, endDate: string, suburb = "bondi") =>
    availabilityQuery.safeParse({ suburb, startDate, endDate });

  it("normalises the suburb and keeps a real, ordered range of up to 31 days", () => {
    const ok = query("2026-10-04", "2026-11-03");
    expect(ok.success).toBe(true);
    expect(ok.data?.suburb).toBe("Bondi");
    expect(query("2026-04-05", "2026-04-05").success).toBe(true);
  });

  it("refuses dates that are not real calendar dates", () => {
    expect(issues(query("2027-02-29", "2027-03-01"))).toEqual([
      { path: "startDate", message: "Not a real calendar date" },
    ]);
    expect(issues(query("2026-03-01", "1/3/2026"))[0]?.path).toBe("endDate");
  });

  it("refuses a range in the wrong order or longer than 31 days", () => {
    expect(issues(query("2026-03-10", "2026-03-09"))).toEqual([
      { path: "endDate", message: "The end date must not be before the start date" },
    ]);
    expect(issues(query("2026-03-01", "2026-04-01"))).toEqual([
      { path: "endDate", message: "A date range can cover at most 31 days" },
    ]);
    expect(query("2026-03-01", "2026-03-31").success).toBe(true);
  });

  it("refuses an unknown suburb", () => {
    expect(issues(query("2026-03-01", "2026-03-01", "Atlantis"))[0]?.path).toBe("suburb");
  });
});

describe("weeklyAvailabilityRequest", () => {
  it("uses the shared overlap rule: touching ranges are fine, overlapping ones are named", () => {
    const day = (ranges: Array<[string, string]>) => ({
      weekly: [{ weekday: 1, ranges: ranges.map(([start, end]) => ({ start, end })) }],
    });
    expect(
      weeklyAvailabilityRequest.safeParse(
        day([
          ["12:00", "15:00"],
          ["09:00", "12:00"],
        ]),
      ).success,
    ).toBe(true);
    expect(
      issues(
        weeklyAvailabilityRequest.safeParse(
          day([
            ["13:00", "15:00"],
            ["09:00", "13:30"],
          ]),
        ),
      ),
    ).toEqual([{ path: "weekly.0.ranges", message: "Monday: 09:00–13:30 overlaps 13:00–15:00" }]);
  });
});
