import { count } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  auditLog,
  availabilityExceptions,
  bookings,
  instructorProfiles,
  refreshTokens,
  studentProfiles,
  users,
} from "../db/schema/index.ts";
import { api, instructorPayload, studentPayload } from "../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../test/test-app.ts";

// PostgreSQL cannot store NUL in text: before the shared schemas refused control characters, each of
// these requests reached the database and answered 500 (and logged the failed INSERT's parameters).
const NUL = "\u0000";
const inText = `Ann${NUL}e`;

describeEachDatabase("control characters in text fields", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let student: string;
  let instructor: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    student = (await http.login("student@demo.test")).accessToken;
    instructor = (await http.login("instructor@demo.test")).accessToken;
    admin = (await http.login("admin@demo.test")).accessToken;
  });
  afterAll(() => t.close());

  async function rowCounts() {
    const db = t.database.db;
    const tables = {
      users,
      studentProfiles,
      instructorProfiles,
      availabilityExceptions,
      bookings,
      refreshTokens,
      auditLog,
    };
    const counts: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) {
      const [row] = await db.select({ n: count() }).from(table);
      counts[name] = row?.n ?? -1;
    }
    return counts;
  }

  const expectRejected = (res: { status: number; body: { error?: { code: string; message: string } } }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error?.code).toBe("validation_error");
  };

  it("answers 400 validation_error on every route that takes free text, and writes nothing", async () => {
    const before = await rowCounts();
    const q = encodeURIComponent(inText);

    for (const field of ["firstName", "lastName", "phone", "email", "suburb"]) {
      const value = field === "email" ? `ann${NUL}@example.com` : inText;
      const res = await http.post("/api/auth/register/student", studentPayload({ [field]: value }));
      expectRejected(res);
      if (field !== "email") expect(res.body.error.message).toMatch(/control characters/);
    }
    for (const override of [
      { firstName: inText },
      { licenseNumber: `NSW${NUL}1` },
      { languages: ["English", inText] },
    ]) {
      expectRejected(await http.post("/api/auth/register/instructor", instructorPayload(override)));
    }
    expectRejected(await http.post("/api/auth/login", { email: `a${NUL}@demo.test`, password: "x" }));

    expectRejected(
      await http.post(
        "/api/instructor/availability/exceptions",
        { date: "2099-01-05", kind: "CLOSED", note: `Dentist${NUL}` },
        instructor,
      ),
    );

    expectRejected(await http.get(`/api/admin/users?search=${q}`, admin));
    expectRejected(
      await http.post(
        "/api/admin/instructors/00000000-0000-4000-8000-000000000000/reject",
        { reason: inText },
        admin,
      ),
    );
    expectRejected(
      await http.post(
        "/api/admin/bookings/00000000-0000-4000-8000-000000000000/cancel",
        { reason: inText },
        admin,
      ),
    );

    expectRejected(await http.get(`/api/student/instructors?suburb=Parramatta&language=${q}`, student));
    expectRejected(await http.get(`/api/student/instructors?suburb=${q}`, student));
    const range = "startDate=2099-01-05&endDate=2099-01-06";
    expectRejected(await http.get(`/api/student/availability-summary?suburb=${q}&${range}`, student));
    expectRejected(await http.get(`/api/student/slots?suburb=${q}&${range}`, student));
    expectRejected(
      await http.post(
        "/api/student/bookings/batch",
        {
          bookings: [
            {
              startTime: "2099-01-05T10:00:00+11:00",
              endTime: "2099-01-05T11:00:00+11:00",
              price: 75,
              isPoolHours: false,
              pickupLocation: `Gate${NUL}2`,
            },
          ],
        },
        student,
      ),
    );

    // Exactly the rows the sign-ins above wrote (refresh tokens), nothing else.
    expect(await rowCounts()).toEqual(before);
  });

  it("still accepts tabs and newlines in a note", async () => {
    const res = await http.post(
      "/api/instructor/availability/exceptions",
      { date: "2099-01-06", kind: "CLOSED", note: "Dentist\n\tthen school run" },
      instructor,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it("answers a NUL in a path parameter with a 4xx too, never a 500", async () => {
    const res = await http.get("/api/calendar/%00.ics");
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
