/**
 * The instructor's outcome on a driving-test package (issue 33 item 4): POST
 * /api/instructor/lessons/:id/test-outcome — who may, when, what it does to the pack's lesson, and the
 * refusals in words.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog, ledgerJournals, testPackClaims, testPacks } from "../../db/schema/index.ts";
import {
  addHours,
  addMinutes,
  insertLesson,
  newInstructor,
  newStudent,
  readBooking,
} from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { insertTestPack, testPackBlock } from "../../test/test-pack-fixtures.ts";

type Person = { id: string; token: string };

describeEachDatabase("a test pack's outcome", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let ivy: Person;
  let olly: Person;
  /** Each pack on its own day, so no two of Ivy's blocks overlap. */
  let day = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    http = api(t.app);
    ivy = await newInstructor(http, t.database.db, { firstName: "Ivy", lastName: "Teach" });
    olly = await newInstructor(http, t.database.db, { firstName: "Olly", lastName: "Other" });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  /** 10:30 (the clock's 09:00 + 90 min) on a day of its own, `daysFromNow` from the clock's day. */
  const testTime = (daysFromNow: number) => addMinutes(addHours(t.clock.now, 24 * daysFromNow), 90);
  const pastTestTime = () => testTime(-(++day + 1));
  const record = (id: string, body: unknown, token = ivy.token) =>
    http.post(`/api/instructor/lessons/${id}/test-outcome`, body, token);
  const audits = (id: string, action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, action)));
  const packRow = async (id: string) =>
    (await db().select().from(testPacks).where(eq(testPacks.bookingId, id)))[0];

  it("a failed test after the block's end is recorded, completes the pack, posts its earning, audited", async () => {
    const ava = await newStudent(http);
    const testAt = pastTestTime();
    const id = await insertTestPack(db(), {
      studentId: ava.id,
      instructorId: ivy.id,
      testAt,
      centreId: "penrith",
    });

    const res = await record(id, { outcome: "FAILED", note: "  Missed a head check at a roundabout  " });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      testPack: {
        bookingId: id,
        centre: {
          id: "penrith",
          name: "Penrith Service Centre",
          address: "Penrith NSW 2750",
          suburb: "Penrith",
        },
        testAt: testAt.toISOString(),
        includesWarmUp: true,
        status: "COMPLETED",
        outcome: "FAILED",
        note: "Missed a head check at a roundabout",
        outcomeRecordedAt: t.clock.now.toISOString(),
      },
    });
    expect(await packRow(id)).toMatchObject({
      outcomeRecordedBy: ivy.id,
      outcomeNote: "Missed a head check at a roundabout",
    });
    expect((await readBooking(db(), id)).completedAt?.toISOString()).toBe(t.clock.now.toISOString());
    // The lessons module's completion: its own audit entry and the earning, as POST /complete does.
    expect(await audits(id, "booking.complete")).toHaveLength(1);
    const [audit] = await audits(id, "booking.test_outcome");
    expect(audit).toMatchObject({
      actorId: ivy.id,
      targetType: "booking",
      details: {
        before: { outcome: null, note: null },
        after: { outcome: "FAILED", note: "Missed a head check at a roundabout" },
      },
    });
    const journals = await db().select().from(ledgerJournals).where(eq(ledgerJournals.bookingId, id));
    expect(journals.map((j) => j.event)).toContain("lesson.completed");
  });

  it("between the test and the drop-off: recorded, the lesson still scheduled; recording again replaces it", async () => {
    const ava = await newStudent(http);
    const testAt = testTime(0); // 10:30 today; the clock is 09:00
    const id = await insertTestPack(db(), { studentId: ava.id, instructorId: olly.id, testAt });
    t.clock.advanceMinutes(95); // 10:35: the test has started; the drive back is still to come
    try {
      const first = await record(id, { outcome: "FAILED" }, olly.token);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.testPack).toMatchObject({ status: "SCHEDULED", outcome: "FAILED", note: null });

      const again = await record(id, { outcome: "PASSED", note: "Examiner's sheet re-read" }, olly.token);
      expect(again.body.testPack).toMatchObject({ outcome: "PASSED", note: "Examiner's sheet re-read" });
      const entries = await audits(id, "booking.test_outcome");
      expect(entries.map((e) => e.details)).toContainEqual({
        before: { outcome: "FAILED", note: null },
        after: { outcome: "PASSED", note: "Examiner's sheet re-read" },
      });
      // The same outcome again changes nothing and is not audited twice.
      await record(id, { outcome: "PASSED", note: "Examiner's sheet re-read" }, olly.token);
      expect(await audits(id, "booking.test_outcome")).toHaveLength(2);
      expect((await readBooking(db(), id)).status).toBe("SCHEDULED");
    } finally {
      t.clock.advanceMinutes(-95);
    }
  });

  it("not taken needs a reason and leaves the lesson for the instructor to mark", async () => {
    const ava = await newStudent(http);
    const id = await insertTestPack(db(), {
      studentId: ava.id,
      instructorId: ivy.id,
      testAt: pastTestTime(),
    });
    const bare = await record(id, { outcome: "NOT_TAKEN" });
    expect(bare.status).toBe(400);
    expect(JSON.stringify(bare.body)).toContain("Say why the test was not taken");
    expect((await record(id, { outcome: "NOT_TAKEN", note: "   " })).status).toBe(400);

    const res = await record(id, {
      outcome: "NOT_TAKEN",
      note: "Service NSW called the test off: examiner ill",
    });
    expect(res.status).toBe(200);
    expect(res.body.testPack).toMatchObject({ status: "SCHEDULED", outcome: "NOT_TAKEN" });
    expect(await audits(id, "booking.complete")).toHaveLength(0);
  });

  it("a no-show pack can only be recorded as not taken; a cancelled one not at all", async () => {
    const ava = await newStudent(http);
    const noShow = await insertTestPack(db(), {
      studentId: ava.id,
      instructorId: ivy.id,
      testAt: pastTestTime(),
      status: "NO_SHOW",
    });
    const failed = await record(noShow, { outcome: "FAILED" });
    expect(failed.status).toBe(409);
    expect(failed.body.error).toMatchObject({
      code: "invalid_state",
      message: "This pack is marked a no-show, so its test can only be recorded as not taken",
    });
    const notTaken = await record(noShow, { outcome: "NOT_TAKEN", note: "Learner never came" });
    expect(notTaken.status).toBe(200);
    expect(notTaken.body.testPack.status).toBe("NO_SHOW");

    const cancelled = await insertTestPack(db(), {
      studentId: ava.id,
      instructorId: ivy.id,
      testAt: testTime(10),
      status: "CANCELLED",
    });
    t.clock.advanceMinutes(11 * 24 * 60);
    try {
      const res = await record(cancelled, { outcome: "PASSED" });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe("This pack was cancelled, so it has no test outcome");
    } finally {
      t.clock.advanceMinutes(-11 * 24 * 60);
    }
  });

  it("refuses before the test time, naming it", async () => {
    const ava = await newStudent(http);
    const testAt = testTime(3);
    const id = await insertTestPack(db(), { studentId: ava.id, instructorId: ivy.id, testAt });
    const res = await record(id, { outcome: "PASSED" });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(
      /^The test's outcome can be recorded from the test time, 10:30 am on \d\d\/\d\d\/\d{4}$/,
    );
    expect((await packRow(id))?.outcome).toBeNull();
  });

  it("only the pack's instructor; a lesson that is not a pack is 409; bad input is 400", async () => {
    const ava = await newStudent(http);
    const id = await insertTestPack(db(), {
      studentId: ava.id,
      instructorId: ivy.id,
      testAt: pastTestTime(),
    });
    const other = await record(id, { outcome: "PASSED" }, olly.token);
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe("Lesson not found");
    expect((await record(id, { outcome: "PASSED" }, ava.token)).status).toBe(403);
    expect((await record("00000000-0000-4000-8000-000000000000", { outcome: "PASSED" })).status).toBe(404);
    expect((await record(id, { outcome: "MAYBE" })).status).toBe(400);

    const lesson = await insertLesson(db(), {
      studentId: ava.id,
      instructorId: ivy.id,
      start: testPackBlock({ testAt: pastTestTime() }).pickupAt,
      status: "COMPLETED",
    });
    const notPack = await record(lesson, { outcome: "PASSED" });
    expect(notPack.status).toBe(409);
    expect(notPack.body.error).toMatchObject({
      code: "not_a_test_pack",
      message: "This lesson is not a driving-test package: only a test pack has a test outcome",
    });
  });

  it("once the learner claims the pass promise on the pack, its outcome can no longer change", async () => {
    const ava = await newStudent(http);
    const id = await insertTestPack(db(), {
      studentId: ava.id,
      instructorId: ivy.id,
      testAt: pastTestTime(),
      status: "COMPLETED",
      outcome: "FAILED",
    });
    await db().insert(testPackClaims).values({ studentId: ava.id, bookingId: id });
    const res = await record(id, { outcome: "PASSED" });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      "The learner has claimed the pass promise on this test, so its outcome can no longer change",
    );
    expect((await packRow(id))?.outcome).toBe("FAILED");
  });
});
