import { addDaysToDate, sydneyTodayDate, sydneyWallTimeToInstant, sydneyWeekday } from "@kerb/shared/rules";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog, availabilityExceptions } from "../../db/schema/index.ts";
import {
  insertLesson,
  newInstructor,
  readBooking,
  userIdByEmail,
} from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const messages = (body: { error: { details?: Array<{ message: string }> } }) =>
  (body.error.details ?? []).map((d) => d.message);

describeEachDatabase("instructor availability", (kind) => {
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

  it("shows the seeded weekly hours, settings and no exceptions", async () => {
    const res = await http.get("/api/instructor/availability", demoToken);
    expect(res.status).toBe(200);
    const weekday = { ranges: [{ start: "08:00", end: "18:00" }] };
    expect(res.body.weekly).toEqual([
      { weekday: 0, ranges: [] },
      { weekday: 1, ...weekday },
      { weekday: 2, ...weekday },
      { weekday: 3, ...weekday },
      { weekday: 4, ...weekday },
      { weekday: 5, ...weekday },
      { weekday: 6, ranges: [{ start: "09:00", end: "13:00" }] },
    ]);
    expect(res.body).toMatchObject({
      exceptions: [],
      poolOptIn: true,
      suburbs: ["Sydney CBD", "North Sydney", "Chatswood", "Parramatta", "Bondi"],
      standardRate: 75,
      poolRate: 48.75,
    });
  });

  it("replaces the weekly hours and reports (without cancelling) lessons left outside them", async () => {
    const ivy = await newInstructor(http, db());
    const wednesday = nextDateOn(3);
    const lesson = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: at(wednesday, 16 * 60),
    });
    const inside = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: at(wednesday, 9 * 60),
    });

    const res = await http.put(
      "/api/instructor/availability/weekly",
      {
        weekly: [
          {
            weekday: 3,
            ranges: [
              { start: "08:30", end: "12:00" },
              { start: "12:00", end: "15:30" },
            ],
          },
          { weekday: 1, ranges: [{ start: "06:00", end: "24:00" }] },
        ],
      },
      ivy.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.availability.weekly[3]).toEqual({
      weekday: 3,
      ranges: [
        { start: "08:30", end: "12:00" },
        { start: "12:00", end: "15:30" },
      ],
    });
    expect(res.body.availability.weekly[1].ranges).toEqual([{ start: "06:00", end: "24:00" }]);
    expect(res.body.availability.weekly[5].ranges).toEqual([]);
    expect(res.body.affectedBookings.map((b: { id: string }) => b.id)).toEqual([lesson]);
    expect(res.body.affectedBookings[0]).toMatchObject({
      status: "SCHEDULED",
      reasons: ["OUTSIDE_HOURS"],
      student: { firstName: "Sam", phone: "0412 345 678" },
    });
    expect(res.body.warning).toMatch(/1 scheduled lesson no longer fits/);
    expect(res.body.warning).toMatch(/NOT been cancelled/);
    expect((await readBooking(db(), lesson)).status).toBe("SCHEDULED");
    expect((await readBooking(db(), inside)).status).toBe("SCHEDULED");

    const after = await http.get("/api/instructor/availability", ivy.token);
    expect(after.body.weekly).toEqual(res.body.availability.weekly);

    // Putting the hours back clears the warning; an empty list takes every day off.
    const back = await http.put(
      "/api/instructor/availability/weekly",
      { weekly: [{ weekday: 3, ranges: [{ start: "08:00", end: "18:00" }] }] },
      ivy.token,
    );
    expect(back.body).toMatchObject({ affectedBookings: [], warning: null });
    const none = await http.put("/api/instructor/availability/weekly", { weekly: [] }, ivy.token);
    expect(none.body.affectedBookings).toHaveLength(2);
    expect(none.body.warning).toMatch(/2 scheduled lessons no longer fit/);
  });

  it.each([
    [{ weekly: [{ weekday: 1, ranges: [{ start: "9:00", end: "12:00" }] }] }, "Use HH:mm"],
    [{ weekly: [{ weekday: 1, ranges: [{ start: "09:15", end: "12:00" }] }] }, "Use HH:mm"],
    [{ weekly: [{ weekday: 1, ranges: [{ start: "25:00", end: "26:00" }] }] }, "Use HH:mm"],
    [
      { weekly: [{ weekday: 1, ranges: [{ start: "12:00", end: "12:00" }] }] },
      "End time must be after start time",
    ],
    [
      { weekly: [{ weekday: 1, ranges: [{ start: "14:00", end: "10:00" }] }] },
      "End time must be after start time",
    ],
    [
      {
        weekly: [
          {
            weekday: 2,
            ranges: [
              { start: "13:00", end: "17:00" },
              { start: "09:00", end: "13:30" },
            ],
          },
        ],
      },
      "Tuesday: 09:00–13:30 overlaps 13:00–17:00",
    ],
    [
      {
        weekly: [
          { weekday: 2, ranges: [] },
          { weekday: 2, ranges: [] },
        ],
      },
      "Tuesday is listed twice",
    ],
    [{ weekly: [{ weekday: 7, ranges: [] }] }, undefined],
    [{ weekly: "all week" }, undefined],
    [{}, undefined],
  ])("rejects weekly hours %j with 400", async (body, message) => {
    const before = await http.get("/api/instructor/availability", demoToken);
    const res = await http.put("/api/instructor/availability/weekly", body, demoToken);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    if (message) expect(messages(res.body).join(" | ")).toContain(message);
    expect((await http.get("/api/instructor/availability", demoToken)).body.weekly).toEqual(
      before.body.weekly,
    );
  });

  it("adds a day off, time off and extra hours for one date, and reports lessons they strand", async () => {
    const ivy = await newInstructor(http, db());
    await http.put(
      "/api/instructor/availability/weekly",
      { weekly: [{ weekday: 4, ranges: [{ start: "08:00", end: "18:00" }] }] },
      ivy.token,
    );
    const thursday = nextDateOn(4);
    const lesson = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: at(thursday, 10 * 60),
    });

    const off = await http.post(
      "/api/instructor/availability/exceptions",
      { date: thursday, kind: "CLOSED", note: "Car service" },
      ivy.token,
    );
    expect(off.status).toBe(201);
    expect(off.body.availability.exceptions).toEqual([
      { id: expect.any(String), date: thursday, kind: "CLOSED", start: null, end: null, note: "Car service" },
    ]);
    expect(off.body.affectedBookings.map((b: { id: string }) => b.id)).toEqual([lesson]);
    expect(off.body.warning).toMatch(/NOT been cancelled/);
    expect((await readBooking(db(), lesson)).status).toBe("SCHEDULED");

    // A second day off on that date, or different hours on it, conflict with the first.
    const twice = await http.post(
      "/api/instructor/availability/exceptions",
      { date: thursday, kind: "CLOSED" },
      ivy.token,
    );
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("conflict");

    // The clash is part of the availability itself, so it is still reported on a later load and after
    // an unrelated change, until it is resolved.
    const reloaded = await http.get("/api/instructor/availability", ivy.token);
    expect(reloaded.body.conflicts.map((b: { id: string; reasons: string[] }) => [b.id, b.reasons])).toEqual([
      [lesson, ["OUTSIDE_HOURS"]],
    ]);
    const rate = await http.patch("/api/instructor/settings", { standardRate: 81 }, ivy.token);
    expect(rate.body.availability.conflicts.map((b: { id: string }) => b.id)).toEqual([lesson]);

    const closedId = off.body.availability.exceptions[0].id;
    const removed = await http.delete(`/api/instructor/availability/exceptions/${closedId}`, ivy.token);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ affectedBookings: [], warning: null });
    expect(removed.body.availability.exceptions).toEqual([]);
    expect((await http.get("/api/instructor/availability", ivy.token)).body.conflicts).toEqual([]);

    // Time off 09:00–11:00 takes only that time off: the 10:00 lesson is out, the rest of the day stays…
    const timeOff = await http.post(
      "/api/instructor/availability/exceptions",
      { date: thursday, kind: "CLOSED", start: "09:00", end: "11:00", note: "Dentist" },
      ivy.token,
    );
    expect(timeOff.status).toBe(201);
    expect(timeOff.body.availability.exceptions).toEqual([
      {
        id: expect.any(String),
        date: thursday,
        kind: "CLOSED",
        start: "09:00",
        end: "11:00",
        note: "Dentist",
      },
    ]);
    expect(timeOff.body.affectedBookings.map((b: { id: string }) => b.id)).toEqual([lesson]);
    // …extra hours 10:00–11:00 over it give that hour back (extra hours win over time off)…
    const back = await http.post(
      "/api/instructor/availability/exceptions",
      { date: thursday, kind: "OPEN", start: "10:00", end: "11:00" },
      ivy.token,
    );
    expect(back.status).toBe(201);
    expect(back.body.affectedBookings).toEqual([]);
    expect(
      back.body.availability.exceptions.map((e: { kind: string; start: string }) => [e.kind, e.start]),
    ).toEqual([
      ["CLOSED", "09:00"],
      ["OPEN", "10:00"],
    ]);
    // …and extra hours after the weekly ones add to them.
    const evening = await http.post(
      "/api/instructor/availability/exceptions",
      { date: thursday, kind: "OPEN", start: "18:00", end: "20:00" },
      ivy.token,
    );
    expect(evening.status).toBe(201);

    // Two extra-hours windows, or two time-off windows, may not overlap; nor may time off lie over extra
    // hours (it would change nothing); a whole day off conflicts with anything else on the date.
    const overlapping = await http.post(
      "/api/instructor/availability/exceptions",
      { date: thursday, kind: "OPEN", start: "19:00", end: "21:00" },
      ivy.token,
    );
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.error).toMatchObject({
      code: "invalid_range",
      message: expect.stringMatching(
        /^These extra hours overlap extra hours already set for .* \(18:00–20:00\)$/,
      ),
    });
    const offTwice = await http.post(
      "/api/instructor/availability/exceptions",
      { date: thursday, kind: "CLOSED", start: "08:00", end: "09:30" },
      ivy.token,
    );
    expect(offTwice.status).toBe(400);
    expect(offTwice.body.error.message).toMatch(
      /^This time off overlaps time off already set for .* \(09:00–11:00\)$/,
    );
    const offOverExtra = await http.post(
      "/api/instructor/availability/exceptions",
      { date: thursday, kind: "CLOSED", start: "19:00", end: "20:00" },
      ivy.token,
    );
    expect(offOverExtra.status).toBe(400);
    expect(offOverExtra.body.error.message).toMatch(
      /overlaps extra hours set for .*; remove or change those instead$/,
    );
    const dayOff = await http.post(
      "/api/instructor/availability/exceptions",
      { date: thursday, kind: "CLOSED" },
      ivy.token,
    );
    expect(dayOff.status).toBe(409);
    expect(dayOff.body.error.message).toMatch(/already has time off or extra hours; remove them first/);
    // Touching windows are fine.
    const touching = await http.post(
      "/api/instructor/availability/exceptions",
      { date: thursday, kind: "CLOSED", start: "11:00", end: "12:00" },
      ivy.token,
    );
    expect(touching.status).toBe(201);
  });

  it("keeps the rest of the day's hours around extra hours at 02:00–03:00 (slots over HTTP)", async () => {
    const ivy = await newInstructor(http, db());
    await http.put(
      "/api/instructor/availability/weekly",
      { weekly: [{ weekday: 3, ranges: [{ start: "08:00", end: "12:00" }] }] },
      ivy.token,
    );
    const wednesday = nextDateOn(3);
    const student = (await http.login("student@demo.test")).accessToken;
    const startsOn = async () => {
      const query = new URLSearchParams({
        suburb: "Parramatta",
        instructorId: ivy.id,
        startDate: wednesday,
        endDate: wednesday,
      });
      const res = await http.get(`/api/student/slots?${query}`, student);
      expect(res.status).toBe(200);
      return (res.body as Array<{ startTime: string }>).map((slot) => slot.startTime);
    };
    const usual = [8, 9, 10, 11].map((hour) => at(wednesday, hour * 60).toISOString());
    expect((await startsOn()).map((iso) => new Date(iso).toISOString())).toEqual(usual);

    const night = await http.post(
      "/api/instructor/availability/exceptions",
      { date: wednesday, kind: "OPEN", start: "02:00", end: "03:00" },
      ivy.token,
    );
    expect(night.status).toBe(201);
    expect((await startsOn()).map((iso) => new Date(iso).toISOString())).toEqual([
      at(wednesday, 2 * 60).toISOString(),
      ...usual,
    ]);

    // Time off 09:00–10:00 takes out that hour only.
    const off = await http.post(
      "/api/instructor/availability/exceptions",
      { date: wednesday, kind: "CLOSED", start: "09:00", end: "10:00" },
      ivy.token,
    );
    expect(off.status).toBe(201);
    expect((await startsOn()).map((iso) => new Date(iso).toISOString())).toEqual([
      at(wednesday, 2 * 60).toISOString(),
      at(wednesday, 8 * 60).toISOString(),
      at(wednesday, 10 * 60).toISOString(),
      at(wednesday, 11 * 60).toISOString(),
    ]);
  });

  it("refuses an override that lies in the past, and allows what still changes the day", async () => {
    const realNow = t.clock.now;
    // 03:56 in Sydney tomorrow: the report (02:00–03:00 added at 03:56 the same day).
    const tomorrow = addDaysToDate(sydneyTodayDate(realNow), 1);
    t.clock.now = at(tomorrow, 3 * 60 + 56);
    try {
      const ivy = await newInstructor(http, db());
      const today = tomorrow;
      const post = (body: Record<string, unknown>) =>
        http.post("/api/instructor/availability/exceptions", { date: today, ...body }, ivy.token);

      for (const body of [
        { kind: "OPEN", start: "02:00", end: "03:00" },
        { kind: "CLOSED", start: "01:00", end: "03:30" },
      ]) {
        const res = await post(body);
        expect(res.status).toBe(400);
        expect(res.body.error).toMatchObject({
          code: "validation_error",
          message: "These hours have already passed today (it is 03:56 in Sydney)",
          details: [
            { path: "end", message: "These hours have already passed today (it is 03:56 in Sydney)" },
          ],
        });
      }
      // Extra hours today need a lesson start still to come: 03:00–04:30 holds none after 03:56.
      const rest = await post({ kind: "OPEN", start: "03:00", end: "04:30" });
      expect(rest.status).toBe(400);
      expect(rest.body.error.message).toBe(
        "What is left of these hours today is too short for a 60-minute lesson (lessons start on the hour)",
      );
      const yesterday = await http.post(
        "/api/instructor/availability/exceptions",
        { date: addDaysToDate(today, -1), kind: "OPEN", start: "09:00", end: "12:00" },
        ivy.token,
      );
      expect(yesterday.status).toBe(400);
      expect(yesterday.body.error.message).toBe("The date cannot be in the past");
      expect((await http.get("/api/instructor/availability", ivy.token)).body.exceptions).toEqual([]);

      // What still changes the day is fine: time off 03:00–09:00 (not over yet), extra hours 03:00–05:00
      // (a 04:00 lesson), a whole day off today (it takes off the hours still to come).
      expect((await post({ kind: "CLOSED", start: "03:00", end: "09:00" })).status).toBe(201);
      expect((await post({ kind: "OPEN", start: "03:00", end: "05:00" })).status).toBe(201);
      const other = await newInstructor(http, db());
      const dayOff = await http.post(
        "/api/instructor/availability/exceptions",
        { date: today, kind: "CLOSED" },
        other.token,
      );
      expect(dayOff.status).toBe(201);
    } finally {
      t.clock.now = realNow;
    }
  });

  it("accepts an exception for today but not for a past date", async () => {
    const today = sydneyTodayDate(t.clock.now);
    const ivy = await newInstructor(http, db());
    const ok = await http.post(
      "/api/instructor/availability/exceptions",
      { date: today, kind: "CLOSED" },
      ivy.token,
    );
    expect(ok.status).toBe(201);
    const past = await http.post(
      "/api/instructor/availability/exceptions",
      { date: addDaysToDate(today, -1), kind: "CLOSED" },
      ivy.token,
    );
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe("The date cannot be in the past");
  });

  it.each([
    [{ date: "2031-02-30", kind: "CLOSED" }, "Not a real calendar date"],
    [{ date: "30/01/2031", kind: "CLOSED" }, "Use the format YYYY-MM-DD"],
    [
      { date: "2031-01-30", kind: "HOLIDAY" },
      "kind must be CLOSED (a day off, or time off with start and end) or OPEN (extra hours)",
    ],
    [{ date: "2031-01-30", kind: "OPEN", end: "12:00" }, "Start time is required for extra hours"],
    [{ date: "2031-01-30", kind: "OPEN", start: "12:00", end: "11:00" }, "End time must be after start time"],
    [
      { date: "2031-01-30", kind: "CLOSED", start: "12:00", end: "12:00" },
      "End time must be after start time",
    ],
    [{ date: "2031-01-30", kind: "OPEN", start: "12:10", end: "13:00" }, "Use HH:mm"],
    [
      { date: "2031-01-30", kind: "CLOSED", start: "09:00" },
      "Give both a start and an end time for time off, or neither for a whole day off",
    ],
    [
      { date: "2031-01-30", kind: "OPEN", start: "09:00", end: "09:30" },
      "These hours are too short for a 60-minute lesson (lessons start on the hour)",
    ],
    [
      { date: "2031-01-30", kind: "OPEN", start: "09:30", end: "10:30" },
      "These hours are too short for a 60-minute lesson (lessons start on the hour)",
    ],
    // 2031-10-05: the clocks go from 02:00 to 03:00, so 02:00–03:00 holds no lesson that day.
    [
      { date: "2031-10-05", kind: "OPEN", start: "02:00", end: "03:00" },
      "These hours are too short for a 60-minute lesson (lessons start on the hour)",
    ],
    [{ date: "2031-01-30", kind: "CLOSED", note: "x".repeat(201) }, "Note is too long"],
  ])("rejects the exception %j with 400", async (body, message) => {
    const res = await http.post("/api/instructor/availability/exceptions", body, demoToken);
    expect(res.status).toBe(400);
    expect(messages(res.body).join(" | ")).toContain(message);
  });

  it("lets an instructor delete only their own exceptions (404 otherwise)", async () => {
    const owner = await newInstructor(http, db());
    const intruder = await newInstructor(http, db());
    const date = nextDateOn(2);
    const created = await http.post(
      "/api/instructor/availability/exceptions",
      { date, kind: "CLOSED" },
      owner.token,
    );
    const id = created.body.availability.exceptions[0].id;

    const res = await http.delete(`/api/instructor/availability/exceptions/${id}`, intruder.token);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    const unknown = await http.delete(
      `/api/instructor/availability/exceptions/${UNKNOWN_ID}`,
      intruder.token,
    );
    expect(unknown.body).toEqual(res.body);
    const rows = await db().select().from(availabilityExceptions).where(eq(availabilityExceptions.id, id));
    expect(rows).toHaveLength(1);
    // The intruder cannot see it either.
    expect((await http.get("/api/instructor/availability", intruder.token)).body.exceptions).toEqual([]);
    expect((await http.delete("/api/instructor/availability/exceptions/nope", owner.token)).status).toBe(400);
    expect((await http.delete(`/api/instructor/availability/exceptions/${id}`, owner.token)).status).toBe(
      200,
    );
    expect((await http.delete(`/api/instructor/availability/exceptions/${id}`, owner.token)).status).toBe(
      404,
    );
  });

  it("takes leave over a date range: whole days off, skipping days off already, audited once", async () => {
    const ivy = await newInstructor(http, db());
    await http.put(
      "/api/instructor/availability/weekly",
      { weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ start: "08:00", end: "18:00" }] })) },
      ivy.token,
    );
    const monday = nextDateOn(1);
    const [tuesday, wednesday, friday] = [
      addDaysToDate(monday, 1),
      addDaysToDate(monday, 2),
      addDaysToDate(monday, 4),
    ];
    const lesson = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: at(wednesday, 10 * 60),
    });
    const after = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: at(addDaysToDate(monday, 7), 10 * 60),
    });
    // Tuesday is a day off already; Friday has time off in the afternoon.
    const post = (body: Record<string, unknown>) =>
      http.post("/api/instructor/availability/exceptions", body, ivy.token);
    expect((await post({ date: tuesday, kind: "CLOSED", note: "Car service" })).status).toBe(201);
    expect((await post({ date: friday, kind: "CLOSED", start: "13:00", end: "18:00" })).status).toBe(201);

    const res = await http.post(
      "/api/instructor/availability/leave",
      { startDate: monday, endDate: friday },
      ivy.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.leave).toEqual({
      added: [monday, wednesday, addDaysToDate(monday, 3), friday],
      skipped: [tuesday],
    });
    expect(res.body.affectedBookings.map((b: { id: string }) => b.id)).toEqual([lesson]);
    expect(res.body.warning).toMatch(/NOT been cancelled/);
    expect((await readBooking(db(), lesson)).status).toBe("SCHEDULED");
    expect((await readBooking(db(), after)).status).toBe("SCHEDULED");
    const shown = res.body.availability.exceptions.map(
      (e: { date: string; start: string | null; note: string | null }) => [e.date, e.start, e.note],
    );
    expect(shown).toEqual(
      expect.arrayContaining([
        [monday, null, "Leave"],
        [tuesday, null, "Car service"],
        [friday, null, "Leave"],
        [friday, "13:00", null],
      ]),
    );
    expect(shown).toHaveLength(6);

    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, ivy.id));
    const leave = audit.filter((a) => a.action === "availability.leave_add");
    expect(leave).toHaveLength(1);
    expect(leave[0]?.details).toMatchObject({
      after: { startDate: monday, endDate: friday, note: "Leave", skipped: [tuesday] },
    });

    // Again over the same days: nothing left to add. A note of its own is kept.
    const again = await http.post(
      "/api/instructor/availability/leave",
      { startDate: monday, endDate: addDaysToDate(monday, 7), note: "  Holiday in Bali " },
      ivy.token,
    );
    expect(again.status).toBe(201);
    expect(again.body.leave.added).toEqual([
      addDaysToDate(monday, 5),
      addDaysToDate(monday, 6),
      addDaysToDate(monday, 7),
    ]);
    expect(again.body.availability.exceptions.at(-1)).toMatchObject({
      kind: "CLOSED",
      note: "Holiday in Bali",
    });
    expect(again.body.affectedBookings.map((b: { id: string }) => b.id).sort()).toEqual(
      [lesson, after].sort(),
    );
  });

  it("refuses leave in the past, backwards or longer than 90 days, with 400", async () => {
    const today = sydneyTodayDate(t.clock.now);
    const ivy = await newInstructor(http, db());
    const leave = (body: Record<string, unknown>) =>
      http.post("/api/instructor/availability/leave", body, ivy.token);

    const past = await leave({ startDate: addDaysToDate(today, -1), endDate: addDaysToDate(today, 2) });
    expect(past.status).toBe(400);
    expect(past.body.error).toMatchObject({
      code: "validation_error",
      message: "Leave cannot start in the past",
    });
    for (const [body, message] of [
      [
        { startDate: addDaysToDate(today, 5), endDate: addDaysToDate(today, 4) },
        "The last day of leave must not be before the first",
      ],
      [{ startDate: today, endDate: addDaysToDate(today, 90) }, "Leave can cover at most 90 days at a time"],
      [{ startDate: "2031-02-30", endDate: "2031-03-02" }, "Not a real calendar date"],
      [{ startDate: today }, undefined],
    ] as const) {
      const res = await leave(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      if (message) expect(messages(res.body)).toContain(message);
    }
    expect((await http.get("/api/instructor/availability", ivy.token)).body.exceptions).toEqual([]);

    // Today, and exactly 90 days, are fine, and students can no longer book those days.
    await http.put(
      "/api/instructor/availability/weekly",
      {
        weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
          weekday,
          ranges: [{ start: "08:00", end: "18:00" }],
        })),
      },
      ivy.token,
    );
    const student = (await http.login("student@demo.test")).accessToken;
    const query = new URLSearchParams({
      suburb: "Parramatta",
      instructorId: ivy.id,
      startDate: addDaysToDate(today, 1),
      endDate: addDaysToDate(today, 14),
    });
    const before = await http.get(`/api/student/slots?${query}`, student);
    expect(before.body.length).toBeGreaterThan(0);
    const longest = await leave({ startDate: today, endDate: addDaysToDate(today, 89) });
    expect(longest.status).toBe(201);
    expect(longest.body.leave.added).toHaveLength(90);
    expect(longest.body.availability.exceptions).toHaveLength(90);
    const slots = await http.get(`/api/student/slots?${query}`, student);
    expect(slots.status).toBe(200);
    expect(slots.body).toEqual([]);
    // Only instructors take leave.
    expect(
      (await http.post("/api/instructor/availability/leave", { startDate: today, endDate: today }, student))
        .status,
    ).toBe(403);
  });

  it("audits weekly hours and date overrides with before and after", async () => {
    const ivy = await newInstructor(http, db());
    const weekly = [{ weekday: 1, ranges: [{ start: "09:00", end: "12:00" }] }];
    expect((await http.put("/api/instructor/availability/weekly", { weekly }, ivy.token)).status).toBe(200);
    const date = addDaysToDate(sydneyTodayDate(t.clock.now), 7);
    const added = await http.post(
      "/api/instructor/availability/exceptions",
      { date, kind: "CLOSED" },
      ivy.token,
    );
    expect(added.status).toBe(201);
    const exceptionId = added.body.availability.exceptions[0].id as string;
    expect(
      (await http.delete(`/api/instructor/availability/exceptions/${exceptionId}`, ivy.token)).status,
    ).toBe(200);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, ivy.id));
    const byAction = Object.fromEntries(audit.map((a) => [a.action, a.details]));
    expect(byAction["availability.hours_replace"]).toMatchObject({
      after: [{ weekday: 1, start: "09:00", end: "12:00" }],
    });
    expect(byAction["availability.override_add"]).toMatchObject({
      before: null,
      after: { date, kind: "CLOSED" },
    });
    expect(byAction["availability.override_remove"]).toMatchObject({
      before: { id: exceptionId, date, kind: "CLOSED" },
      after: null,
    });
  });
});
