import { describe, expect, it } from "vitest";
import { adminUsersQuery, rejectInstructorRequest } from "./admin.ts";
import { instructorRegistrationRequest, loginRequest, studentRegistrationRequest } from "./auth.ts";
import { batchBookingItem } from "./bookings.ts";
import { CONTROL_CHARACTER_MESSAGE, safeText } from "./common.ts";
import { availabilityExceptionRequest } from "./instructor-portal.ts";
import { instructorsQuery } from "./instructors.ts";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe("safeText", () => {
  it("keeps tabs and newlines (a textarea's text) and refuses every other control character", () => {
    expect(safeText().safeParse("line one\r\nline two\tend").success).toBe(true);
    for (const bad of ["\u0000", "\u0001", "\u0008", "\u000B", "\u000C", "\u001B", "\u001F", "\u007F"]) {
      expect(messages(safeText().safeParse(`a${bad}b`))).toEqual([CONTROL_CHARACTER_MESSAGE]);
    }
  });

  it("still reports a missing value with the field's own message", () => {
    expect(messages(safeText({ error: "Name is required" }).safeParse(undefined))).toEqual([
      "Name is required",
    ]);
  });

  it("guards the free-text fields of the request schemas", () => {
    const student = {
      email: "lee@example.com",
      password: "secret12",
      confirmPassword: "secret12",
      acceptTerms: true,
      firstName: "Lee",
      lastName: "Learner",
      phone: "0400 000 000",
      suburb: "Parramatta",
      licenseType: "AUTOMATIC",
      experienceLevel: "NEVER_DRIVEN",
    };
    const instructor = {
      ...student,
      licenseNumber: "123456",
      vehicleType: "AUTOMATIC",
      standardRate: 80,
      languages: ["English"],
      suburbs: ["Parramatta"],
    };
    const nul = "x\u0000y";
    const cases: [{ safeParse(v: unknown): { success: boolean } }, unknown][] = [
      [studentRegistrationRequest, { ...student, firstName: nul }],
      [studentRegistrationRequest, { ...student, lastName: nul }],
      [studentRegistrationRequest, { ...student, phone: nul }],
      [studentRegistrationRequest, { ...student, email: "a\u0000b@example.com" }],
      [studentRegistrationRequest, { ...student, suburb: nul }],
      [instructorRegistrationRequest, { ...instructor, licenseNumber: nul }],
      [instructorRegistrationRequest, { ...instructor, languages: ["English", nul] }],
      [loginRequest, { email: "a\u0000b@example.com", password: "x" }],
      [adminUsersQuery, { search: nul }],
      [rejectInstructorRequest, { reason: nul }],
      [availabilityExceptionRequest, { date: "2030-01-01", kind: "CLOSED", note: nul }],
      [instructorsQuery, { suburb: "Parramatta", language: nul }],
      [
        batchBookingItem,
        {
          startTime: "2030-01-01T10:00:00+11:00",
          endTime: "2030-01-01T11:00:00+11:00",
          price: 80,
          isPoolHours: false,
          pickupLocation: nul,
        },
      ],
    ];
    for (const [schema, value] of cases) expect(schema.safeParse(value).success).toBe(false);
    expect(studentRegistrationRequest.safeParse(student).success).toBe(true);
    expect(instructorRegistrationRequest.safeParse(instructor).success).toBe(true);
  });
});
