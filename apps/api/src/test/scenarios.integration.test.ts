/**
 * The scenario layer (scenarios.ts) and the fixed test clock (test-clock.ts) do what the suites that
 * start from them take for granted.
 */
import { sydneyDateOf, sydneyMinutesOf, sydneyWeekday } from "@kerb/shared/rules";
import { afterAll, beforeAll, expect, it } from "vitest";
import { api } from "./http.ts";
import {
  aGuardianOf,
  anAdmin,
  anInstructor,
  aStudent,
  aStudentWithPaidLesson,
  theDemoInstructor,
} from "./scenarios.ts";
import { createTestApp, describeEachDatabase, type TestApp, testClockStart } from "./test-app.ts";
import { testClockStartFor } from "./test-clock.ts";

const HOUR_MS = 3_600_000;

it("starts every run's clock on a Monday 09:00 in Sydney, hours to days ahead of real time", () => {
  // Every moment of a Sydney week (Monday 00:30, Wednesday noon, Sunday 23:59) starts the same: the
  // Monday after it.
  for (const real of ["2026-11-29T13:30:00Z", "2026-12-02T01:00:00Z", "2026-12-06T12:59:00Z"]) {
    const start = testClockStartFor(new Date(real));
    expect(sydneyDateOf(start)).toBe("2026-12-07");
    expect(sydneyMinutesOf(start)).toBe(9 * 60);
  }
  // Never a week with a public holiday or a DST change in the fortnight: Christmas, New Year and
  // Australia Day push a mid-December run to the week after them, the first Sunday of October (DST)
  // one in late September.
  expect(sydneyDateOf(testClockStartFor(new Date("2026-12-09T01:00:00Z")))).toBe("2027-01-04");
  expect(sydneyDateOf(testClockStartFor(new Date("2027-09-22T01:00:00Z")))).toBe("2027-10-11");
  const start = testClockStart();
  expect(sydneyWeekday(sydneyDateOf(start))).toBe(1);
  expect(start.getTime()).toBeGreaterThan(Date.now());
});

describeEachDatabase("test scenarios", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
  });
  afterAll(() => t.close());

  it("starts the app's clock at the run's fixed start", () => {
    expect(t.clock.now).toEqual(testClockStart());
  });

  it("signs in the demo admin and instructor, and registers a student", async () => {
    const http = api(t.app);
    const admin = await anAdmin(t);
    expect((await http.get("/api/admin/bookings", admin.token)).status).toBe(200);
    const demo = await theDemoInstructor(t);
    expect(demo.email).toBe("instructor@demo.test");
    const student = await aStudent(t, { firstName: "Stu" });
    expect(student.user.id).toBe(student.id);
    const profile = await http.get("/api/student/profile", student.token);
    expect(profile.body).toMatchObject({ email: student.email, firstName: "Stu", suburb: "Sydney CBD" });
  });

  it("books and pays the first free slot at least hoursAhead ahead, with any instructor who teaches", async () => {
    const { student, lesson } = await aStudentWithPaidLesson(t, { hoursAhead: 30 });
    const earliest = t.clock.now.getTime() + 30 * HOUR_MS;
    expect(lesson.start.getTime()).toBeGreaterThanOrEqual(earliest);
    expect(lesson.start.getTime()).toBeLessThan(earliest + 24 * HOUR_MS);
    const mine = await api(t.app).get("/api/student/profile", student.token);
    expect(mine.body.bookings).toContainEqual(
      expect.objectContaining({ id: lesson.id, status: "SCHEDULED" }),
    );

    const instructor = await anInstructor(t, { suburbs: ["Sydney CBD"] });
    const other = await aStudentWithPaidLesson(t, { hoursAhead: 50, instructor });
    expect(other.lesson.slot.instructorId).toBe(instructor.id);
    expect(sydneyDateOf(other.lesson.start)).toBe(other.date);
  });

  it("makes a guardian who follows the student", async () => {
    const student = await aStudent(t, { firstName: "Lily" });
    const guardian = await aGuardianOf(t, student);
    const learners = await api(t.app).get("/api/guardian/learners", guardian.token);
    expect(learners.status).toBe(200);
    expect(JSON.stringify(learners.body)).toContain(student.id);
  });
});
