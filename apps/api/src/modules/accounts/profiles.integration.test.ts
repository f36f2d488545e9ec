import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, bookings, instructorProfiles, outbox } from "../../db/schema/index.ts";
import { weekdayAhead } from "../../test/booking-fixtures.ts";
import { api, instructorPayload, studentPayload } from "../../test/http.ts";
import { anInstructor, aStudentWithPaidLesson } from "../../test/scenarios.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

describeEachDatabase("profile edits", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    http = api(t.app);
  });
  afterAll(() => t.close());

  async function register(role: "student" | "instructor", overrides: Record<string, unknown> = {}) {
    const payload = role === "student" ? studentPayload(overrides) : instructorPayload(overrides);
    const res = await http.post(`/api/auth/register/${role}`, payload);
    expect(res.status).toBe(201);
    return res.body as { user: { id: string }; accessToken: string };
  }

  describe("student", () => {
    it("reads and edits name, phone, suburb and licence type; leaves out fields alone", async () => {
      const s = await register("student");
      const before = await http.get("/api/student/account", s.accessToken);
      expect(before.status).toBe(200);
      expect(before.body).toMatchObject({
        firstName: "Lee",
        suburb: "Parramatta",
        licenseType: "AUTOMATIC",
        pendingEmail: null,
      });

      const res = await http.patch(
        "/api/student/profile",
        { firstName: " Lena ", phone: "+61 411 222 333", suburb: "bondi", licenseType: "MANUAL" },
        s.accessToken,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        firstName: "Lena",
        lastName: "Learner",
        phone: "0411 222 333",
        suburb: "Bondi",
        licenseType: "MANUAL",
      });
      expect((await http.get("/api/auth/me", s.accessToken)).body.user.firstName).toBe("Lena");
      expect((await http.get("/api/student/profile", s.accessToken)).body.suburb).toBe("Bondi");
      // Audited, before → after, the changed fields only (the last name was sent nowhere).
      const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, s.user.id));
      expect(audits.map((a) => ({ action: a.action, actorId: a.actorId, details: a.details }))).toEqual([
        {
          action: "student.profile_update",
          actorId: s.user.id,
          details: {
            before: {
              firstName: "Lee",
              phone: "0400 000 000",
              suburb: "Parramatta",
              licenseType: "AUTOMATIC",
            },
            after: { firstName: "Lena", phone: "0411 222 333", suburb: "Bondi", licenseType: "MANUAL" },
          },
        },
      ]);
      // Saving the same values again changes nothing and records nothing.
      await http.patch("/api/student/profile", { firstName: "Lena", suburb: "Bondi" }, s.accessToken);
      expect(
        await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, s.user.id)),
      ).toHaveLength(1);
    });

    it("refuses a phone number that is not Australian, in plain words", async () => {
      const s = await register("student");
      for (const phone of ["12345", "+64 21 123 4567", "1300 123 456"]) {
        const res = await http.patch("/api/student/profile", { phone }, s.accessToken);
        expect(res.status, phone).toBe(400);
        expect(res.body.error.details, phone).toEqual([
          {
            path: "phone",
            message: "Enter an Australian mobile or landline number, like 0412 345 678 or (02) 9876 5432",
          },
        ]);
      }
    });

    it("refuses bad values with the registration messages", async () => {
      const s = await register("student");
      const res = await http.patch(
        "/api/student/profile",
        { firstName: "  ", suburb: "Atlantis", licenseType: "TRUCK" },
        s.accessToken,
      );
      expect(res.status).toBe(400);
      const text = JSON.stringify(res.body);
      expect(text).toContain("First name is required");
      expect(text).toContain("License type is required");
    });

    it("is for students only, and needs a sign-in", async () => {
      const i = await register("instructor");
      expect((await http.patch("/api/student/profile", { firstName: "X" }, i.accessToken)).status).toBe(403);
      expect((await http.patch("/api/student/profile", { firstName: "X" })).status).toBe(401);
      expect((await http.get("/api/student/account")).status).toBe(401);
    });
  });

  describe("instructor", () => {
    it("edits bio, languages, vehicle, phone and gender without touching verification, each change audited", async () => {
      const i = await register("instructor");
      await t.database.db
        .update(instructorProfiles)
        .set({ verificationStatus: "VERIFIED", verifiedAt: t.clock.now })
        .where(eq(instructorProfiles.userId, i.user.id));
      const res = await http.patch(
        "/api/instructor/profile",
        {
          bio: "Patient, calm, 10 years teaching.",
          languages: ["English", " Mandarin ", ""],
          vehicleType: "BOTH",
          phone: "0422 333 444",
          gender: "FEMALE",
          // The same number written with a space: not a change.
          licenseNumber: "1234 5678",
        },
        i.accessToken,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        bio: "Patient, calm, 10 years teaching.",
        languages: ["English", "Mandarin"],
        vehicleType: "BOTH",
        phone: "0422 333 444",
        gender: "FEMALE",
        licenseNumber: "12345678",
        wwcNumber: "WWC1234567E",
        verificationStatus: "VERIFIED",
      });
      // An empty bio clears it.
      const cleared = await http.patch("/api/instructor/profile", { bio: "  ", gender: null }, i.accessToken);
      expect(cleared.body).toMatchObject({ bio: null, gender: null });
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, i.user.id))
        .orderBy(auditLog.createdAt, auditLog.id);
      expect(audits.every((a) => a.action === "instructor.profile_update")).toBe(true);
      expect(audits.map((a) => a.details)).toEqual(
        expect.arrayContaining([
          {
            before: {
              phone: "0400 000 001",
              bio: null,
              languages: ["English", "Hindi"],
              vehicleType: "AUTOMATIC",
              gender: null,
            },
            after: {
              phone: "0422 333 444",
              bio: "Patient, calm, 10 years teaching.",
              languages: ["English", "Mandarin"],
              vehicleType: "BOTH",
              gender: "FEMALE",
            },
          },
          {
            before: { bio: "Patient, calm, 10 years teaching.", gender: "FEMALE" },
            after: { bio: null, gender: null },
          },
        ]),
      );
      expect(audits).toHaveLength(2);
    });

    it("checks the licence and WWC number formats, with plain messages", async () => {
      const i = await register("instructor");
      const licence = await http.patch("/api/instructor/profile", { licenseNumber: "NSW-12" }, i.accessToken);
      expect(licence.status).toBe(400);
      expect(licence.body.error.details).toEqual([
        {
          path: "licenseNumber",
          message:
            "Enter your NSW driving instructor licence number: 6 to 8 digits, as printed on your licence",
        },
      ]);
      const wwc = await http.patch("/api/instructor/profile", { wwcNumber: "WWC12345E" }, i.accessToken);
      expect(wwc.body.error.details).toEqual([
        { path: "wwcNumber", message: "Enter your Working With Children Check number, like WWC1234567E" },
      ]);
      const volunteer = await http.patch(
        "/api/instructor/profile",
        { wwcNumber: "WWC7654321V" },
        i.accessToken,
      );
      expect(volunteer.body.error.details[0].message).toContain("volunteer check");
      const ok = await http.patch("/api/instructor/profile", { wwcNumber: " wwc 7654321e " }, i.accessToken);
      expect(ok.status).toBe(200);
      expect(ok.body.wwcNumber).toBe("WWC7654321E");
    });

    it("returns the instructor to verification when the licence number changes, tells their students, audited", async () => {
      // Listed and teaching on weekdays, with a student's paid lesson ahead.
      const instructor = await anInstructor(t, { suburbs: ["Sydney CBD"] });
      const { student, lesson: booked } = await aStudentWithPaidLesson(t, {
        date: weekdayAhead(t.clock.now, 5),
        instructor,
      });
      const res = await http.patch(
        "/api/instructor/profile",
        { licenseNumber: "99999999" },
        instructor.token,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ licenseNumber: "99999999", verificationStatus: "PENDING" });
      const [profile] = await t.database.db
        .select()
        .from(instructorProfiles)
        .where(eq(instructorProfiles.userId, instructor.id));
      expect(profile?.verificationStatus).toBe("PENDING");
      expect(profile?.verifiedAt).toBeNull();
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "instructor.license_change"), eq(auditLog.targetId, instructor.id)));
      expect(audit?.actorId).toBe(instructor.id);
      expect(audit?.details).toEqual({
        before: { licenseNumber: "12345678", wwcNumber: "WWC1234567E", verificationStatus: "VERIFIED" },
        after: { licenseNumber: "99999999", wwcNumber: "WWC1234567E", verificationStatus: "PENDING" },
        studentsTold: 1,
      });
      // The student of the lesson still to come is told (compliance's "your instructor can't teach" email).
      const told = await t.database.db
        .select({ to: outbox.toEmail, text: outbox.textBody })
        .from(outbox)
        .where(eq(outbox.kind, "instructor_unavailable"));
      expect(told.map((e) => e.to)).toEqual([student.email]);
      expect(told[0]?.text).toContain("Ivy Instructor");
      // The lesson stays booked: the student decides.
      const [lesson] = await t.database.db.select().from(bookings).where(eq(bookings.id, booked.id));
      expect(lesson?.status).toBe("SCHEDULED");
    });

    it("sends the instructor back to verification when a recorded WWC number is replaced, not when a first one is given", async () => {
      const i = await register("instructor");
      await t.database.db
        .update(instructorProfiles)
        .set({ verificationStatus: "VERIFIED", verifiedAt: t.clock.now, wwcNumber: null })
        .where(eq(instructorProfiles.userId, i.user.id));
      const first = await http.patch("/api/instructor/profile", { wwcNumber: "WWC1111111E" }, i.accessToken);
      expect(first.body).toMatchObject({ wwcNumber: "WWC1111111E", verificationStatus: "VERIFIED" });
      const replaced = await http.patch(
        "/api/instructor/profile",
        { wwcNumber: "WWC2222222E" },
        i.accessToken,
      );
      expect(replaced.body).toMatchObject({ wwcNumber: "WWC2222222E", verificationStatus: "PENDING" });
      const actions = (
        await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, i.user.id))
      ).map((a) => a.action);
      expect(actions.sort()).toEqual(["instructor.profile_update", "instructor.wwc_number_change"]);
    });

    it("refuses an empty language list and a student caller", async () => {
      const i = await register("instructor");
      const bad = await http.patch("/api/instructor/profile", { languages: [" "] }, i.accessToken);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain("At least one language is required");
      const s = await register("student");
      expect((await http.get("/api/instructor/account", s.accessToken)).status).toBe(403);
    });
  });
});

describe("auth rate limit on account recovery", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", { env: { AUTH_RATE_LIMIT_MAX: "2" } });
  });
  afterAll(() => t.close());

  it("applies to forgot-password and reset-password", async () => {
    const http = api(t.app);
    const codes: number[] = [];
    for (let n = 0; n < 3; n++) {
      codes.push((await http.post("/api/auth/forgot-password", { email: "a@example.com" })).status);
    }
    expect(codes).toEqual([202, 202, 429]);
    const body = { token: "abc", password: "pass1234", confirmPassword: "pass1234" };
    const resets: number[] = [];
    for (let n = 0; n < 3; n++) resets.push((await http.post("/api/auth/reset-password", body)).status);
    expect(resets).toEqual([400, 400, 429]);
  });
});
