import { addDaysToDate, sydneyTodayDate, sydneyWallTimeToInstant, sydneyWeekday } from "@kerb/shared/rules";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog, availabilityExceptions } from "../../db/schema/index.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import {
  insertLesson,
  newInstructor,
  readBooking,
  userIdByEmail,
} from "../instructors/instructor-test-fixtures.ts";

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

  it("adds a day off and different hours for one date, and reports lessons they strand", async () => {
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

    // Different hours replace the weekly ones on that date: 12:00–16:00 leaves the 10:00 lesson out…
    const late = await http.post(
      "/api/instructor/availability/exceptions",
      { date: thursday, kind: "OPEN", start: "12:00", end: "16:00" },
      ivy.token,
    );
    expect(late.status).toBe(201);
    expect(late.body.availability.exceptions[0]).toMatchObject({
      kind: "OPEN",
      start: "12:00",
      end: "16:00",
      note: null,
    });
    expect(late.body.affectedBookings.map((b: { id: string }) => b.id)).toEqual([lesson]);
    // …and adding 09:30–11:00 as well covers it again.
    const early = await http.post(
      "/api/instructor/availability/exceptions",
      { date: thursday, kind: "OPEN", start: "09:30", end: "11:00" },
      ivy.token,
    );
    expect(early.status).toBe(201);
    expect(early.body.affectedBookings).toEqual([]);
    expect(early.body.availability.exceptions.map((e: { start: string }) => e.start)).toEqual([
      "09:30",
      "12:00",
    ]);

    const overlapping = await http.post(
      "/api/instructor/availability/exceptions",
      { date: thursday, kind: "OPEN", start: "10:30", end: "12:30" },
      ivy.token,
    );
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.error.code).toBe("invalid_range");
    const dayOff = await http.post(
      "/api/instructor/availability/exceptions",
      { date: thursday, kind: "CLOSED" },
      ivy.token,
    );
    expect(dayOff.status).toBe(409);
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
    [{ date: "2031-01-30", kind: "HOLIDAY" }, "kind must be CLOSED (day off) or OPEN (different hours)"],
    [{ date: "2031-01-30", kind: "OPEN", end: "12:00" }, "Start time is required for different hours"],
    [{ date: "2031-01-30", kind: "OPEN", start: "12:00", end: "11:00" }, "End time must be after start time"],
    [{ date: "2031-01-30", kind: "OPEN", start: "12:10", end: "13:00" }, "Use HH:mm"],
    [{ date: "2031-01-30", kind: "CLOSED", start: "09:00" }, "A day off has no start or end time"],
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
