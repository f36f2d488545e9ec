import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { instructorProfiles } from "../../db/schema/index.ts";
import { formatUtc } from "../../lib/ical.ts";
import {
  addHours,
  insertLesson,
  insertPaidLesson,
  newInstructor,
  newStudent,
  userIdByEmail,
} from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

/** Unfolds continuation lines (RFC 5545 §3.1) and splits on CRLF. */
const contentLines = (ics: string) => ics.replace(/\r\n /g, "").split("\r\n");

describeEachDatabase("calendar feed", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let studentId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    studentId = await userIdByEmail(t.database.db, "student@demo.test");
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const feed = (url: string) => t.app.inject({ method: "GET", url });

  it("serves the seeded instructor's scheduled lessons as iCalendar, without signing in", async () => {
    const demo = await http.login("instructor@demo.test");
    const { url } = (await http.post("/api/instructor/calendar-token", undefined, demo.accessToken)).body;
    const res = await feed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    const ics = res.body;
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    // Every line ends in CRLF: no bare LF anywhere.
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);

    const lines = contentLines(ics);
    // The seed's scheduled lessons and its history (taught, missed, cancelled) are all in the feed.
    expect(lines).toContain("SUMMARY:Driving lesson – Sam");
    expect(lines).toContain("LOCATION:Town Hall station\\, George St entrance");
    expect(lines).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT1H");
    expect(lines).toContain("X-PUBLISHED-TTL:PT1H");
    const profile = (await http.get("/api/instructor/profile", demo.accessToken)).body;
    const inFeed = profile.bookings.filter((b: { status: string }) =>
      ["SCHEDULED", "COMPLETED", "NO_SHOW", "CANCELLED"].includes(b.status),
    );
    // Sam's hour awaiting its mark and his lesson to come; Tess's test package awaiting its result.
    expect(inFeed.filter((b: { status: string }) => b.status === "SCHEDULED")).toHaveLength(3);
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(inFeed.length);
    for (const lesson of inFeed) {
      expect(lines).toContain(`UID:${lesson.id}@kerb`);
      expect(lines).toContain(`DTSTART:${formatUtc(new Date(lesson.startTime))}`);
      expect(lines).toContain(`DTEND:${formatUtc(new Date(lesson.endTime))}`);
    }
    expect(lines.find((l) => l.startsWith("DTSTART:"))).toMatch(/^DTSTART:\d{8}T\d{6}Z$/);
    expect(lines.find((l) => l.startsWith("DTSTAMP:"))).toBe(`DTSTAMP:${formatUtc(t.clock.now)}`);
  });

  it("keeps a year of history: taught and missed lessons stay, a cancelled one says so with a higher SEQUENCE", async () => {
    const ivy = await newInstructor(http, db());
    const hour = (h: number) =>
      new Date(Math.floor(addHours(t.clock.now, h).getTime() / 3_600_000) * 3_600_000);
    const taught = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: hour(-72),
      status: "COMPLETED",
    });
    const missed = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: hour(-48),
      status: "NO_SHOW",
    });
    await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: hour(-24 * 400),
      status: "COMPLETED",
    });
    const ahead = await insertPaidLesson(db(), { studentId, instructorId: ivy.id, start: hour(24 * 5) });
    const cancelled = await http.post(
      `/api/instructor/lessons/${ahead.id}/cancel`,
      { reason: "Car in for service" },
      ivy.token,
    );
    expect(cancelled.status).toBe(200);

    const { url } = (await http.post("/api/instructor/calendar-token", undefined, ivy.token)).body;
    const ics = (await feed(url)).body as string;
    const events = ics.replace(/\r\n /g, "").split("BEGIN:VEVENT").slice(1);
    const event = (id: string) => events.find((e) => e.includes(`UID:${id}@kerb`)) ?? "";
    expect(events).toHaveLength(3);
    expect(event(taught)).toContain("SUMMARY:Driving lesson – Sam (completed)");
    expect(event(taught)).toContain("STATUS:CONFIRMED");
    expect(event(missed)).toContain("SUMMARY:Driving lesson – Sam (no-show)");
    expect(event(ahead.id)).toContain("SUMMARY:Cancelled: Driving lesson – Sam");
    expect(event(ahead.id)).toContain("STATUS:CANCELLED");
    expect(event(ahead.id)).toContain("SEQUENCE:1");
  });

  it("escapes text, folds long lines and lists only the owner's scheduled lessons", async () => {
    const ivy = await newInstructor(http, db());
    const other = await newInstructor(http, db());
    const start = new Date(Math.ceil(addHours(t.clock.now, 50).getTime() / 3_600_000) * 3_600_000);
    const pickup = "Unit 4; 12 Church St, Parramatta\\rear gate\nRing bell – 来 ".repeat(2).trim();
    const scheduled = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start,
      pickupLocation: pickup,
    });
    const cancelled = await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(start, 2),
      status: "CANCELLED",
    });
    await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(start, 3),
      status: "PENDING_PAYMENT",
    });
    // Another instructor's lesson at the same hour (with another student: nobody is in two cars).
    const otherStudent = (await newStudent(http)).id;
    await insertLesson(db(), { studentId: otherStudent, instructorId: other.id, start });

    const { url } = (await http.post("/api/instructor/calendar-token", undefined, ivy.token)).body;
    const res = await feed(url);
    expect(res.statusCode).toBe(200);
    for (const line of res.body.split("\r\n"))
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    const lines = contentLines(res.body);
    // The cancelled lesson stays, marked cancelled; the unpaid hold and the other instructor's do not.
    expect(lines.filter((l) => l.startsWith("UID:"))).toEqual([
      `UID:${scheduled}@kerb`,
      `UID:${cancelled}@kerb`,
    ]);
    const escaped = pickup
      .replace(/\\/g, "\\\\")
      .replace(/;/g, "\\;")
      .replace(/,/g, "\\,")
      .replace(/\n/g, "\\n");
    expect(lines).toContain(`LOCATION:${escaped}`);
    expect(lines).toContain(`DTSTART:${formatUtc(start)}`);
  });

  it("stops serving a rotated or revoked token, and answers 404 for unknown ones", async () => {
    const ivy = await newInstructor(http, db());
    const first = (await http.post("/api/instructor/calendar-token", undefined, ivy.token)).body.url;
    expect((await feed(first)).statusCode).toBe(200);

    const second = (await http.post("/api/instructor/calendar-token", undefined, ivy.token)).body.url;
    const stale = await feed(first);
    expect(stale.statusCode).toBe(404);
    expect(stale.json().error.code).toBe("not_found");
    expect((await feed(second)).statusCode).toBe(200);

    await http.delete("/api/instructor/calendar-token", ivy.token);
    expect((await feed(second)).statusCode).toBe(404);

    for (const url of [
      "/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics",
      "/api/calendar/short.ics",
      "/api/calendar/.ics",
      `/api/calendar/${"x".repeat(100)}.ics`,
      "/api/calendar/%27%20or%201%3D1--.ics",
    ]) {
      const res = await feed(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toEqual({ code: "not_found", message: "Calendar feed not found" });
    }
  });

  it("rotates the token with no body or an empty one, and refuses any other body", async () => {
    const ivy = await newInstructor(http, db());
    const rotate = (payload?: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/instructor/calendar-token",
        headers: {
          authorization: `Bearer ${ivy.token}`,
          ...(payload === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(payload === undefined ? {} : { payload }),
      });
    expect((await rotate()).statusCode).toBe(200);
    const made = await rotate("{}");
    expect(made.statusCode).toBe(200);
    const current: string = made.json().url;
    for (const payload of ['{"token":"mine"}', "[]", '"x"']) {
      const res = await rotate(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error.code).toBe("validation_error");
      expect(res.json().error.message).toBe("This request takes no body: send none, or an empty JSON object");
    }
    // A refused request changed nothing: the feed made last still opens.
    expect((await feed(current)).statusCode).toBe(200);
  });

  it("creates, rotates and revokes the calendar feed token", async () => {
    const ivy = await newInstructor(http, db());
    expect((await http.get("/api/instructor/calendar-token", ivy.token)).body).toEqual({ active: false });
    const first = await http.post("/api/instructor/calendar-token", undefined, ivy.token);
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // The URL is given once: afterwards the instructor sees only that a feed is on.
    expect((await http.get("/api/instructor/calendar-token", ivy.token)).body).toEqual({ active: true });

    const second = await http.post("/api/instructor/calendar-token", undefined, ivy.token);
    expect(second.body.url).not.toBe(first.body.url);
    expect((await feed(first.body.url)).statusCode).toBe(404);
    expect((await feed(second.body.url)).statusCode).toBe(200);
    // Only the secret's SHA-256 is stored: the table alone opens no feed.
    const secret = /\/api\/calendar\/(.+)\.ics$/.exec(second.body.url)?.[1] ?? "";
    const [row] = await db()
      .select({ tokenHash: instructorProfiles.calendarTokenHash })
      .from(instructorProfiles)
      .where(eq(instructorProfiles.userId, ivy.id));
    expect(row?.tokenHash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(secret);

    const revoked = await http.delete("/api/instructor/calendar-token", ivy.token);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ ok: true });
    expect((await http.get("/api/instructor/calendar-token", ivy.token)).body).toEqual({ active: false });
    expect((await feed(second.body.url)).statusCode).toBe(404);
    // Turning off a feed that is already off changes nothing and records nothing.
    expect((await http.delete("/api/instructor/calendar-token", ivy.token)).status).toBe(200);

    // The audit log has each step, and never the secret.
    const admin = await http.login("admin@demo.test");
    const log = await http.get(
      `/api/admin/audit-log?actor=${encodeURIComponent(ivy.email)}&action=calendar.`,
      admin.accessToken,
    );
    const actions = (log.body.items as Array<{ action: string }>).map((e) => e.action);
    expect(actions.sort()).toEqual(["calendar.feed_create", "calendar.feed_revoke", "calendar.feed_rotate"]);
    expect(JSON.stringify(log.body)).not.toContain(secret);
  });
});
