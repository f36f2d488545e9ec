/**
 * The pass promise (issue 33 item 5): a learner with ten completed lessons whose pack's test was failed
 * claims a second pack (POST/GET /api/student/test-pack-claims); an admin approves, issuing a pack
 * credit, or declines (/api/admin/test-pack-claims). Each refusal says which condition fails.
 */
import { PASS_PROMISE_MIN_LESSONS } from "@kerb/shared";
import { passPromiseCreditExpiry } from "@kerb/shared/rules";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  ledgerJournals,
  testPackClaims,
  testPackCredits,
  testPacks,
} from "../../db/schema/index.ts";
import {
  addHours,
  addMinutes,
  insertLesson,
  newInstructor,
  newStudent,
  userIdByEmail,
} from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { type FixtureTestPack, insertTestPack } from "../../test/test-pack-fixtures.ts";

type Person = { id: string; token: string };
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describeEachDatabase("the pass promise", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let adminToken: string;
  let adminId: string;
  let ivy: Person;
  /** Each lesson or pack of Ivy's on a day of its own, counting back from the clock. */
  let daysBack = 1;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    adminToken = (await http.login("admin@demo.test")).accessToken;
    adminId = await userIdByEmail(t.database.db, "admin@demo.test");
    ivy = await newInstructor(http, t.database.db, { firstName: "Ivy", lastName: "Teach" });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const pastDay = () => addHours(t.clock.now, -24 * ++daysBack);
  const completedLessons = async (studentId: string, n: number) => {
    for (let i = 0; i < n; i++) {
      await insertLesson(db(), { studentId, instructorId: ivy.id, start: pastDay(), status: "COMPLETED" });
    }
  };
  const pack = (studentId: string, extra: Partial<FixtureTestPack> = {}) =>
    insertTestPack(db(), {
      studentId,
      instructorId: ivy.id,
      testAt: addMinutes(pastDay(), 90),
      status: "COMPLETED",
      outcome: "FAILED",
      outcomeNote: "Failed a give-way at a roundabout",
      ...extra,
    });
  const journalCount = async () => (await db().select({ id: ledgerJournals.id }).from(ledgerJournals)).length;
  const claim = (token: string, bookingId: string) =>
    http.post("/api/student/test-pack-claims", { bookingId }, token);
  /** A learner who did everything the promise asks, with their failed pack. */
  const eligibleLearner = async () => {
    const learner = await newStudent(http);
    await completedLessons(learner.id, PASS_PROMISE_MIN_LESSONS);
    return { learner, failed: await pack(learner.id) };
  };

  describe("the learner's claim", () => {
    it("ten completed lessons (packs not counted) and a failed pack: the claim waits for an admin", async () => {
      const ava = await newStudent(http);
      await completedLessons(ava.id, PASS_PROMISE_MIN_LESSONS - 1);
      // A passed pack before is completed too, but a pack is not a lesson for the promise.
      await pack(ava.id, { outcome: "PASSED", outcomeNote: undefined });
      const failed = await pack(ava.id);

      const short = await claim(ava.token, failed);
      expect(short.status).toBe(409);
      expect(short.body.error).toEqual({
        code: "pass_promise_refused",
        message:
          "The pass promise needs at least 10 completed lessons on Kerb (test packs not counted); you have completed 9",
        details: { reason: "TOO_FEW_LESSONS" },
      });

      await completedLessons(ava.id, 1);
      const res = await claim(ava.token, failed);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.claim).toMatchObject({
        status: "PENDING",
        createdAt: t.clock.now.toISOString(),
        decidedAt: null,
        decisionNote: null,
        credit: null,
        testPack: {
          bookingId: failed,
          centre: { id: "st-marys", name: "St Marys Driver Testing Centre" },
          outcome: "FAILED",
          note: "Failed a give-way at a roundabout",
          status: "COMPLETED",
        },
      });
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, res.body.claim.id), eq(auditLog.action, "test_pack_claim.create")));
      expect(audit).toMatchObject({
        actorId: ava.id,
        targetType: "test_pack_claim",
        details: { bookingId: failed, outcome: "FAILED", completedLessons: 10 },
      });

      const mine = await http.get("/api/student/test-pack-claims", ava.token);
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual({ claims: [res.body.claim] });

      // Once per learner: a second claim, on any pack, is refused first of all.
      const again = await claim(ava.token, failed);
      expect(again.status).toBe(409);
      expect(again.body.error).toMatchObject({
        message: "You have already claimed the pass promise: it gives one second test pack per learner",
        details: { reason: "ALREADY_CLAIMED" },
      });
    });

    it("says which condition fails: not failed, no outcome yet, cancelled; another's pack or a lesson is 404", async () => {
      const ben = await newStudent(http);
      await completedLessons(ben.id, PASS_PROMISE_MIN_LESSONS);
      const refusal = async (bookingId: string) => {
        const res = await claim(ben.token, bookingId);
        expect(res.status).toBe(409);
        return [res.body.error.details.reason, res.body.error.message];
      };
      expect(await refusal(await pack(ben.id, { outcome: "PASSED", outcomeNote: undefined }))).toEqual([
        "NOT_FAILED",
        "The pass promise is for a failed test, and this test was passed",
      ]);
      expect(
        await refusal(await pack(ben.id, { outcome: "NOT_TAKEN", outcomeNote: "Learner was ill" })),
      ).toEqual(["NOT_FAILED", "The pass promise is for a failed test, and this test was not taken"]);
      expect(await refusal(await pack(ben.id, { outcome: undefined, outcomeNote: undefined }))).toEqual([
        "NO_OUTCOME",
        "Your instructor has not recorded this test's outcome yet: the pass promise is for a failed test",
      ]);
      expect((await refusal(await pack(ben.id, { status: "CANCELLED", outcome: undefined })))[0]).toBe(
        "PACK_CANCELLED",
      );

      const { failed: someoneElses } = await eligibleLearner();
      const notMine = await claim(ben.token, someoneElses);
      expect(notMine.status).toBe(404);
      expect(notMine.body.error.message).toBe("We could not find that test pack among yours");
      const lesson = await insertLesson(db(), { studentId: ben.id, instructorId: ivy.id, start: pastDay() });
      expect((await claim(ben.token, lesson)).status).toBe(404);
      expect((await claim(ben.token, UNKNOWN_ID)).status).toBe(404);
      expect(
        (await http.post("/api/student/test-pack-claims", { bookingId: "nope" }, ben.token)).status,
      ).toBe(400);
      expect((await claim(ivy.token, someoneElses)).status).toBe(403);
      expect((await http.get("/api/student/test-pack-claims", ben.token)).body).toEqual({ claims: [] });
    });

    it("two claims at once by one learner on two failed packs: one claim, one clear refusal", async () => {
      const { learner, failed } = await eligibleLearner();
      const second = await pack(learner.id);
      const results = await Promise.all([claim(learner.token, failed), claim(learner.token, second)]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      const refused = results.find((r) => r.status === 409);
      expect(refused?.body.error.details).toEqual({ reason: "ALREADY_CLAIMED" });
      const rows = await db().select().from(testPackClaims).where(eq(testPackClaims.studentId, learner.id));
      expect(rows).toHaveLength(1);
    });
  });

  it("the instructor changing the outcome while the learner claims: the claim stands on what it was made on", async () => {
    const { learner, failed } = await eligibleLearner();
    const [claimed, changed] = await Promise.all([
      claim(learner.token, failed),
      http.post(`/api/instructor/lessons/${failed}/test-outcome`, { outcome: "PASSED" }, ivy.token),
    ]);
    const [row] = await db().select().from(testPacks).where(eq(testPacks.bookingId, failed));
    const claims = await db().select().from(testPackClaims).where(eq(testPackClaims.bookingId, failed));
    if (claimed.status === 201) {
      expect(changed.status).toBe(409);
      expect(row?.outcome).toBe("FAILED");
      expect(claims).toHaveLength(1);
    } else {
      expect([claimed.status, claimed.body.error.details]).toEqual([409, { reason: "NOT_FAILED" }]);
      expect(changed.status).toBe(200);
      expect(row?.outcome).toBe("PASSED");
      expect(claims).toEqual([]);
    }
  });

  describe("an admin's decision", () => {
    const approve = (id: string, token = adminToken) =>
      http.post(`/api/admin/test-pack-claims/${id}/approve`, undefined, token);
    const decline = (id: string, body: unknown, token = adminToken) =>
      http.post(`/api/admin/test-pack-claims/${id}/decline`, body, token);

    it("lists the queue with the recorded outcome; approving issues a pack credit for 12 months, once", async () => {
      const { learner, failed } = await eligibleLearner();
      const claimed = await claim(learner.token, failed);
      const claimId: string = claimed.body.claim.id;

      const pending = await http.get("/api/admin/test-pack-claims?status=pending&pageSize=100", adminToken);
      expect(pending.status).toBe(200);
      const item = pending.body.items.find((c: { id: string }) => c.id === claimId);
      expect(item).toMatchObject({
        status: "PENDING",
        completedLessons: 10,
        instructor: { id: ivy.id, firstName: "Ivy", lastName: "Teach" },
        student: { id: learner.id },
        decidedBy: null,
        testPack: { bookingId: failed, outcome: "FAILED", note: "Failed a give-way at a roundabout" },
      });
      expect(item.student.email).toMatch(/@/);

      const journalsBefore = await journalCount();
      const res = await approve(claimId);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const expiresAt = passPromiseCreditExpiry(t.clock.now).toISOString();
      expect(res.body.claim).toMatchObject({
        status: "APPROVED",
        decidedAt: t.clock.now.toISOString(),
        decidedBy: { id: adminId },
        credit: { expiresAt, usedByBookingId: null },
      });
      const credits = await db()
        .select()
        .from(testPackCredits)
        .where(eq(testPackCredits.studentId, learner.id));
      expect(credits).toEqual([
        expect.objectContaining({
          id: res.body.claim.credit.id,
          source: "PASS_PROMISE",
          claimId,
          paymentId: null,
          valueCents: 0,
          usedByBookingId: null,
        }),
      ]);
      expect(credits[0]?.expiresAt.toISOString()).toBe(expiresAt);
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, claimId), eq(auditLog.action, "test_pack_claim.approve")));
      expect(audit).toMatchObject({
        actorId: adminId,
        details: {
          before: { status: "PENDING" },
          after: { status: "APPROVED", note: null },
          creditId: res.body.claim.credit.id,
          expiresAt,
        },
      });
      // The promotion's cost is the pack the credit pays for: nothing is posted at approval.
      expect(await journalCount()).toBe(journalsBefore);

      // The learner sees the credit; the claim is decided once.
      const mine = await http.get("/api/student/test-pack-claims", learner.token);
      expect(mine.body.claims[0]).toMatchObject({
        status: "APPROVED",
        credit: { id: res.body.claim.credit.id },
      });
      const twice = await approve(claimId);
      expect(twice.status).toBe(409);
      expect(twice.body.error).toMatchObject({
        code: "claim_decided",
        message: "This claim was already approved: a claim is decided once",
      });
      expect((await decline(claimId, { note: "Changed my mind" })).status).toBe(409);
      expect(
        await db().select().from(testPackCredits).where(eq(testPackCredits.claimId, claimId)),
      ).toHaveLength(1);
      const approved = await http.get("/api/admin/test-pack-claims?status=APPROVED&pageSize=100", adminToken);
      expect(approved.body.items.map((c: { id: string }) => c.id)).toContain(claimId);
      const stillPending = await http.get(
        "/api/admin/test-pack-claims?status=PENDING&pageSize=100",
        adminToken,
      );
      expect(stillPending.body.items.map((c: { id: string }) => c.id)).not.toContain(claimId);
    });

    it("declining needs a reason the learner reads; no credit; decided once; the learner cannot claim again", async () => {
      const { learner, failed } = await eligibleLearner();
      const claimId: string = (await claim(learner.token, failed)).body.claim.id;
      expect((await decline(claimId, {})).status).toBe(400);
      expect((await decline(claimId, { note: "  " })).status).toBe(400);

      const res = await decline(claimId, { note: "The test was booked before the lessons were taken" });
      expect(res.status).toBe(200);
      expect(res.body.claim).toMatchObject({
        status: "DECLINED",
        decisionNote: "The test was booked before the lessons were taken",
        credit: null,
      });
      expect(
        await db().select().from(testPackCredits).where(eq(testPackCredits.studentId, learner.id)),
      ).toEqual([]);
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, claimId), eq(auditLog.action, "test_pack_claim.decline")));
      expect(audit?.details).toMatchObject({
        after: { status: "DECLINED", note: "The test was booked before the lessons were taken" },
      });
      const mine = await http.get("/api/student/test-pack-claims", learner.token);
      expect(mine.body.claims[0]).toMatchObject({
        status: "DECLINED",
        decisionNote: "The test was booked before the lessons were taken",
      });

      expect((await approve(claimId)).status).toBe(409);
      expect((await decline(claimId, { note: "Again" })).body.error.message).toBe(
        "This claim was already declined: a claim is decided once",
      );
      const second = await pack(learner.id);
      expect((await claim(learner.token, second)).body.error.details).toEqual({ reason: "ALREADY_CLAIMED" });
    });

    it("two admins deciding at once: one decision, one credit at most", async () => {
      const { learner, failed } = await eligibleLearner();
      const claimId: string = (await claim(learner.token, failed)).body.claim.id;
      const results = await Promise.all([
        approve(claimId),
        approve(claimId),
        decline(claimId, { note: "No" }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect(
        (await db().select().from(testPackCredits).where(eq(testPackCredits.claimId, claimId))).length,
      ).toBeLessThanOrEqual(1);
    });

    it("admins only; an unknown claim is 404; a bad status filter is 400", async () => {
      expect((await approve(UNKNOWN_ID)).status).toBe(404);
      expect((await decline(UNKNOWN_ID, { note: "No" })).status).toBe(404);
      expect((await approve(UNKNOWN_ID, ivy.token)).status).toBe(403);
      expect((await http.get("/api/admin/test-pack-claims", ivy.token)).status).toBe(403);
      expect((await http.get("/api/admin/test-pack-claims")).status).toBe(401);
      const bad = await http.get("/api/admin/test-pack-claims?status=MAYBE", adminToken);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain("status must be one of PENDING, APPROVED, DECLINED");
    });
  });
});
