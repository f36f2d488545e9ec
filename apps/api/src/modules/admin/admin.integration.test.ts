import { addDaysToDate, sydneyTodayDate } from "@kerb/shared/rules";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog, instructorProfiles } from "../../db/schema/index.ts";
import { api, instructorPayload } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import {
  addHours,
  insertBundle,
  insertLesson,
  insertPaidLesson,
  insertPayment,
  newInstructor,
  newStudent,
  readBooking,
  readBundle,
  readPayment,
  userIdByEmail,
} from "../instructors/instructor-test-fixtures.ts";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const messages = (body: { error: { details?: Array<{ message: string }> } }) =>
  (body.error.details ?? []).map((d) => d.message).join(" | ");

describeEachDatabase("admin console", (kind) => {
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

  it("refuses every admin route without a token (401) and to students and instructors (403)", async () => {
    const student = await http.login("student@demo.test");
    const instructor = await http.login("instructor@demo.test");
    const routes: Array<["GET" | "POST" | "PATCH", string]> = [
      ["GET", "/api/admin/users"],
      ["GET", "/api/admin/instructors"],
      ["POST", `/api/admin/instructors/${demoInstructorId}/verify`],
      ["POST", `/api/admin/instructors/${demoInstructorId}/reject`],
      ["PATCH", `/api/admin/instructors/${demoInstructorId}/compliance`],
      ["GET", "/api/admin/bookings"],
      ["POST", `/api/admin/bookings/${UNKNOWN_ID}/cancel`],
      ["GET", "/api/admin/payments"],
      ["GET", "/api/admin/revenue"],
      ["GET", "/api/admin/audit-log"],
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

  // Users -----------------------------------------------------------------------------------------

  it("searches users by name or email, case-insensitively, newest first", async () => {
    const byName = await http.get("/api/admin/users?search=LEARNER", adminToken);
    expect(byName.status).toBe(200);
    expect(byName.body.items.map((u: { email: string }) => u.email)).toContain("student@demo.test");
    const sam = byName.body.items.find((u: { email: string }) => u.email === "student@demo.test");
    expect(sam).toMatchObject({
      role: "STUDENT",
      firstName: "Sam",
      lastName: "Learner",
      phone: "0412 345 678",
    });

    const fullName = await http.get(
      `/api/admin/users?search=${encodeURIComponent("daniel cooper")}`,
      adminToken,
    );
    expect(fullName.body.items.map((u: { email: string }) => u.email)).toEqual(["instructor@demo.test"]);
    const byEmail = await http.get("/api/admin/users?search=Admin@Demo", adminToken);
    expect(byEmail.body).toMatchObject({ total: 1, items: [{ email: "admin@demo.test", role: "ADMIN" }] });

    // Wildcards typed by the admin are literal characters.
    expect((await http.get("/api/admin/users?search=%25", adminToken)).body.total).toBe(0);
    expect((await http.get("/api/admin/users?search=_", adminToken)).body.total).toBe(0);

    // Newest first: the app's clock moves between the two sign-ups.
    const first = await newStudent(http, { firstName: "Zelda", lastName: "Zebra" });
    t.clock.advanceMinutes(1);
    const second = await newStudent(http, { firstName: "Zelda", lastName: "Zebra" });
    const newest = await http.get("/api/admin/users?search=zebra&role=student", adminToken);
    expect(newest.body.items.map((u: { id: string }) => u.id)).toEqual([second.id, first.id]);
  });

  it("filters users by role and pages them with a total", async () => {
    const all = await http.get("/api/admin/users?role=INSTRUCTOR&pageSize=100", adminToken);
    expect(all.body.items.every((u: { role: string }) => u.role === "INSTRUCTOR")).toBe(true);
    expect(all.body.total).toBeGreaterThanOrEqual(37);
    const page = await http.get("/api/admin/users?role=INSTRUCTOR&page=2&pageSize=10", adminToken);
    expect(page.body).toMatchObject({ page: 2, pageSize: 10, total: all.body.total });
    expect(page.body.items).toHaveLength(10);
    expect(page.body.items.map((u: { id: string }) => u.id)).toEqual(
      all.body.items.slice(10, 20).map((u: { id: string }) => u.id),
    );
    const defaults = await http.get("/api/admin/users", adminToken);
    expect(defaults.body).toMatchObject({ page: 1, pageSize: 20 });
    expect(defaults.body.items).toHaveLength(20);
  });

  it.each([
    ["/api/admin/users?role=GOD", "role must be STUDENT, INSTRUCTOR or ADMIN"],
    ["/api/admin/users?pageSize=500", "pageSize cannot exceed 100"],
    ["/api/admin/users?page=-1", "page starts at 1"],
    ["/api/admin/users?page=x", "page must be a whole number"],
    [`/api/admin/users?search=${"a".repeat(101)}`, "search is too long"],
    ["/api/admin/instructors?status=MAYBE", "status must be PENDING, VERIFIED or REJECTED"],
    ["/api/admin/bookings?status=LOST", "status must be one of"],
    ["/api/admin/bookings?from=2026-13-01", "Not a real calendar date"],
    ["/api/admin/bookings?from=yesterday", "Use the format YYYY-MM-DD"],
    ["/api/admin/bookings?from=2026-03-10&to=2026-03-01", "from must be on or before to"],
    ["/api/admin/bookings?instructorId=42", "instructorId must be a UUID"],
    ["/api/admin/payments?status=STOLEN", "status must be one of"],
    ["/api/admin/payments?provider=paypal", "provider must be one of demo, stripe"],
    ["/api/admin/audit-log?pageSize=0", "pageSize must be at least 1"],
  ])("rejects %s with a 400 JSON error", async (url, message) => {
    const res = await http.get(url, adminToken);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(messages(res.body)).toContain(message);
  });

  // Instructors -----------------------------------------------------------------------------------

  it("lists pending instructors with licence details, oldest first", async () => {
    const id = await registerPending({ licenseNumber: "NSW-PEND-1", firstName: "Penny" });
    const res = await http.get("/api/admin/instructors?status=pending&pageSize=100", adminToken);
    expect(res.status).toBe(200);
    expect(
      res.body.items.every((i: { verificationStatus: string }) => i.verificationStatus === "PENDING"),
    ).toBe(true);
    expect(res.body.items.find((i: { id: string }) => i.id === id)).toMatchObject({
      firstName: "Penny",
      licenseNumber: "NSW-PEND-1",
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

  // Bookings --------------------------------------------------------------------------------------

  it("lists bookings with student and instructor names, filtered and newest first", async () => {
    const ivy = await newInstructor(http, db(), { firstName: "Bianca", lastName: "Booker" });
    const day = addDaysToDate(sydneyTodayDate(t.clock.now), 20);
    const { sydneyWallTimeToInstant } = await import("@kerb/shared/rules");
    const at = (date: string, h: number) => sydneyWallTimeToInstant(date, h * 60) as Date;
    const a = await insertLesson(db(), { studentId, instructorId: ivy.id, start: at(day, 9) });
    const b = await insertLesson(db(), { studentId, instructorId: ivy.id, start: at(day, 23) });
    const c = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: at(addDaysToDate(day, 1), 0),
    });
    const d = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: at(addDaysToDate(day, 2), 9),
      status: "CANCELLED",
    });

    const all = await http.get(`/api/admin/bookings?instructorId=${ivy.id}`, adminToken);
    expect(all.status).toBe(200);
    expect(all.body.items.map((x: { id: string }) => x.id)).toEqual([d, c, b, a]);
    expect(all.body.items[3]).toMatchObject({
      status: "SCHEDULED",
      price: 80,
      student: { id: studentId, firstName: "Sam", lastName: "Learner", email: "student@demo.test" },
      instructor: { id: ivy.id, firstName: "Bianca", lastName: "Booker" },
    });
    // from/to are whole Sydney days, both inclusive.
    const oneDay = await http.get(
      `/api/admin/bookings?instructorId=${ivy.id}&from=${day}&to=${day}`,
      adminToken,
    );
    expect(oneDay.body.items.map((x: { id: string }) => x.id)).toEqual([b, a]);
    const from = await http.get(
      `/api/admin/bookings?instructorId=${ivy.id}&from=${addDaysToDate(day, 1)}`,
      adminToken,
    );
    expect(from.body.items.map((x: { id: string }) => x.id)).toEqual([d, c]);
    const cancelled = await http.get(
      `/api/admin/bookings?instructorId=${ivy.id}&status=cancelled`,
      adminToken,
    );
    expect(cancelled.body).toMatchObject({ total: 1, items: [{ id: d, status: "CANCELLED" }] });
    const paged = await http.get(`/api/admin/bookings?instructorId=${ivy.id}&page=2&pageSize=3`, adminToken);
    expect(paged.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(paged.body.items.map((x: { id: string }) => x.id)).toEqual([a]);
  });

  it("cancels a card-paid booking with a full refund and an audit entry", async () => {
    const ivy = await newInstructor(http, db());
    const { id, paymentId } = await insertPaidLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(t.clock.now, 3),
      priceCents: 6499,
    });
    const res = await http.post(
      `/api/admin/bookings/${id}/cancel`,
      { reason: "Instructor unwell" },
      adminToken,
    );
    // A full refund gives back the price and the GST charged on it: 64.99 + 6.50.
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ refund: 71.49, bundleCreditReturned: false });
    expect(res.body.booking).toMatchObject({ id, status: "CANCELLED", cancelledBy: "ADMIN", refund: 71.49 });
    expect(await readBooking(db(), id)).toMatchObject({
      status: "CANCELLED",
      cancelledBy: "ADMIN",
      refundCents: 7149,
    });
    expect((await readPayment(db(), paymentId)).refundedCents).toBe(7149);
    const [entry] = await auditFor(id);
    expect(entry).toMatchObject({
      actorId: adminId,
      action: "booking.cancel",
      targetType: "booking",
      details: {
        cancelledBy: "ADMIN",
        reason: "Instructor unwell",
        refundCents: 7149,
        bundleCreditReturned: false,
      },
    });

    const again = await http.post(`/api/admin/bookings/${id}/cancel`, undefined, adminToken);
    expect(again.status).toBe(409);
    expect((await readPayment(db(), paymentId)).refundedCents).toBe(7149);
    expect(await auditFor(id)).toHaveLength(1);
  });

  it("cancels a bundle-paid booking by returning the credit", async () => {
    const ivy = await newInstructor(http, db());
    const bundle = await insertBundle(db(), { studentId, totalLessons: 10, usedLessons: 10 });
    const id = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(t.clock.now, 1),
      bundleId: bundle.id,
    });
    const res = await http.post(`/api/admin/bookings/${id}/cancel`, undefined, adminToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ refund: 0, bundleCreditReturned: true });
    expect((await readBundle(db(), bundle.id)).usedLessons).toBe(9);
    expect((await readBooking(db(), id)).refundCents).toBe(0);
  });

  it("refuses to cancel past, completed or unknown bookings", async () => {
    const ivy = await newInstructor(http, db());
    const { id: started } = await insertPaidLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(t.clock.now, -0.5),
    });
    expect((await http.post(`/api/admin/bookings/${started}/cancel`, undefined, adminToken)).status).toBe(
      409,
    );
    const completed = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(t.clock.now, -48),
      status: "COMPLETED",
    });
    const res = await http.post(`/api/admin/bookings/${completed}/cancel`, undefined, adminToken);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/this lesson is completed/);
    expect((await http.post(`/api/admin/bookings/${UNKNOWN_ID}/cancel`, undefined, adminToken)).status).toBe(
      404,
    );
    expect((await http.post("/api/admin/bookings/123/cancel", undefined, adminToken)).status).toBe(400);
    expect(await auditFor(started)).toHaveLength(0);
    expect(await auditFor(completed)).toHaveLength(0);
  });

  // Payments and revenue --------------------------------------------------------------------------

  it("lists payments with their payer, filtered by status and provider", async () => {
    const payer = await newStudent(http, { firstName: "Paula", lastName: "Payer" });
    const paid = await insertPayment(db(), { userId: payer.id, subtotalCents: 15000, provider: "stripe" });
    const pending = await insertPayment(db(), {
      userId: payer.id,
      subtotalCents: 7000,
      status: "PENDING",
      paidAt: null,
    });

    const res = await http.get("/api/admin/payments?provider=stripe&status=paid", adminToken);
    expect(res.status).toBe(200);
    expect(res.body.items.find((p: { id: string }) => p.id === paid)).toMatchObject({
      type: "BOOKINGS",
      status: "PAID",
      provider: "stripe",
      subtotal: 150,
      gst: 15,
      amount: 165,
      refunded: 0,
      user: { id: payer.id, firstName: "Paula", lastName: "Payer" },
    });
    expect(
      res.body.items.every(
        (p: { provider: string; status: string }) => p.provider === "stripe" && p.status === "PAID",
      ),
    ).toBe(true);
    const pendingList = await http.get("/api/admin/payments?status=PENDING", adminToken);
    expect(pendingList.body.items.map((p: { id: string }) => p.id)).toContain(pending);
    expect(pendingList.body.items.map((p: { id: string }) => p.id)).not.toContain(paid);
    const all = await http.get("/api/admin/payments?pageSize=100", adminToken);
    expect(all.body.total).toBeGreaterThanOrEqual(3);
  });

  // Audit log -------------------------------------------------------------------------------------

  it("lists the audit log newest first with the acting admin", async () => {
    const id = await registerPending();
    // Entries are ordered by time: move the clock so these two are the newest, in this order.
    t.clock.advanceMinutes(1);
    await http.post(`/api/admin/instructors/${id}/reject`, { reason: "First look" }, adminToken);
    t.clock.advanceMinutes(1);
    const expiry = addDaysToDate(sydneyTodayDate(t.clock.now), 365);
    await http.post(
      `/api/admin/instructors/${id}/verify`,
      { licenseNumberChecked: true, licenseExpiresOn: expiry, wwcExpiresOn: expiry },
      adminToken,
    );
    const res = await http.get("/api/admin/audit-log?pageSize=2", adminToken);
    expect(res.status).toBe(200);
    expect(res.body.pageSize).toBe(2);
    expect(res.body.items).toHaveLength(2);
    expect(res.body.items[0]).toMatchObject({
      action: "instructor.verify",
      targetType: "instructor",
      targetId: id,
      actor: { id: adminId, email: "admin@demo.test", firstName: "Alex", lastName: "Admin" },
      createdAt: t.clock.now.toISOString(),
    });
    expect(res.body.items[1]).toMatchObject({
      action: "instructor.reject",
      details: { reason: "First look" },
    });
    const page2 = await http.get("/api/admin/audit-log?page=2&pageSize=1", adminToken);
    expect(page2.body.items[0].id).toBe(res.body.items[1].id);
    expect(page2.body.total).toBe(res.body.total);
  });
  // Instructors: search, sort, flags ---------------------------------------------------------------

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

  it("filters the audit log by actor, action and date range, and pages the result", async () => {
    const ivy = await newInstructor(http, db(), { firstName: "Audrey", lastName: "Auditlog" });
    const ivyToken = ivy.token;
    t.clock.advanceMinutes(1);
    // The Sydney days the entries fall on: one, or two when the suite runs across midnight there.
    const firstDay = sydneyTodayDate(t.clock.now);
    // A minute apart: the log lists newest first.
    for (const body of [{ standardRate: 91 }, { poolOptIn: false }, { standardRate: 92 }]) {
      expect((await http.patch("/api/instructor/settings", body, ivyToken)).status).toBe(200);
      t.clock.advanceMinutes(1);
    }
    const get = (query: string) => http.get(`/api/admin/audit-log?${query}`, adminToken);

    const mine = await get("actor=audrey%20auditlog&pageSize=2");
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(3);
    expect(mine.body.items.map((e: { action: string }) => e.action)).toEqual([
      "instructor.rate_change",
      "instructor.pool_opt_in_change",
    ]);
    expect(mine.body.items[0]).toMatchObject({
      targetId: ivy.id,
      details: { before: { standardRateCents: 9100 }, after: { standardRateCents: 9200 } },
      actor: { id: ivy.id, email: ivy.email },
    });
    const page2 = await get("actor=auditlog&pageSize=2&page=2");
    expect(page2.body.items.map((e: { action: string }) => e.action)).toEqual(["instructor.rate_change"]);

    const rates = await get(`actor=${encodeURIComponent(ivy.email)}&action=instructor.rate_change`);
    expect(rates.body.total).toBe(2);
    const family = await get(`actor=${encodeURIComponent(ivy.email)}&action=instructor.`);
    expect(family.body.total).toBe(3);

    const lastDay = sydneyTodayDate(t.clock.now);
    const inRange = await get(`actor=auditlog&from=${firstDay}&to=${lastDay}`);
    expect(inRange.body.total).toBe(3);
    const before = await get(`actor=auditlog&to=${addDaysToDate(firstDay, -1)}`);
    expect(before.body.total).toBe(0);
    const bad = await get(`from=${lastDay}&to=${addDaysToDate(lastDay, -1)}`);
    expect(bad.status).toBe(400);
    expect((await get("action=DROP%20TABLE")).status).toBe(400);
  });
});
