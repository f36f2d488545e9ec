/**
 * Driving-test packages in the learner's journey (issue 33 item 4): their packs and outcomes on the
 * progress page, and the NSW logbook counting a pack's warm-up alone (the test and the drives do not).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  addHours,
  addMinutes,
  insertLesson,
  newInstructor,
  newStudent,
} from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { insertTestPack, testPackBlock } from "../../test/test-pack-fixtures.ts";

type Person = { id: string; token: string };

describeEachDatabase("test packs in the learner's journey", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let ivy: Person;
  let ava: Person;
  const ids: Record<string, string> = {};
  const tests: Record<string, Date> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    http = api(t.app);
    const db = t.database.db;
    ivy = await newInstructor(http, db, { firstName: "Ivy", lastName: "Teach", licenseNumber: "87654321" });
    ava = await newStudent(http, { firstName: "Ava", lastName: "Learner" });
    // 10:30 tests (the clock's 09:00 + 90 min) on days of their own.
    const testOn = (days: number) => addMinutes(addHours(t.clock.now, 24 * days), 90);
    tests.warmUp = testOn(-10);
    tests.noWarmUp = testOn(-5);
    tests.cancelled = testOn(-3);
    tests.coming = testOn(7);
    ids.lesson = await insertLesson(db, {
      studentId: ava.id,
      instructorId: ivy.id,
      start: addHours(t.clock.now, -24 * 12),
      status: "COMPLETED",
      suburb: "Sydney CBD",
    });
    ids.warmUp = await insertTestPack(db, {
      studentId: ava.id,
      instructorId: ivy.id,
      testAt: tests.warmUp,
      status: "COMPLETED",
      outcome: "FAILED",
      outcomeNote: "Rolled through a stop sign",
    });
    ids.noWarmUp = await insertTestPack(db, {
      studentId: ava.id,
      instructorId: ivy.id,
      testAt: tests.noWarmUp,
      includesWarmUp: false,
      centreId: "blacktown",
      status: "COMPLETED",
      outcome: "PASSED",
    });
    ids.cancelled = await insertTestPack(db, {
      studentId: ava.id,
      instructorId: ivy.id,
      testAt: tests.cancelled,
      status: "CANCELLED",
    });
    ids.coming = await insertTestPack(db, { studentId: ava.id, instructorId: ivy.id, testAt: tests.coming });
    // Ivy confirms the lesson and both packs for the logbook, as for any lesson.
    for (const id of [ids.lesson, ids.warmUp, ids.noWarmUp]) {
      const res = await http.put(
        `/api/instructor/lessons/${id}/record`,
        { skills: [{ skill: "Roundabouts", level: "PRACTISING" }], confirmLogbook: true },
        ivy.token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });
  afterAll(() => t.close());

  it("the progress page lists the learner's packs with their outcome, and counts lessons without them", async () => {
    const res = await http.get("/api/student/progress", ava.token);
    expect(res.status).toBe(200);
    expect(res.body.lessonsCompleted).toBe(1);
    expect(res.body.minutesCompleted).toBe(60);
    // Newest test first; the cancelled pack is not shown.
    expect(res.body.testPacks).toEqual([
      {
        bookingId: ids.coming,
        centre: {
          id: "st-marys",
          name: "St Marys Driver Testing Centre",
          address: "75–105 Mamre Road, St Marys NSW 2760",
          suburb: "St Marys",
        },
        testAt: tests.coming?.toISOString(),
        includesWarmUp: true,
        status: "SCHEDULED",
        outcome: null,
        note: null,
        outcomeRecordedAt: null,
      },
      expect.objectContaining({
        bookingId: ids.noWarmUp,
        centre: expect.objectContaining({ name: "Blacktown Service Centre" }),
        outcome: "PASSED",
        note: null,
      }),
      expect.objectContaining({
        bookingId: ids.warmUp,
        testAt: tests.warmUp?.toISOString(),
        status: "COMPLETED",
        outcome: "FAILED",
        note: "Rolled through a stop sign",
      }),
    ]);
    // Another learner sees none of them.
    const ben = await newStudent(http);
    expect((await http.get("/api/student/progress", ben.token)).body.testPacks).toEqual([]);
  });

  it("the logbook counts a pack's warm-up hour alone, and nothing of a pack without one", async () => {
    const res = await http.get("/api/student/logbook", ava.token);
    expect(res.status).toBe(200);
    const rows = res.body.lessons as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.bookingId)).toEqual([ids.lesson, ids.warmUp]);
    const pickupAt = testPackBlock({ testAt: tests.warmUp as Date }).pickupAt;
    expect(rows[1]).toMatchObject({
      startTime: pickupAt.toISOString(),
      endTime: addMinutes(pickupAt, 60).toISOString(),
      dayMinutes: 60,
      nightMinutes: 0,
      confirmed: true,
      rule: "THREE_FOR_ONE",
      creditedMinutes: 180,
    });
    // The packs' blocks (warm-up, the drive there, the margin, the test, the drive back) add nothing else.
    expect(res.body.totals.lessonMinutes).toBe(120);
  });
});
