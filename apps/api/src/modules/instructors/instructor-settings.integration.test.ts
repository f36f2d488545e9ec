/** The instructor's suburbs, pool opt-in and rate (PATCH /api/instructor/settings). */
import { addDaysToDate, sydneyTodayDate, sydneyWallTimeToInstant, sydneyWeekday } from "@kerb/shared/rules";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog, instructorProfiles } from "../../db/schema/index.ts";
import {
  insertLesson,
  newInstructor,
  readBooking,
  userIdByEmail,
} from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const messages = (body: { error: { details?: Array<{ message: string }> } }) =>
  (body.error.details ?? []).map((d) => d.message);

describeEachDatabase("instructor settings", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let demoToken: string;
  let studentId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    demoToken = (await http.login("instructor@demo.test")).accessToken;
    studentId = await userIdByEmail(t.database.db, "student@demo.test");
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  /** A Sydney date a week or more ahead that falls on `weekday`. */
  const nextDateOn = (weekday: number) => {
    let date = addDaysToDate(sydneyTodayDate(t.clock.now), 7);
    while (sydneyWeekday(date) !== weekday) date = addDaysToDate(date, 1);
    return date;
  };
  const at = (date: string, minutes: number) => {
    const instant = sydneyWallTimeToInstant(date, minutes);
    if (!instant) throw new Error("bad wall time");
    return instant;
  };

  it("updates settings and reports lessons in dropped suburbs or pool hours it no longer offers", async () => {
    const ivy = await newInstructor(http, db(), { suburbs: ["Parramatta", "Blacktown"] });
    await http.put(
      "/api/instructor/availability/weekly",
      { weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ start: "07:00", end: "19:00" }] })) },
      ivy.token,
    );
    const monday = nextDateOn(1);
    const blacktown = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: at(monday, 8 * 60),
      suburb: "Blacktown",
    });
    const pool = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: at(monday, 11 * 60),
      suburb: "Parramatta",
      isPoolHours: true,
      priceCents: 5200,
    });

    const rate = await http.patch("/api/instructor/settings", { standardRate: 90 }, ivy.token);
    expect(rate.status).toBe(200);
    expect(rate.body.availability).toMatchObject({ standardRate: 90, poolRate: 58.5 });
    expect(rate.body.affectedBookings).toEqual([]);
    // Booked lessons keep the price paid.
    expect((await readBooking(db(), pool)).priceCents).toBe(5200);
    expect((await http.get("/api/instructor/profile", ivy.token)).body).toMatchObject({ standardRate: 90 });

    const suburbs = await http.patch(
      "/api/instructor/settings",
      { suburbs: [" parramatta ", "BONDI", "Bondi", ""] },
      ivy.token,
    );
    expect(suburbs.status).toBe(200);
    expect(suburbs.body.availability.suburbs).toEqual(["Parramatta", "Bondi"]);
    expect(suburbs.body.affectedBookings).toEqual([
      expect.objectContaining({ id: blacktown, suburb: "Blacktown", reasons: ["SUBURB_NOT_SERVED"] }),
    ]);

    const poolOff = await http.patch("/api/instructor/settings", { poolOptIn: false }, ivy.token);
    expect(poolOff.body.availability.poolOptIn).toBe(false);
    expect(
      poolOff.body.affectedBookings.map((b: { id: string; reasons: string[] }) => [b.id, b.reasons]),
    ).toEqual([
      [blacktown, ["SUBURB_NOT_SERVED"]],
      [pool, ["POOL_OPT_OUT"]],
    ]);
    expect(poolOff.body.warning).toMatch(/2 scheduled lessons/);
    expect((await readBooking(db(), pool)).status).toBe("SCHEDULED");

    const [row] = await db()
      .select({ poolOptIn: instructorProfiles.poolOptIn, rate: instructorProfiles.standardRateCents })
      .from(instructorProfiles)
      .where(eq(instructorProfiles.userId, ivy.id));
    expect(row).toEqual({ poolOptIn: false, rate: 9000 });
  });

  it.each([
    [{ standardRate: 29 }, "Rate must be at least $30/hour"],
    [{ standardRate: 201 }, "Rate cannot exceed $200/hour"],
    [{ standardRate: 50.555 }, "Rate must be in whole cents"],
    [{ suburbs: [] }, "At least one suburb is required"],
    [{ suburbs: [" ", ""] }, "At least one suburb is required"],
    [{ suburbs: ["Melbourne"] }, "We don't serve that suburb yet. Choose from: Bankstown"],
    [{ poolOptIn: "yes" }, "poolOptIn must be true or false"],
    [{ travelBufferMinutes: -5 }, "Travel buffer cannot be negative"],
    [{ travelBufferMinutes: 61 }, "Travel buffer can be at most 60 minutes"],
    [{ travelBufferMinutes: 12.5 }, "Travel buffer must be a whole number"],
    [{ travelBufferMinutes: "15" }, "Travel buffer must be a whole number"],
    [{ minNoticeHours: 1 }, "Minimum notice must be at least 2 hours"],
    [{ minNoticeHours: 169 }, "Minimum notice can be at most 168 hours"],
    [{ dailyLessonCap: 0 }, "Daily lesson cap must be at least 1 lesson (or no cap)"],
    [{ dailyLessonCap: 13 }, "Daily lesson cap can be at most 12 lessons"],
    [{ teachesPublicHolidays: "yes" }, "teachesPublicHolidays must be true or false"],
    [{ lessonLengths: [90, 120] }, "Every instructor offers 60-minute lessons; keep it in the list"],
    [{ lessonLengths: [60, 45] }, "Lessons are 60, 90 or 120 minutes long"],
    [
      {},
      "Nothing to update: send poolOptIn, suburbs, standardRate, travelBufferMinutes, minNoticeHours, " +
        "dailyLessonCap, teachesPublicHolidays or lessonLengths",
    ],
  ])("rejects settings %j with 400", async (body, message) => {
    const res = await http.patch("/api/instructor/settings", body, demoToken);
    expect(res.status).toBe(400);
    expect(messages(res.body).join(" | ")).toContain(message);
  });

  it("saves the lesson lengths offered, in order and each once", async () => {
    const ivy = await newInstructor(http, db());
    const res = await http.patch("/api/instructor/settings", { lessonLengths: [120, 60, 120] }, ivy.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.availability.lessonLengths).toEqual([60, 120]);
    const back = await http.patch("/api/instructor/settings", { lessonLengths: [60] }, ivy.token);
    expect(back.body.availability.lessonLengths).toEqual([60]);
  });

  it("accepts the rate boundaries 30 and 200", async () => {
    const ivy = await newInstructor(http, db());
    for (const standardRate of [30, 200]) {
      const res = await http.patch("/api/instructor/settings", { standardRate }, ivy.token);
      expect(res.status).toBe(200);
      expect(res.body.availability.standardRate).toBe(standardRate);
    }
  });

  it("saves the scheduling settings, shows them with the hours, and audits before and after", async () => {
    const ivy = await newInstructor(http, db());
    const start = await http.get("/api/instructor/availability", ivy.token);
    // The defaults: no buffer, 2 hours' notice, no cap, closed on public holidays.
    expect(start.body).toMatchObject({
      travelBufferMinutes: 0,
      minNoticeHours: 2,
      dailyLessonCap: null,
      teachesPublicHolidays: false,
    });

    const res = await http.patch(
      "/api/instructor/settings",
      { travelBufferMinutes: 30, minNoticeHours: 24, dailyLessonCap: 5, teachesPublicHolidays: true },
      ivy.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.availability).toMatchObject({
      travelBufferMinutes: 30,
      minNoticeHours: 24,
      dailyLessonCap: 5,
      teachesPublicHolidays: true,
    });
    expect(res.body).toMatchObject({ affectedBookings: [], warning: null });
    expect((await http.get("/api/instructor/availability", ivy.token)).body).toMatchObject({
      travelBufferMinutes: 30,
      minNoticeHours: 24,
      dailyLessonCap: 5,
      teachesPublicHolidays: true,
    });

    // One field at a time; null takes the cap away; the boundaries are accepted.
    const noCap = await http.patch("/api/instructor/settings", { dailyLessonCap: null }, ivy.token);
    expect(noCap.status).toBe(200);
    expect(noCap.body.availability).toMatchObject({ dailyLessonCap: null, travelBufferMinutes: 30 });
    for (const body of [
      { travelBufferMinutes: 0 },
      { travelBufferMinutes: 60 },
      { minNoticeHours: 2 },
      { minNoticeHours: 168 },
      { dailyLessonCap: 1 },
      { dailyLessonCap: 12 },
    ]) {
      const boundary = await http.patch("/api/instructor/settings", body, ivy.token);
      expect(boundary.status).toBe(200);
      expect(boundary.body.availability).toMatchObject(body);
    }

    const [row] = await db()
      .select({
        travelBufferMinutes: instructorProfiles.travelBufferMinutes,
        minNoticeHours: instructorProfiles.minNoticeHours,
        dailyLessonCap: instructorProfiles.dailyLessonCap,
        teachesPublicHolidays: instructorProfiles.teachesPublicHolidays,
      })
      .from(instructorProfiles)
      .where(eq(instructorProfiles.userId, ivy.id));
    expect(row).toEqual({
      travelBufferMinutes: 60,
      minNoticeHours: 168,
      dailyLessonCap: 12,
      teachesPublicHolidays: true,
    });

    const audits = (await db().select().from(auditLog).where(eq(auditLog.targetId, ivy.id))).filter(
      (a) => a.action === "instructor.scheduling_change",
    );
    // Each change names only the fields it changed, before and after.
    expect(audits.map((a) => a.details)).toContainEqual({
      before: {
        travelBufferMinutes: 0,
        minNoticeHours: 2,
        dailyLessonCap: null,
        teachesPublicHolidays: false,
      },
      after: { travelBufferMinutes: 30, minNoticeHours: 24, dailyLessonCap: 5, teachesPublicHolidays: true },
    });
    expect(audits.map((a) => a.details)).toContainEqual({
      before: { dailyLessonCap: 5 },
      after: { dailyLessonCap: null },
    });
    // Saving the same values again changes nothing and audits nothing.
    const count = audits.length;
    expect((await http.patch("/api/instructor/settings", { minNoticeHours: 168 }, ivy.token)).status).toBe(
      200,
    );
    const after = (await db().select().from(auditLog).where(eq(auditLog.targetId, ivy.id))).filter(
      (a) => a.action === "instructor.scheduling_change",
    );
    expect(after).toHaveLength(count);
  });
});
