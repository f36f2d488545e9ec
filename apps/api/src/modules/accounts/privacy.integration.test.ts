/**
 * Terms and privacy (issue 31 item 4): sign-up stores the versions accepted, a new version is asked for at
 * sign-in, a user downloads everything Kerb holds about them and nobody else's, and a closed account
 * cannot sign in and is anonymised while its payment (the tax invoice's record) stays.
 */
import { LEGAL_DOCUMENT_VERSIONS, PRIVACY_VERSION, TERMS_VERSION } from "@kerb/shared/words";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  accountClosureRequests,
  auditLog,
  legalAcceptances,
  payments,
  users,
} from "../../db/schema/index.ts";
import { instructorPayload, studentPayload } from "../../test/http.ts";
import { anInstructor, aStudent, aStudentWithPaidLesson } from "../../test/scenarios.ts";
import { type Http, startSeededApp } from "../../test/seeded-app.ts";
import { describeEachDatabase, type TestApp } from "../../test/test-app.ts";

describeEachDatabase("terms, data export and account closure", (kind) => {
  let t: TestApp;
  let http: Http;
  let admin: { accessToken: string };

  beforeAll(async () => {
    ({ t, http } = await startSeededApp(kind));
    admin = await http.login("admin@demo.test");
  });
  afterAll(() => t.close());

  const acceptancesOf = (userId: string) =>
    t.database.db
      .select({ document: legalAcceptances.document, version: legalAcceptances.version })
      .from(legalAcceptances)
      .where(eq(legalAcceptances.userId, userId));

  it("stores the versions accepted at sign-up, and refuses a sign-up that does not accept them", async () => {
    const refused = await http.post("/api/auth/register/student", studentPayload({ acceptTerms: undefined }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("Please accept the terms of use and privacy policy");
    const payload = studentPayload();
    expect((await http.post("/api/auth/register/student", { ...payload, acceptTerms: false })).status).toBe(
      400,
    );
    const [nobody] = await t.database.db.select().from(users).where(eq(users.email, payload.email));
    expect(nobody).toBeUndefined();

    const student = await http.post("/api/auth/register/student", payload);
    expect(student.status).toBe(201);
    expect(student.body.outstandingLegal).toEqual([]);
    expect(await acceptancesOf(student.body.user.id)).toEqual(
      expect.arrayContaining([
        { document: "TERMS", version: TERMS_VERSION },
        { document: "PRIVACY", version: PRIVACY_VERSION },
      ]),
    );
    const instructor = await http.post("/api/auth/register/instructor", instructorPayload());
    expect(instructor.status).toBe(201);
    expect((await acceptancesOf(instructor.body.user.id)).map((a) => a.document).sort()).toEqual([
      "INSTRUCTOR_AGREEMENT",
      "PRIVACY",
      "TERMS",
    ]);
    const me = await http.get("/api/auth/me", student.body.accessToken);
    expect(me.body.outstandingLegal).toEqual([]);
  });

  it("asks for a new version at the next sign-in and stores it once accepted", async () => {
    const student = await aStudent(t);
    // As if the terms had changed since: the stored acceptance is of an older version.
    await t.database.db
      .update(legalAcceptances)
      .set({ version: "2020-01" })
      .where(and(eq(legalAcceptances.userId, student.id), eq(legalAcceptances.document, "TERMS")));
    const login = await http.post("/api/auth/login", { email: student.email, password: "secret12" });
    expect(login.status).toBe(200);
    expect(login.body.outstandingLegal).toEqual([{ document: "TERMS", version: TERMS_VERSION }]);
    expect((await http.get("/api/auth/me", student.token)).body.outstandingLegal).toEqual([
      { document: "TERMS", version: TERMS_VERSION },
    ]);

    const stale = await http.post(
      "/api/me/legal-acceptances",
      { documents: [{ document: "TERMS", version: "2020-01" }] },
      student.token,
    );
    expect(stale.status).toBe(409);
    const notTheirs = await http.post(
      "/api/me/legal-acceptances",
      {
        documents: [
          { document: "INSTRUCTOR_AGREEMENT", version: LEGAL_DOCUMENT_VERSIONS.INSTRUCTOR_AGREEMENT },
        ],
      },
      student.token,
    );
    expect(notTheirs.status).toBe(400);

    const body = { documents: [{ document: "TERMS", version: TERMS_VERSION }] };
    const [first, second] = await Promise.all([
      http.post("/api/me/legal-acceptances", body, student.token),
      http.post("/api/me/legal-acceptances", body, student.token),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.outstandingLegal).toEqual([]);
    const terms = (await acceptancesOf(student.id)).filter((a) => a.document === "TERMS");
    expect(terms).toEqual([
      { document: "TERMS", version: "2020-01" },
      { document: "TERMS", version: TERMS_VERSION },
    ]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.legal_accept"), eq(auditLog.targetId, student.id)));
    expect(audits).toHaveLength(1);
  });

  it("exports the user's own lessons and payments, and nobody else's", async () => {
    const a = await aStudentWithPaidLesson(t, { hoursAhead: 48 });
    const b = await aStudentWithPaidLesson(t, { hoursAhead: 48 });
    expect((await http.get("/api/me/data-export")).status).toBe(401);

    const res = await http.get("/api/me/data-export", a.student.token);
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="kerb-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.body.account).toMatchObject({ id: a.student.id, email: a.student.email });
    expect(res.body.account.passwordHash).toBeUndefined();
    expect(res.body.account.tokenVersion).toBeUndefined();
    expect(res.body.account).toMatchObject({ closedAt: null, suspendedReason: null });
    expect(res.body.lessons.map((l: { id: string }) => l.id)).toEqual([a.lesson.id]);
    expect(res.body.payments.map((p: { id: string }) => p.id)).toEqual([a.lesson.paymentId]);
    expect(res.body.legalAcceptances).toHaveLength(2);
    for (const key of ["messages", "lessonRecords", "logbook", "audit", "studentProfile"]) {
      expect(res.body, key).toHaveProperty(key);
    }
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(b.student.id);
    expect(text).not.toContain(b.lesson.paymentId);
    expect(text).not.toContain(b.student.email);
    // The export is itself recorded against the account.
    const [logged] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.data_export"), eq(auditLog.targetId, a.student.id)));
    expect(logged?.actorId).toBe(a.student.id);
  });

  it("exports an instructor's tax standing and offers: RCTI agreements, GST registrations, test packages", async () => {
    const instructor = await anInstructor(t);
    const offer = { enabled: true, price: 299.95, includesWarmUp: true, centreIds: ["st-marys"] };
    expect((await http.put("/api/instructor/test-package", offer, instructor.token)).status).toBe(200);
    const res = await http.get("/api/me/data-export", instructor.token);
    expect(res.status).toBe(200);
    expect(res.body.rctiAgreements).toEqual([expect.objectContaining({ instructorId: instructor.id })]);
    expect(res.body.gstRegistrations).toEqual([]);
    expect(res.body.testPackageOffer).toMatchObject({
      enabled: true,
      priceCents: 29995,
      centreIds: ["st-marys"],
    });
  });

  it("refuses to close an account with a lesson still booked, and leaves nothing behind", async () => {
    const { student } = await aStudentWithPaidLesson(t, { hoursAhead: 48 });
    const res = await http.post("/api/me/closure-request", { reason: "Moving overseas" }, student.token);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("invalid_state");
    expect(res.body.error.message).toContain("You still have 1 lesson booked");
    const rows = await t.database.db
      .select()
      .from(accountClosureRequests)
      .where(eq(accountClosureRequests.userId, student.id));
    expect(rows).toEqual([]);
    // Only an admin sees or completes requests.
    expect((await http.get("/api/admin/closure-requests", student.token)).status).toBe(403);
  });

  // Last: it moves the app's clock on past the lesson.
  it("closes an account: it cannot sign in, its name is gone from the instructor's screens, its payment stays", async () => {
    const instructor = await anInstructor(t);
    const { student, lesson } = await aStudentWithPaidLesson(t, {
      hoursAhead: 24,
      instructor,
      student: await aStudent(t, { firstName: "Zelda", lastName: "Quokka" }),
    });
    t.clock.advanceMinutes(4 * 24 * 60);
    const before = await http.get("/api/instructor/lessons?scope=past", instructor.token);
    expect(JSON.stringify(before.body)).toContain("Zelda");

    const asked = await http.post("/api/me/closure-request", { reason: "Got my licence" }, student.token);
    expect(asked.status).toBe(201);
    const again = await http.post("/api/me/closure-request", {}, student.token);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("conflict");

    const list = await http.get("/api/admin/closure-requests", admin.accessToken);
    expect(list.status).toBe(200);
    expect(list.body.requests[0]).toMatchObject({
      id: asked.body.id,
      userId: student.id,
      name: "Zelda Quokka",
      reason: "Got my licence",
      completedAt: null,
    });

    const done = await http.post(
      `/api/admin/closure-requests/${asked.body.id}/complete`,
      {},
      admin.accessToken,
    );
    expect(done.status).toBe(200);
    const twice = await http.post(
      `/api/admin/closure-requests/${asked.body.id}/complete`,
      {},
      admin.accessToken,
    );
    expect(twice.status).toBe(409);

    // It cannot sign in, and the session it had is over.
    expect((await http.post("/api/auth/login", { email: student.email, password: "secret12" })).status).toBe(
      401,
    );
    expect((await http.get("/api/auth/me", student.token)).status).toBe(401);
    expect((await http.post("/api/auth/refresh", { refreshToken: student.refreshToken })).status).not.toBe(
      200,
    );

    const [row] = await t.database.db.select().from(users).where(eq(users.id, student.id));
    expect(row).toMatchObject({ firstName: "Former learner", lastName: "", phone: null });
    expect(row?.email).not.toBe(student.email);
    expect(row?.closedAt).not.toBeNull();

    const after = await http.get("/api/instructor/lessons?scope=past", instructor.token);
    expect(after.status).toBe(200);
    const seen = JSON.stringify(after.body);
    expect(seen).toContain(lesson.id);
    expect(seen).not.toContain("Zelda");
    expect(seen).not.toContain("Quokka");
    expect(seen).toContain("Former learner");

    // An admin cannot bring it back.
    const reactivated = await http.post(
      `/api/admin/users/${student.id}/reactivate`,
      { reason: "By mistake" },
      admin.accessToken,
    );
    expect(reactivated.status).toBe(409);

    // The tax record stays: the payment, paid, for the lesson.
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, lesson.paymentId));
    expect(payment?.status).toBe("PAID");
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.closure_complete"), eq(auditLog.targetId, student.id)));
    expect(audit).toBeDefined();
  });
});
