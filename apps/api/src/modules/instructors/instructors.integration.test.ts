import { addDaysToDate, sydneyTodayDate, sydneyWallTimeToInstant, sydneyWeekday } from "@kerb/shared/rules";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  addHours,
  insertLesson,
  newInstructor,
  newStudent,
  userIdByEmail,
} from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const at = (date: string, hour: number) => {
  const instant = sydneyWallTimeToInstant(date, hour * 60);
  if (!instant) throw new Error(`no ${date} ${hour}:00 in Sydney`);
  return instant;
};

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describeEachDatabase("instructor portal", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let demoToken: string;
  let studentId: string;
  let studentToken: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    demoToken = (await http.login("instructor@demo.test")).accessToken;
    studentToken = (await http.login("student@demo.test")).accessToken;
    adminToken = (await http.login("admin@demo.test")).accessToken;
    studentId = await userIdByEmail(t.database.db, "student@demo.test");
  });
  afterAll(() => t.close());

  const db = () => t.database.db;

  it("refuses every instructor route without a token (401) and to students and admins (403)", async () => {
    const routes: Array<["GET" | "POST" | "PUT" | "PATCH" | "DELETE", string]> = [
      ["GET", "/api/instructor/profile"],
      ["GET", "/api/instructor/dashboard"],
      ["GET", "/api/instructor/availability"],
      ["PUT", "/api/instructor/availability/weekly"],
      ["POST", "/api/instructor/availability/exceptions"],
      ["DELETE", `/api/instructor/availability/exceptions/${UNKNOWN_ID}`],
      ["PATCH", "/api/instructor/settings"],
      ["GET", "/api/instructor/lessons"],
      ["POST", `/api/instructor/lessons/${UNKNOWN_ID}/complete`],
      ["POST", `/api/instructor/lessons/${UNKNOWN_ID}/no-show`],
      ["POST", `/api/instructor/lessons/${UNKNOWN_ID}/cancel`],
      ["GET", "/api/instructor/earnings"],
      ["GET", "/api/instructor/calendar-token"],
      ["POST", "/api/instructor/calendar-token"],
      ["DELETE", "/api/instructor/calendar-token"],
    ];
    for (const [method, url] of routes) {
      const body = method === "PUT" || method === "PATCH" || method === "POST" ? {} : undefined;
      const call = (token?: string) =>
        t.app.inject({
          method,
          url,
          ...(body ? { payload: body } : {}),
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      expect((await call()).statusCode, `${method} ${url} anonymous`).toBe(401);
      const asStudent = await call(studentToken);
      expect(asStudent.statusCode, `${method} ${url} student`).toBe(403);
      expect(asStudent.json().error.code).toBe("forbidden");
      expect((await call(adminToken)).statusCode, `${method} ${url} admin`).toBe(403);
    }
  });

  it("keeps the profile route and its response shape", async () => {
    const res = await http.get("/api/instructor/profile", demoToken);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        "bookings",
        "email",
        "firstName",
        "id",
        "languages",
        "lastName",
        "poolOptIn",
        "poolRate",
        "standardRate",
        "suburbs",
        "vehicleType",
        "verificationStatus",
      ].sort(),
    );
    expect(Object.keys(res.body.bookings[0]).sort()).toEqual(
      [
        "completedAt",
        "endTime",
        "id",
        "isPoolHours",
        "pickupLocation",
        "price",
        "startTime",
        "status",
        "student",
      ].sort(),
    );
  });

  it("shows the seeded dashboard: rates, next lesson with student contact, details", async () => {
    const res = await http.get("/api/instructor/dashboard", demoToken);
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBe("Daniel");
    expect(res.body.today).toBe(sydneyTodayDate(t.clock.now));
    expect(res.body.month).toBe(sydneyTodayDate(t.clock.now).slice(0, 7));
    expect(res.body.tiles).toMatchObject({ standardRate: 75, poolRate: 48.75 });
    expect(res.body.upcoming).toHaveLength(1);
    // Sam's upcoming lesson is 90 minutes at his $75 an hour.
    expect(res.body.upcoming[0]).toMatchObject({
      status: "SCHEDULED",
      price: 112.5,
      isPoolHours: false,
      pickupLocation: "Town Hall station, George St entrance",
      student: { firstName: "Sam", lastName: "Learner", phone: "0412 345 678" },
    });
    expect(res.body.details).toEqual({
      languages: ["English", "Mandarin"],
      suburbs: ["Sydney CBD", "North Sydney", "Chatswood", "Parramatta", "Bondi"],
      vehicleType: "BOTH",
      poolOptIn: true,
      verificationStatus: "VERIFIED",
    });
    // Monthly earnings on seeded data equal the current month of the earnings statement.
    const earnings = await http.get("/api/instructor/earnings", demoToken);
    const current = earnings.body.months.find((m: { month: string }) => m.month === res.body.month);
    expect(res.body.tiles.monthlyEarnings).toBe(current?.net ?? 0);
  });

  it("counts today's lessons and this Monday–Sunday week in Sydney time", async () => {
    const ivy = await newInstructor(http, db());
    // A student of its own: these lessons sit at fixed Sydney hours, and on the demo student's calendar
    // they would clash, at some times of day, with the later tests' lessons placed hours from now.
    const { id: studentId } = await newStudent(http);
    const today = sydneyTodayDate(t.clock.now);
    const monday = addDaysToDate(today, -((sydneyWeekday(today) + 6) % 7));
    const sunday = addDaysToDate(monday, 6);
    const specs: Array<
      [date: string, hour: number, status: "SCHEDULED" | "COMPLETED" | "CANCELLED" | "NO_SHOW"]
    > = [
      [today, 0, "COMPLETED"],
      [today, 23, "SCHEDULED"],
      [today, 12, "CANCELLED"],
      [today, 13, "NO_SHOW"],
      [addDaysToDate(today, 1), 5, "SCHEDULED"],
      [monday, 1, "SCHEDULED"],
      [sunday, 22, "COMPLETED"],
      [addDaysToDate(monday, -1), 22, "SCHEDULED"],
      [addDaysToDate(monday, 7), 1, "SCHEDULED"],
    ];
    const ids = new Map<string, string>();
    for (const [date, hour, status] of specs) {
      ids.set(
        `${date} ${hour}`,
        await insertLesson(db(), { studentId, instructorId: ivy.id, start: at(date, hour), status }),
      );
    }
    const counted = (s: string) => s === "SCHEDULED" || s === "COMPLETED";
    const expectedToday = specs.filter(([d, , s]) => d === today && counted(s));
    const expectedWeek = specs.filter(([d, , s]) => d >= monday && d <= sunday && counted(s));

    const res = await http.get("/api/instructor/dashboard", ivy.token);
    expect(res.status).toBe(200);
    expect(res.body.tiles.todaysLessons).toBe(expectedToday.length);
    expect(res.body.tiles.thisWeek).toBe(expectedWeek.length);
    expect(res.body.todaysSchedule.map((l: { id: string }) => l.id)).toEqual(
      expectedToday.sort((a, b) => a[1] - b[1]).map(([d, h]) => ids.get(`${d} ${h}`)),
    );
    expect(res.body.tiles).toMatchObject({
      standardRate: 80,
      poolRate: 52,
      monthlyEarnings: expect.any(Number),
    });
    expect(res.body.details).toMatchObject({ languages: ["English", "Hindi"], vehicleType: "AUTOMATIC" });
  });

  it("lists the first 5 upcoming scheduled lessons, soonest first", async () => {
    const ivy = await newInstructor(http, db());
    const base = addHours(t.clock.now, 48);
    const ids: string[] = [];
    for (let i = 6; i >= 0; i--) {
      ids[i] = await insertLesson(db(), {
        studentId,
        instructorId: ivy.id,
        start: addHours(base, i * 2),
        isPoolHours: i === 0,
        pickupLocation: `Stop ${i}`,
      });
    }
    await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(base, -1),
      status: "CANCELLED",
    });
    const res = await http.get("/api/instructor/dashboard", ivy.token);
    expect(res.body.upcoming.map((l: { id: string }) => l.id)).toEqual(ids.slice(0, 5));
    expect(res.body.upcoming[0]).toMatchObject({
      isPoolHours: true,
      pickupLocation: "Stop 0",
      student: { firstName: "Sam", phone: "0412 345 678" },
    });
  });

  it("shows the instructor their compliance status and dates, and no pool rate once opted out", async () => {
    const ivy = await newInstructor(http, db());
    const today = sydneyTodayDate(t.clock.now);
    const soon = addDaysToDate(today, 20);
    await http.patch(`/api/admin/instructors/${ivy.id}/compliance`, { wwcExpiresOn: soon }, adminToken);
    const listed = await http.get("/api/instructor/dashboard", ivy.token);
    expect(listed.status).toBe(200);
    expect(listed.body.compliance).toEqual({
      verificationStatus: "VERIFIED",
      licenseExpiresOn: "2099-12-31",
      wwcExpiresOn: soon,
      isListed: true,
      reasons: [],
      licenseExpiringSoon: false,
      wwcExpiringSoon: true,
    });
    expect(listed.body.tiles.poolRate).toBe(52); // $80 × 0.65

    await http.patch(
      `/api/admin/instructors/${ivy.id}/compliance`,
      { licenseExpiresOn: addDaysToDate(today, -1) },
      adminToken,
    );
    expect((await http.patch("/api/instructor/settings", { poolOptIn: false }, ivy.token)).status).toBe(200);
    const after = await http.get("/api/instructor/dashboard", ivy.token);
    expect(after.body.compliance).toMatchObject({ isListed: false, reasons: ["LICENCE_EXPIRED"] });
    expect(after.body.tiles.poolRate).toBeNull();
    expect(after.body.details.poolOptIn).toBe(false);
  });
});
