/**
 * Travel between suburbs, buffers, caps, notice and public holidays, as students meet them over HTTP:
 * what is offered, what a booking may take, and (on PostgreSQL) what two students booking at once get.
 */
import type { Suburb } from "@kerb/shared";
import { isNswPublicHoliday, isNswWorkingDay } from "@kerb/shared/holidays";
import { addDaysToDate, sydneyDateOf, sydneyWeekday, travelMinutes } from "@kerb/shared/rules";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeRows } from "../../db/client.ts";
import { listSlots, registerStudent } from "../../test/booking-fixtures.ts";
import {
  insertInstructor,
  sydneyAt,
  type TestInstructor,
} from "../../test/fixtures/availability-fixtures.ts";
import { api } from "../../test/http.ts";
import type { Http } from "../../test/seeded-app.ts";
import { createTestApp, describeEachDatabase, type TestApp, testClockStart } from "../../test/test-app.ts";

/** Every weekday 09:00–13:00 (Sydney): room for four lessons a day. */
const WEEKDAY_HOURS: TestInstructor["rules"] = [1, 2, 3, 4, 5].map((d) => [d, "09:00", "13:00"]);

/**
 * Day `n` (from 0) of the suite's clock: the run's Monday 09:00 in Sydney (test/test-clock.ts), the
 * first of a fortnight without a public holiday. The app starts there; a fixed date (01/03/2027 once)
 * would make every access token signed on it expired once that day has passed in real time.
 */
const day = (n: number) => addDaysToDate(sydneyDateOf(testClockStart()), n);

/** The first NSW public holiday on a weekday `from` or after it. */
function weekdayHolidayFrom(from: string): string {
  let date = from;
  while (!isNswPublicHoliday(date) || [0, 6].includes(sydneyWeekday(date))) date = addDaysToDate(date, 1);
  return date;
}

/** The start times the instructor is offered at, to a student of `suburb`, on `date`. */
async function slotsOf(http: Http, token: string, suburb: Suburb, date: string, instructorId: string) {
  return (await listSlots(http, token, { date, suburb, instructorId })).map((s) => s.startTime);
}

function book(
  http: Http,
  token: string,
  suburb: Suburb,
  date: string,
  hour: string,
  instructorId: string,
  price = 80,
) {
  const start = sydneyAt(date, hour);
  return http.post(
    "/api/student/bookings/batch",
    {
      suburb,
      bookings: [
        {
          instructorId,
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + 3_600_000).toISOString(),
          price,
          isPoolHours: false,
          pickupLocation: `1 ${suburb} Road`,
        },
      ],
    },
    token,
  );
}

describeEachDatabase("lessons between suburbs", (kind) => {
  let t: TestApp;
  let http: Http;
  // The suite's clock: Monday (day 0) 09:00 Sydney.
  const date = day(2); // a Wednesday
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: false });
    http = api(t.app);
  });
  afterAll(() => t.close());

  const instructor = (over: Partial<TestInstructor> = {}) =>
    insertInstructor(t.database.db, {
      suburbs: ["Bondi", "Parramatta"],
      rules: WEEKDAY_HOURS,
      poolOptIn: false,
      ...over,
    });

  it("never offers a back-to-back lesson the instructor cannot drive to, and offers it in the same suburb", async () => {
    expect(travelMinutes("Bondi", "Parramatta")).toBeGreaterThan(0);
    const id = await instructor();
    const bondi = await registerStudent(http, { suburb: "Bondi" });
    const parramatta = await registerStudent(http, { suburb: "Parramatta" });
    expect((await book(http, bondi.accessToken, "Bondi", date, "10:00", id)).status).toBe(201);

    // Parramatta: not 09:00 (ends as the Bondi lesson starts) nor 11:00 (starts as it ends); 12:00 is
    // an hour after, enough for the drive.
    expect(await slotsOf(http, parramatta.accessToken, "Parramatta", date, id)).toEqual([
      sydneyAt(date, "12:00").toISOString(),
    ]);
    // Bondi: both neighbours of the Bondi lesson are offered.
    expect(await slotsOf(http, bondi.accessToken, "Bondi", date, id)).toEqual(
      ["09:00", "11:00", "12:00"].map((h) => sydneyAt(date, h).toISOString()),
    );
    // A booking that names the refused time is refused as a taken time is.
    const refused = await book(http, parramatta.accessToken, "Parramatta", date, "11:00", id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("slot_unavailable");
    expect((await book(http, bondi.accessToken, "Bondi", date, "11:00", id)).status).toBe(201);
  });

  it("keeps the instructor's buffer between lessons, even in one suburb", async () => {
    const id = await instructor({ travelBufferMinutes: 30 });
    const student = await registerStudent(http, { suburb: "Bondi" });
    expect((await book(http, student.accessToken, "Bondi", date, "10:00", id)).status).toBe(201);
    expect(await slotsOf(http, student.accessToken, "Bondi", date, id)).toEqual(
      ["12:00"].map((h) => sydneyAt(date, h).toISOString()),
    );
    // Two lessons in one booking keep it between themselves too.
    const other = await registerStudent(http, { suburb: "Bondi" });
    const id2 = await instructor({ travelBufferMinutes: 15 });
    const start = (hour: string) => sydneyAt(date, hour);
    const both = await http.post(
      "/api/student/bookings/batch",
      {
        suburb: "Bondi",
        bookings: ["09:00", "10:00"].map((h) => ({
          instructorId: id2,
          startTime: start(h).toISOString(),
          endTime: new Date(start(h).getTime() + 3_600_000).toISOString(),
          price: 80,
          isPoolHours: false,
          pickupLocation: "1 Bondi Road",
        })),
      },
      other.accessToken,
    );
    expect(both.status).toBe(409);
    expect(both.body.error.code).toBe("slot_unavailable");
  });

  it("stops offering a day at the instructor's daily cap", async () => {
    const id = await instructor({ dailyLessonCap: 2 });
    const a = await registerStudent(http, { suburb: "Bondi" });
    const b = await registerStudent(http, { suburb: "Bondi" });
    expect((await book(http, a.accessToken, "Bondi", date, "09:00", id)).status).toBe(201);
    expect(await slotsOf(http, b.accessToken, "Bondi", date, id)).toHaveLength(3);
    expect((await book(http, b.accessToken, "Bondi", date, "12:00", id)).status).toBe(201);
    expect(await slotsOf(http, b.accessToken, "Bondi", date, id)).toEqual([]);
    // The next day is untouched.
    expect(await slotsOf(http, b.accessToken, "Bondi", day(3), id)).toHaveLength(4);
  });

  it("keeps the instructor's minimum notice", async () => {
    const id = await instructor({ minNoticeHours: 48 });
    const student = await registerStudent(http, { suburb: "Bondi" });
    // Now is Monday 09:00: 48 hours on is Wednesday 09:00, so Tuesday offers nothing and Wednesday everything.
    expect(await slotsOf(http, student.accessToken, "Bondi", day(1), id)).toEqual([]);
    expect(await slotsOf(http, student.accessToken, "Bondi", date, id)).toHaveLength(4);
    expect((await book(http, student.accessToken, "Bondi", day(1), "12:00", id)).status).toBe(409);
  });

  it("closes NSW public holidays unless the instructor teaches on them, and never prices them as pool hours", async () => {
    // The next weekday holiday after the quiet fortnight (Good Friday 26/03/2027, from 01/03/2027), and
    // the working day before it; the clock moves to a few days before them, after the student signed in
    // (access tokens expire by the real clock).
    const holiday = weekdayHolidayFrom(day(14));
    let workingDayBefore = addDaysToDate(holiday, -1);
    while (!isNswWorkingDay(workingDayBefore)) workingDayBefore = addDaysToDate(workingDayBefore, -1);
    const closed = await instructor({ poolOptIn: true });
    const open = await instructor({ poolOptIn: true, teachesPublicHolidays: true });
    const student = await registerStudent(http, { suburb: "Bondi" });
    t.clock.now = sydneyAt(addDaysToDate(workingDayBefore, -3), "09:00");
    try {
      expect(await slotsOf(http, student.accessToken, "Bondi", holiday, closed)).toEqual([]);
      const slots = await listSlots(http, student.accessToken, {
        date: holiday,
        suburb: "Bondi",
        instructorId: open,
      });
      expect(slots).toHaveLength(4);
      expect(slots.every((s) => !s.isPoolHours && s.price === 80)).toBe(true);
      // The ordinary working day before has its pool hours.
      const before = await listSlots(http, student.accessToken, {
        date: workingDayBefore,
        suburb: "Bondi",
        instructorId: open,
      });
      expect(before.some((s) => s.isPoolHours)).toBe(true);
    } finally {
      t.clock.now = testClockStart();
    }
  });
});

// Two bookings at once only race with real concurrent connections: PGlite serialises everything.
describe.runIf(process.env.TEST_DATABASE_URL)("two students in far-apart suburbs at once [postgres]", () => {
  let t: TestApp;
  let baseUrl: string;
  let http: Http;
  beforeAll(async () => {
    t = await createTestApp("postgres", { seed: false, env: { DATABASE_POOL_SIZE: "20" } });
    baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    http = api(t.app);
  });
  afterAll(() => t.close());

  const post = (token: string, suburb: Suburb, date: string, hour: string, instructorId: string) => {
    const start = sydneyAt(date, hour);
    return fetch(`${baseUrl}/api/student/bookings/batch`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        suburb,
        bookings: [
          {
            instructorId,
            startTime: start.toISOString(),
            endTime: new Date(start.getTime() + 3_600_000).toISOString(),
            price: 80,
            isPoolHours: false,
            pickupLocation: `1 ${suburb} Road`,
          },
        ],
      }),
    }).then((r) => r.status);
  };

  it("lets only one of them take the instructor's adjacent hours, every time", async () => {
    const dates = [1, 2, 3, 4, 7, 8].map(day); // Tuesday to Friday, Monday and Tuesday
    for (const date of dates) {
      const id = await insertInstructor(t.database.db, {
        suburbs: ["Bondi", "Parramatta"],
        rules: WEEKDAY_HOURS,
        poolOptIn: false,
      });
      const bondi = await registerStudent(http, { suburb: "Bondi" });
      const parramatta = await registerStudent(http, { suburb: "Parramatta" });
      const statuses = await Promise.all([
        post(bondi.accessToken, "Bondi", date, "10:00", id),
        post(parramatta.accessToken, "Parramatta", date, "11:00", id),
      ]);
      expect(statuses.sort()).toEqual([201, 409]);
      const [row] = await executeRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from bookings where instructor_id = ${id} and status in ('PENDING_PAYMENT', 'SCHEDULED')`,
      );
      expect(row?.n).toBe(1);
    }
  });

  it("lets both take adjacent hours in one suburb", async () => {
    const id = await insertInstructor(t.database.db, {
      suburbs: ["Bondi"],
      rules: WEEKDAY_HOURS,
      poolOptIn: false,
    });
    const a = await registerStudent(http, { suburb: "Bondi" });
    const b = await registerStudent(http, { suburb: "Bondi" });
    const statuses = await Promise.all([
      post(a.accessToken, "Bondi", day(9), "10:00", id),
      post(b.accessToken, "Bondi", day(9), "11:00", id),
    ]);
    expect(statuses).toEqual([201, 201]);
  });
});
