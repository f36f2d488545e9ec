import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, instructorProfiles } from "../../db/schema/index.ts";
import { api, instructorPayload, studentPayload } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

describeEachDatabase("profile edits", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    http = api(t.app);
  });
  afterAll(() => t.close());

  async function register(role: "student" | "instructor") {
    const payload = role === "student" ? studentPayload() : instructorPayload();
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
        { firstName: " Lena ", phone: "0411 222 333", suburb: "bondi", licenseType: "MANUAL" },
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
    it("edits bio, languages, vehicle, phone and gender without touching verification", async () => {
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
          licenseNumber: "NSW123456",
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
        licenseNumber: "NSW123456",
        verificationStatus: "VERIFIED",
      });
      // An empty bio clears it.
      const cleared = await http.patch("/api/instructor/profile", { bio: "  ", gender: null }, i.accessToken);
      expect(cleared.body).toMatchObject({ bio: null, gender: null });
      const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, i.user.id));
      expect(audits).toHaveLength(0);
    });

    it("returns the instructor to verification when the licence number changes, audited", async () => {
      const i = await register("instructor");
      await t.database.db
        .update(instructorProfiles)
        .set({ verificationStatus: "VERIFIED", verifiedAt: t.clock.now })
        .where(eq(instructorProfiles.userId, i.user.id));
      const res = await http.patch("/api/instructor/profile", { licenseNumber: "NSW999999" }, i.accessToken);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ licenseNumber: "NSW999999", verificationStatus: "PENDING" });
      const [profile] = await t.database.db
        .select()
        .from(instructorProfiles)
        .where(eq(instructorProfiles.userId, i.user.id));
      expect(profile?.verificationStatus).toBe("PENDING");
      expect(profile?.verifiedAt).toBeNull();
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "instructor.license_change"), eq(auditLog.targetId, i.user.id)));
      expect(audit?.actorId).toBe(i.user.id);
      expect(audit?.details).toEqual({
        before: { licenseNumber: "NSW123456", verificationStatus: "VERIFIED" },
        after: { licenseNumber: "NSW999999", verificationStatus: "PENDING" },
      });
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
