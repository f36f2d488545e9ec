import { tmpdir } from "node:os";
import { addDaysToDate, eachDateInRange } from "@kerb/shared/rules";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import type { Database } from "../../db/client.ts";
import * as schema from "../../db/schema/index.ts";
import { users } from "../../db/schema/index.ts";
import { loadEnv } from "../../env.ts";
import { signAccessToken } from "../../lib/access-token.ts";
import { insertBooking, insertInstructor, sydneyAt } from "../../test/fixtures/availability-fixtures.ts";
import { api } from "../../test/http.ts";
import {
  createTestDatabase,
  describeEachDatabase,
  NO_BACKGROUND_JOBS,
  type TestDatabase,
} from "../../test/test-app.ts";
import { findOpenSlots, type OpenSlot } from "./open-slots.ts";

// 11:00 AEDT on START: START and the 30 days after it are the whole booking horizon.
const NOW = new Date("2027-03-02T00:00:00Z");
const START = "2027-03-02";
const weekly = [1, 2, 3, 4, 5, 6].map((d): [number, string, string] => [d, "07:00", "19:00"]);

/**
 * The engine must not issue a query per instructor, day or booking: the same requests over a small
 * suburb (3 instructors × 3 days) and a large one (30 instructors × 31 days, with bookings and
 * exceptions) must run exactly the same number of SQL statements.
 */
describeEachDatabase("availability query count", (kind) => {
  let testDb: TestDatabase;
  let counted: Database;
  let queries = 0;
  let app: FastifyInstance;
  let http: ReturnType<typeof api>;
  let token: string;
  let smallInstructor: string;
  let largeInstructor: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.handle.db;
    // A second drizzle instance on the same connection, whose logger counts every statement.
    const client = (db as unknown as { $client: never }).$client;
    const logger = { logQuery: () => void queries++ };
    counted = (kind === "pglite"
      ? drizzlePglite({ client, schema, casing: "snake_case", logger })
      : drizzlePg({ client, schema, casing: "snake_case", logger })) as unknown as Database;

    // One learner per large-suburb instructor: a student cannot hold two overlapping lessons
    // (bookings_student_no_overlap), and each instructor's bookings below overlap other instructors'.
    const students = await db
      .insert(users)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          email: `count${i}@example.test`,
          passwordHash: "x",
          role: "STUDENT" as const,
          firstName: "C",
          lastName: `Q${i}`,
        })),
      )
      .returning({ id: users.id });
    const [student] = students;
    if (!student) throw new Error("no student");

    for (let i = 0; i < 3; i++) {
      const id = await insertInstructor(db, { suburbs: ["Manly"], rateCents: 6000 + i * 100, rules: weekly });
      smallInstructor ??= id;
    }
    const largeDates = eachDateInRange(START, addDaysToDate(START, 30));
    for (let i = 0; i < 30; i++) {
      const id = await insertInstructor(db, {
        suburbs: ["Sutherland"],
        rateCents: 5000 + i * 100,
        poolOptIn: i % 3 !== 0,
        rules: weekly,
        exceptions: [
          { date: largeDates[i] ?? START, kind: "CLOSED" },
          { date: largeDates[(i + 7) % 31] ?? START, kind: "OPEN", from: "18:00", to: "21:00" },
        ],
      });
      largeInstructor ??= id;
      for (const [k, date] of largeDates.entries()) {
        await insertBooking(db, {
          studentId: students[i]?.id ?? student.id,
          instructorId: id,
          start: sydneyAt(date, `${String(8 + ((i + k) % 10)).padStart(2, "0")}:00`),
          status: k % 4 === 0 ? "PENDING_PAYMENT" : "SCHEDULED",
          holdExpiresAt: new Date(NOW.getTime() + (k % 8 === 0 ? -1 : 1) * 600_000),
        });
      }
    }

    const env = loadEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: tmpdir(),
      JWT_SECRET: "query-count-secret-query-count-secret-0123",
      RATE_LIMIT_MAX: "100000",
      // The outbox's and the scans' timers would add statements to a count taken over several seconds.
      ...NO_BACKGROUND_JOBS,
    });
    app = await buildApp({ env, database: { ...testDb.handle, db: counted }, now: () => NOW, logger: false });
    await app.ready();
    http = api(app);
    const secret = new TextEncoder().encode(env.JWT_SECRET);
    const auth = { secret, issuer: env.JWT_ISSUER, audience: env.JWT_AUDIENCE, accessTtlSeconds: 900 };
    token = (await signAccessToken(auth, { id: student.id, role: "STUDENT", tokenVersion: 0 })).token;
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });
  beforeEach(() => {
    queries = 0;
  });

  async function countQueries(run: () => Promise<unknown>): Promise<number> {
    queries = 0;
    await run();
    return queries;
  }

  const small = { suburb: "Manly" as const, startDate: START, endDate: addDaysToDate(START, 2) };
  const large = { suburb: "Sutherland" as const, startDate: START, endDate: addDaysToDate(START, 30) };

  it("findOpenSlots (the reference engine) runs one query (instructors and their schedules together) for 3 instructors × 3 days and for 30 × 31", async () => {
    let few: OpenSlot[] = [];
    let many: OpenSlot[] = [];
    const smallCount = await countQueries(async () => {
      few = await findOpenSlots(counted, { ...small, now: NOW });
    });
    const largeCount = await countQueries(async () => {
      many = await findOpenSlots(counted, { ...large, now: NOW });
    });
    expect(few.length).toBeGreaterThan(0);
    expect(many.length).toBeGreaterThan(few.length * 30);
    expect(smallCount).toBe(1);
    expect(largeCount).toBe(smallCount);
    const pool = await countQueries(() =>
      findOpenSlots(counted, { ...large, poolHoursOnly: true, now: NOW }),
    );
    expect(pool).toBe(1);
  });

  it("each HTTP endpoint's query count does not grow with the data, and a warm cache costs one query", async () => {
    const get = (path: string, params: Record<string, string>) =>
      http.get(`/api/student/${path}?${new URLSearchParams(params)}`, token);
    const variants = [
      small,
      large,
      { ...small, poolHoursOnly: "true" },
      { ...large, poolHoursOnly: "true" },
      { ...small, instructorId: smallInstructor },
      { ...large, instructorId: largeInstructor },
    ];
    const counts: Record<string, number[]> = {};
    for (const path of ["availability-summary", "slots"]) {
      counts[path] = [];
      for (const params of variants) {
        counts[path].push(
          await countQueries(async () => {
            const res = await get(path, params);
            expect(res.status, JSON.stringify(res.body)).toBe(200);
          }),
        );
      }
    }
    // Every count includes the auth guard's primary-key read of the caller's session state. A suburb's
    // first request: the counters, the instructors, their counters, then rules, exceptions and bookings
    // (7, for 3 instructors as for 30). After that only the counters are read (2).
    expect(counts["availability-summary"]).toEqual([7, 7, 2, 2, 2, 2]);
    expect(counts.slots).toEqual([2, 2, 2, 2, 2, 2]);

    // A new booking raises one instructor's counter: the counters are read, then only that instructor (2 + 1 + 3).
    await insertBooking(testDb.handle.db, {
      studentId: (await testDb.handle.db.select({ id: users.id }).from(users).limit(1))[0]?.id ?? "",
      instructorId: largeInstructor,
      start: sydneyAt(addDaysToDate(START, 3), "20:00"),
      status: "SCHEDULED",
    });
    expect(await countQueries(() => get("slots", large))).toBe(6);
    expect(await countQueries(() => get("slots", large))).toBe(2);

    const listing = [
      await countQueries(() => get("instructors", { suburb: "Manly" })),
      await countQueries(() => get("instructors", { suburb: "Sutherland", experienceLevel: "FAILED_TEST" })),
    ];
    expect(listing).toEqual([2, 2]);
  });
});
