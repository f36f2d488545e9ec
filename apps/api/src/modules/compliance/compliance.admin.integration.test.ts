/**
 * Compliance in the operator console: the instructor list (search, sort, flags), verifying, rejecting
 * and recording document dates, each audited.
 */
import { addDaysToDate, sydneyTodayDate } from "@kerb/shared/rules";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog, instructorProfiles } from "../../db/schema/index.ts";
import { newInstructor, userIdByEmail } from "../../test/fixtures/instructor-fixtures.ts";
import { api, instructorPayload } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const messages = (body: { error: { details?: Array<{ message: string }> } }) =>
  (body.error.details ?? []).map((d) => d.message).join(" | ");

describeEachDatabase("admin: compliance", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let adminToken: string;
  let adminId: string;
  let studentId: string;
  let demoInstructorId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    adminToken = (await http.login("admin@demo.test")).accessToken;
    adminId = await userIdByEmail(t.database.db, "admin@demo.test");
    studentId = await userIdByEmail(t.database.db, "student@demo.test");
    demoInstructorId = await userIdByEmail(t.database.db, "instructor@demo.test");
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const auditFor = (targetId: string) =>
    db().select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(desc(auditLog.createdAt));
  const registerPending = async (overrides: Record<string, unknown> = {}) => {
    const res = await http.post("/api/auth/register/instructor", instructorPayload(overrides));
    expect(res.status).toBe(201);
    return res.body.user.id as string;
  };

  it("refuses every compliance route without a token (401) and to students and instructors (403)", async () => {
    const student = await http.login("student@demo.test");
    const instructor = await http.login("instructor@demo.test");
    const routes: Array<["GET" | "POST" | "PATCH", string]> = [
      ["GET", "/api/admin/instructors"],
      ["POST", `/api/admin/instructors/${demoInstructorId}/verify`],
      ["POST", `/api/admin/instructors/${demoInstructorId}/reject`],
      ["PATCH", `/api/admin/instructors/${demoInstructorId}/compliance`],
    ];
    for (const [method, url] of routes) {
      const call = (token?: string) =>
        t.app.inject({
          method,
          url,
          ...(method === "GET" ? {} : { payload: { reason: "x" } }),
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      expect((await call()).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(student.accessToken)).statusCode, `${method} ${url} student`).toBe(403);
      expect((await call(instructor.accessToken)).statusCode, `${method} ${url} instructor`).toBe(403);
    }
    // Nothing changed for the demo instructor.
    const [profile] = await db()
      .select({ status: instructorProfiles.verificationStatus })
      .from(instructorProfiles)
      .where(eq(instructorProfiles.userId, demoInstructorId));
    expect(profile?.status).toBe("VERIFIED");
  });

  it("lists pending instructors with licence details, oldest first", async () => {
    const id = await registerPending({
      licenseNumber: "7700 1234",
      wwcNumber: "wwc7654321e",
      firstName: "Penny",
    });
    const res = await http.get("/api/admin/instructors?status=pending&pageSize=100", adminToken);
    expect(res.status).toBe(200);
    expect(
      res.body.items.every((i: { verificationStatus: string }) => i.verificationStatus === "PENDING"),
    ).toBe(true);
    expect(res.body.items.find((i: { id: string }) => i.id === id)).toMatchObject({
      firstName: "Penny",
      // Stored in one form: the licence as digits, the WWC number in capitals.
      licenseNumber: "77001234",
      wwcNumber: "WWC7654321E",
      suspended: false,
      vehicleType: "AUTOMATIC",
      standardRate: 80,
      suburbs: ["Parramatta", "Blacktown"],
      verifiedAt: null,
      licenseExpiresOn: null,
      wwcExpiresOn: null,
      compliance: { licenseExpired: false, wwcExpired: false, isListed: false },
    });
    const verified = await http.get("/api/admin/instructors?status=VERIFIED&pageSize=100", adminToken);
    expect(verified.body.total).toBeGreaterThanOrEqual(37);
    expect(
      verified.body.items.find((i: { id: string }) => i.id === demoInstructorId)?.compliance.isListed,
    ).toBe(true);
  });

  it("verifies an instructor only with the licence check confirmed, and audits it", async () => {
    const id = await registerPending();
    const expiry = addDaysToDate(sydneyTodayDate(t.clock.now), 400);

    for (const body of [{}, { licenseNumberChecked: false }, { licenseNumberChecked: "true" }]) {
      const res = await http.post(`/api/admin/instructors/${id}/verify`, body, adminToken);
      expect(res.status).toBe(400);
      expect(messages(res.body)).toContain("Confirm that you checked the licence number");
    }
    // Both expiry dates are required: the listing rule needs them.
    const missing = await http.post(
      `/api/admin/instructors/${id}/verify`,
      { licenseNumberChecked: true },
      adminToken,
    );
    expect(missing.status).toBe(400);
    expect(messages(missing.body)).toContain("Enter the licence expiry date");
    expect(messages(missing.body)).toContain("Enter the Working With Children check expiry date");
    const today = sydneyTodayDate(t.clock.now);
    for (const [licenseExpiresOn, wwcExpiresOn] of [
      [addDaysToDate(today, -1), expiry],
      [expiry, today], // valid today, but verifying needs a future date
    ]) {
      const past = await http.post(
        `/api/admin/instructors/${id}/verify`,
        { licenseNumberChecked: true, licenseExpiresOn, wwcExpiresOn },
        adminToken,
      );
      expect(past.status).toBe(400);
      expect(past.body.error.message).toMatch(/both expiry dates recorded and in the future/);
      expect(messages(past.body)).toMatch(/expiry date must be in the future/);
    }
    expect(await auditFor(id)).toHaveLength(0);

    const res = await http.post(
      `/api/admin/instructors/${id}/verify`,
      { licenseNumberChecked: true, licenseExpiresOn: expiry, wwcExpiresOn: expiry },
      adminToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.instructor).toMatchObject({
      id,
      verificationStatus: "VERIFIED",
      verifiedAt: t.clock.now.toISOString(),
      licenseExpiresOn: expiry,
      wwcExpiresOn: expiry,
      compliance: { isListed: true },
    });
    const audit = await auditFor(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: adminId,
      action: "instructor.verify",
      targetType: "instructor",
      details: {
        licenseNumberChecked: true,
        licenseExpiresOn: expiry,
        before: { verificationStatus: "PENDING" },
      },
    });
  });

  it("verifies only with a Working With Children Check number on record, given then or at sign-up", async () => {
    const id = await registerPending({ wwcNumber: undefined });
    const expiry = addDaysToDate(sydneyTodayDate(t.clock.now), 400);
    const body = { licenseNumberChecked: true, licenseExpiresOn: expiry, wwcExpiresOn: expiry };
    const without = await http.post(`/api/admin/instructors/${id}/verify`, body, adminToken);
    expect(without.status).toBe(400);
    expect(without.body.error.details).toEqual([
      { path: "wwcNumber", message: "Enter the Working With Children Check number" },
    ]);
    const badFormat = await http.post(
      `/api/admin/instructors/${id}/verify`,
      { ...body, wwcNumber: "12345" },
      adminToken,
    );
    expect(messages(badFormat.body)).toBe("Enter your Working With Children Check number, like WWC1234567E");
    const res = await http.post(
      `/api/admin/instructors/${id}/verify`,
      { ...body, wwcNumber: "WWC1212121E" },
      adminToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.instructor).toMatchObject({ wwcNumber: "WWC1212121E", verificationStatus: "VERIFIED" });
    const [entry] = await auditFor(id);
    expect(entry?.details).toMatchObject({
      before: { wwcNumber: null, verificationStatus: "PENDING" },
      after: { wwcNumber: "WWC1212121E", verificationStatus: "VERIFIED" },
    });
  });

  it("rejects an instructor with a reason kept in the audit log", async () => {
    const id = await registerPending();
    const empty = await http.post(`/api/admin/instructors/${id}/reject`, { reason: "  " }, adminToken);
    expect(empty.status).toBe(400);
    expect(messages(empty.body)).toContain("A reason is required");
    const res = await http.post(
      `/api/admin/instructors/${id}/reject`,
      { reason: "Licence number does not match Service NSW records" },
      adminToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.instructor).toMatchObject({ verificationStatus: "REJECTED", verifiedAt: null });
    const [entry] = await auditFor(id);
    expect(entry).toMatchObject({
      action: "instructor.reject",
      details: { reason: "Licence number does not match Service NSW records" },
    });
    const rejected = await http.get("/api/admin/instructors?status=REJECTED", adminToken);
    expect(rejected.body.items.map((i: { id: string }) => i.id)).toContain(id);
  });

  it("updates compliance dates, flags expired ones and audits before/after", async () => {
    const ivy = await newInstructor(http, db());
    const today = sydneyTodayDate(t.clock.now);
    const yesterday = addDaysToDate(today, -1);
    const res = await http.patch(
      `/api/admin/instructors/${ivy.id}/compliance`,
      { licenseExpiresOn: yesterday, wwcExpiresOn: today },
      adminToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.instructor).toMatchObject({
      licenseExpiresOn: yesterday,
      wwcExpiresOn: today,
      compliance: { licenseExpired: true, wwcExpired: false, isListed: false },
    });
    const cleared = await http.patch(
      `/api/admin/instructors/${ivy.id}/compliance`,
      { licenseExpiresOn: null },
      adminToken,
    );
    // A date not on record keeps the instructor off the listing too.
    expect(cleared.body.instructor).toMatchObject({
      licenseExpiresOn: null,
      wwcExpiresOn: today,
      compliance: { licenseMissing: true, isListed: false, reasons: ["DOCUMENTS_MISSING"] },
    });
    const audit = await auditFor(ivy.id);
    expect(audit.map((a) => a.action)).toEqual([
      "instructor.compliance_update",
      "instructor.compliance_update",
    ]);
    expect(audit.map((a) => a.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          changed: { licenseExpiresOn: null },
          before: expect.objectContaining({ licenseExpiresOn: yesterday }),
          after: expect.objectContaining({ licenseExpiresOn: null, wwcExpiresOn: today }),
        }),
      ]),
    );

    for (const [body, message] of [
      [{}, "Nothing to update"],
      [{ wwcExpiresOn: "2027-02-29" }, "Not a real calendar date"],
      [{ licenseExpiresOn: 20270101 }, ""],
    ] as const) {
      const bad = await http.patch(`/api/admin/instructors/${ivy.id}/compliance`, body, adminToken);
      expect(bad.status).toBe(400);
      expect(messages(bad.body)).toContain(message);
    }
  });

  it("answers 404 for instructor actions on an unknown id or a non-instructor, and 400 for a bad id", async () => {
    for (const id of [UNKNOWN_ID, studentId, adminId]) {
      const verify = await http.post(
        `/api/admin/instructors/${id}/verify`,
        { licenseNumberChecked: true, licenseExpiresOn: "2099-01-01", wwcExpiresOn: "2099-01-01" },
        adminToken,
      );
      expect(verify.status).toBe(404);
      expect(
        (await http.post(`/api/admin/instructors/${id}/reject`, { reason: "x" }, adminToken)).status,
      ).toBe(404);
      const compliance = await http.patch(
        `/api/admin/instructors/${id}/compliance`,
        { wwcExpiresOn: null },
        adminToken,
      );
      expect(compliance.status).toBe(404);
      expect(await auditFor(id)).toHaveLength(0);
    }
    expect(
      (
        await http.post(
          "/api/admin/instructors/abc/verify",
          { licenseNumberChecked: true, licenseExpiresOn: "2099-01-01", wwcExpiresOn: "2099-01-01" },
          adminToken,
        )
      ).status,
    ).toBe(400);
  });

  it("searches instructors by name, email or licence number and sorts them", async () => {
    const suffix = Date.now().toString(36);
    const a = await newInstructor(http, db(), {
      firstName: "Quinn",
      lastName: `Aardvark${suffix}`,
      standardRate: 95,
    });
    const b = await newInstructor(http, db(), {
      firstName: "quentin",
      lastName: `Zebu${suffix}`,
      standardRate: 60,
    });
    const search = async (query: string) =>
      (await http.get(`/api/admin/instructors?pageSize=100&${query}`, adminToken)).body.items.map(
        (i: { id: string }) => i.id,
      );
    expect(await search(`search=${suffix}&sort=name`)).toEqual([a.id, b.id]);
    expect(await search(`search=${suffix}&sort=rate`)).toEqual([a.id, b.id]);
    expect(await search(`search=${encodeURIComponent(`quentin zebu${suffix}`)}`)).toEqual([b.id]);
    expect(await search(`search=${encodeURIComponent(b.email.toUpperCase())}`)).toEqual([b.id]);
    // Expiry: the earliest document first, missing dates before everything.
    const today = sydneyTodayDate(t.clock.now);
    await db()
      .update(instructorProfiles)
      .set({ licenseExpiresOn: addDaysToDate(today, 10) })
      .where(eq(instructorProfiles.userId, b.id));
    expect(await search(`search=${suffix}&sort=expiry`)).toEqual([b.id, a.id]);
    await db()
      .update(instructorProfiles)
      .set({ wwcExpiresOn: null })
      .where(eq(instructorProfiles.userId, a.id));
    expect(await search(`search=${suffix}&sort=expiry`)).toEqual([a.id, b.id]);
    expect((await http.get("/api/admin/instructors?sort=cheapest", adminToken)).status).toBe(400);
  });

  it("flags verified instructors with a document missing, expired or expiring within 30 days", async () => {
    const today = sydneyTodayDate(t.clock.now);
    const fine = await newInstructor(http, db());
    const missing = await newInstructor(http, db());
    const soon = await newInstructor(http, db());
    const expired = await newInstructor(http, db());
    const set = (id: string, values: Partial<typeof instructorProfiles.$inferInsert>) =>
      db().update(instructorProfiles).set(values).where(eq(instructorProfiles.userId, id));
    await set(missing.id, { licenseExpiresOn: null });
    await set(soon.id, { wwcExpiresOn: addDaysToDate(today, 30) });
    await set(expired.id, { licenseExpiresOn: addDaysToDate(today, -1) });
    const res = await http.get("/api/admin/instructors?flagged=true&pageSize=100", adminToken);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.items.map((i: { id: string }) => [i.id, i]));
    expect(byId.has(fine.id)).toBe(false);
    expect(byId.get(missing.id)).toMatchObject({
      compliance: { licenseMissing: true, isListed: false, reasons: ["DOCUMENTS_MISSING"] },
    });
    expect(byId.get(soon.id)).toMatchObject({ compliance: { isListed: true, expiringSoon: true } });
    expect(byId.get(expired.id)).toMatchObject({
      compliance: { licenseExpired: true, isListed: false, reasons: ["LICENCE_EXPIRED"] },
    });
    // The seeded demo instructors all have dates a year or more ahead: none is flagged.
    expect(byId.has(demoInstructorId)).toBe(false);
  });

  it.each([["/api/admin/instructors?status=MAYBE", "status must be PENDING, VERIFIED or REJECTED"]])(
    "rejects %s with a 400 JSON error",
    async (url, message) => {
      const res = await http.get(url, adminToken);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(messages(res.body)).toContain(message);
    },
  );
});
