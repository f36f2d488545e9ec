/**
 * A driving-test package in the instructor's dashboard and the admin's bookings list (issue 33 item 6):
 * each says which lesson records are packs, with the centre and the test time, so neither screen shows
 * the block as a plain lesson.
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
import { insertTestPack } from "../../test/test-pack-fixtures.ts";

describeEachDatabase("a test package's label on schedules and lists", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let ivy: { id: string; token: string };
  let packId: string;
  let lessonId: string;
  let testAt: Date;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    ivy = await newInstructor(http, t.database.db, { firstName: "Ivy", lastName: "Teach" });
    const sam = await newStudent(http);
    // Today (the clock's 09:00): a test at 10:30 at Penrith, and an ordinary lesson this evening.
    testAt = addMinutes(t.clock.now, 90);
    packId = await insertTestPack(t.database.db, {
      studentId: sam.id,
      instructorId: ivy.id,
      testAt,
      centreId: "penrith",
    });
    lessonId = await insertLesson(t.database.db, {
      studentId: sam.id,
      instructorId: ivy.id,
      start: addHours(t.clock.now, 8),
    });
  });
  afterAll(() => t?.close());

  const penrith = {
    id: "penrith",
    name: "Penrith Service Centre",
    address: "Penrith NSW 2750",
    suburb: "Penrith",
  };

  it("the instructor's dashboard names today's pack, its centre and test time; a lesson has none", async () => {
    const res = await http.get("/api/instructor/dashboard", ivy.token);
    expect(res.status).toBe(200);
    const today = new Map(res.body.todaysSchedule.map((l: { id: string }) => [l.id, l]));
    expect(today.get(packId)).toMatchObject({
      testPack: { bookingId: packId, centre: penrith, testAt: testAt.toISOString(), status: "SCHEDULED" },
    });
    expect(today.get(lessonId)).toMatchObject({ testPack: null });
  });

  it("the admin's bookings list marks the pack the same way", async () => {
    const admin = (await http.login("admin@demo.test")).accessToken;
    const res = await http.get(`/api/admin/bookings?instructorId=${ivy.id}`, admin);
    expect(res.status).toBe(200);
    const items = new Map(res.body.items.map((b: { id: string }) => [b.id, b]));
    expect(items.get(packId)).toMatchObject({
      testPack: { bookingId: packId, centre: penrith, testAt: testAt.toISOString() },
    });
    expect(items.get(lessonId)).toMatchObject({ testPack: null });
  });
});
