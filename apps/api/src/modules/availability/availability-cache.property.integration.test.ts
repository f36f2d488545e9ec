/**
 * The cached engine (what GET /slots and /availability-summary answer) against the reference engine
 * (databaseSchedules: everything read from the database on each call), on random histories: weekly
 * rules added and removed, days off, time off and extra hours, lessons booked and cancelled in the
 * suburb and in others near and far (travel between them counts), checkout holds that lapse, rate and
 * scheduling changes (buffer, notice, daily cap, teaching on public holidays, lesson lengths offered),
 * questions for lessons of 60, 90 and 120 minutes, and a clock that moves
 * forwards and backwards around both daylight-saving changes, over horizons holding NSW public
 * holidays (Labour Day 05/10/2026, Anzac Day 25–26/04/2027). After every step both must give the
 * same answer.
 */
import { addDaysToDate, sydneyTodayDate } from "@kerb/shared/rules";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  availabilityExceptions,
  availabilityRules,
  bookings,
  instructorProfiles,
  users,
} from "../../db/schema/index.ts";
import { insertBooking, insertInstructor, sydneyAt } from "../../test/fixtures/availability-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { scaled } from "../../test/time-scale.ts";
import { computeAvailability } from "./compute-availability.ts";
import { databaseSchedules } from "./schedule-source.ts";

const SUBURB = "Hornsby";
/** Where the instructors' other lessons are: the suburb itself, a neighbour, and far away. */
const LESSON_SUBURBS = [SUBURB, "Chatswood", "Penrith"] as const;
const HOUR = 3_600_000;
// Around the start of daylight saving (Sunday 4 October 2026), its end (Sunday 4 April 2027), and an
// ordinary week.
const CLOCKS = ["2026-10-02T22:00:00Z", "2027-04-02T13:00:00Z", "2027-02-15T01:00:00Z"].map(
  (iso) => new Date(iso),
);

const hh = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

const step = fc.oneof(
  fc.record({
    type: fc.constant("rule" as const),
    who: fc.nat(2),
    weekday: fc.nat(6),
    from: fc.integer({ min: 0, max: 22 }),
    hours: fc.integer({ min: 1, max: 10 }),
  }),
  fc.record({ type: fc.constant("dropRules" as const), who: fc.nat(2), weekday: fc.nat(6) }),
  fc.record({
    type: fc.constant("exception" as const),
    who: fc.nat(2),
    day: fc.nat(30),
    kind: fc.constantFrom("dayOff" as const, "timeOff" as const, "extraHours" as const),
    from: fc.integer({ min: 0, max: 20 }),
    hours: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({
    type: fc.constant("settings" as const),
    who: fc.nat(2),
    buffer: fc.constantFrom(0, 15, 30, 60),
    notice: fc.constantFrom(2, 5, 24),
    cap: fc.constantFrom(null, 1, 2, 3),
    holidays: fc.boolean(),
    lengths: fc.constantFrom([60], [60, 90], [60, 120], [60, 90, 120]),
  }),
  fc.record({
    type: fc.constant("booking" as const),
    who: fc.nat(2),
    student: fc.nat(3),
    day: fc.nat(30),
    hour: fc.integer({ min: 0, max: 23 }),
    held: fc.boolean(),
    holdMinutes: fc.integer({ min: -30, max: 90 }),
    where: fc.nat(LESSON_SUBURBS.length - 1),
    quarterPast: fc.boolean(),
  }),
  fc.record({ type: fc.constant("cancel" as const), pick: fc.nat() }),
  fc.record({
    type: fc.constant("rate" as const),
    who: fc.nat(2),
    cents: fc.integer({ min: 5000, max: 9000 }),
  }),
  fc.record({ type: fc.constant("clock" as const), minutes: fc.integer({ min: -180, max: 600 }) }),
  // Small moves too, so holds lapse and the two-hour lead time passes starts while nothing else changes.
  fc.record({ type: fc.constant("clock" as const), minutes: fc.integer({ min: -20, max: 45 }) }),
  fc.record({ type: fc.constant("clock" as const), minutes: fc.integer({ min: 1, max: 45 }) }),
);

// Asked after every step as well as the random question: being asked again and again is what gives
// a cache the chance to answer from memory when it should not.
const SENTINELS: QuestionValue[] = [
  { kind: "summary", day: 0, days: 31, poolHoursOnly: false, who: undefined, minutes: undefined },
  { kind: "slots", day: 0, days: 2, poolHoursOnly: false, who: undefined, minutes: undefined },
  { kind: "slots", day: 0, days: 3, poolHoursOnly: true, who: undefined, minutes: undefined },
  { kind: "slots", day: 0, days: 3, poolHoursOnly: false, who: undefined, minutes: 120 },
];

const question = fc.record({
  kind: fc.constantFrom("summary" as const, "slots" as const),
  day: fc.nat(30),
  days: fc.integer({ min: 1, max: 31 }),
  poolHoursOnly: fc.boolean(),
  who: fc.option(fc.nat(2), { nil: undefined }),
  minutes: fc.constantFrom(undefined, 60, 90, 120),
});

describeEachDatabase("availability cache vs the reference engine", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let token: string;
  const instructors: string[] = [];
  const students: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    token = (await http.login("student@demo.test")).accessToken;
    for (const [i, rate] of [6000, 7000, 8000].entries()) {
      instructors.push(
        await insertInstructor(t.database.db, {
          suburbs: [...LESSON_SUBURBS],
          rateCents: rate,
          poolOptIn: i !== 2,
          rating: i === 1 ? null : 4 + i / 10,
          rules: [
            [1, "08:00", "12:00"],
            [3, "13:00", "17:00"],
            [0, "00:00", "06:00"],
          ],
        }),
      );
    }
    const rows = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, "STUDENT"))
      .limit(4);
    students.push(...rows.map((r) => r.id));
  });
  afterAll(() => t.close());

  async function apply(s: StepValue): Promise<void> {
    const db = t.database.db;
    const today = sydneyTodayDate(t.clock.now);
    switch (s.type) {
      case "rule":
        await db.insert(availabilityRules).values({
          instructorId: instructors[s.who] ?? "",
          weekday: s.weekday,
          startMinute: s.from * 60,
          endMinute: Math.min(24, s.from + s.hours) * 60,
        });
        return;
      case "dropRules":
        await db
          .delete(availabilityRules)
          .where(
            and(
              eq(availabilityRules.instructorId, instructors[s.who] ?? ""),
              eq(availabilityRules.weekday, s.weekday),
            ),
          );
        return;
      case "exception": {
        const window = s.kind !== "dayOff";
        await db.insert(availabilityExceptions).values({
          instructorId: instructors[s.who] ?? "",
          date: addDaysToDate(today, s.day),
          kind: s.kind === "extraHours" ? "OPEN" : "CLOSED",
          startMinute: window ? s.from * 60 : null,
          endMinute: window ? Math.min(24, s.from + s.hours) * 60 : null,
        });
        return;
      }
      case "settings":
        await db
          .update(instructorProfiles)
          .set({
            travelBufferMinutes: s.buffer,
            minNoticeHours: s.notice,
            dailyLessonCap: s.cap,
            teachesPublicHolidays: s.holidays,
            lessonLengths: [...s.lengths],
          })
          .where(eq(instructorProfiles.userId, instructors[s.who] ?? ""));
        return;
      case "booking": {
        const date = addDaysToDate(today, s.day);
        let start: Date;
        try {
          // Off the hour too: a lesson elsewhere can end at any time, and the drive from it counts.
          start = new Date(sydneyAt(date, hh(s.hour)).getTime() + (s.quarterPast ? 15 * 60_000 : 0));
        } catch {
          return; // 02:00 on the day daylight saving starts does not exist
        }
        try {
          await insertBooking(db, {
            studentId: students[s.student % students.length] ?? "",
            instructorId: instructors[s.who] ?? "",
            start,
            status: s.held ? "PENDING_PAYMENT" : "SCHEDULED",
            holdExpiresAt: new Date(t.clock.now.getTime() + s.holdMinutes * 60_000),
            suburb: LESSON_SUBURBS[s.where],
          });
        } catch {
          // The database refused an overlapping booking: exactly what it is there for.
        }
        return;
      }
      case "cancel": {
        const active = await db
          .select({ id: bookings.id })
          .from(bookings)
          .where(eq(bookings.status, "SCHEDULED"))
          .orderBy(bookings.id);
        const victim = active[s.pick % Math.max(1, active.length)];
        if (victim) await db.update(bookings).set({ status: "CANCELLED" }).where(eq(bookings.id, victim.id));
        return;
      }
      case "rate":
        await db
          .update(instructorProfiles)
          .set({ standardRateCents: s.cents })
          .where(eq(instructorProfiles.userId, instructors[s.who] ?? ""));
        return;
      case "clock":
        t.clock.now = new Date(t.clock.now.getTime() + s.minutes * 60_000);
        return;
    }
  }

  async function compare(q: QuestionValue): Promise<void> {
    const now = t.clock.now;
    const today = sydneyTodayDate(now);
    const startDate = addDaysToDate(today, q.day);
    const endDate = addDaysToDate(today, Math.min(30, q.day + q.days - 1));
    const instructorId = q.who === undefined ? undefined : instructors[q.who];
    const query = {
      suburb: SUBURB,
      startDate,
      endDate,
      poolHoursOnly: q.poolHoursOnly,
      instructorId,
      lessonMinutes: q.minutes,
    } as const;
    const path = q.kind === "summary" ? "availability-summary" : "slots";
    const params = new URLSearchParams({ suburb: SUBURB, startDate, endDate });
    if (q.poolHoursOnly) params.set("poolHoursOnly", "true");
    if (instructorId) params.set("instructorId", instructorId);
    if (q.minutes !== undefined) params.set("lessonMinutes", String(q.minutes));
    const res = await http.get(`/api/student/${path}?${params}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reference = await computeAvailability(t.database.db, databaseSchedules(t.database.db), q.kind, {
      ...query,
      now,
    });
    expect(res.body, `${q.kind} ${params} at ${now.toISOString()}`).toEqual(reference);
  }

  it(
    "answers exactly as the reference after every change and clock move",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...CLOCKS),
          fc.integer({ min: 0, max: 72 }),
          fc.array(fc.tuple(step, question), { minLength: 1, maxLength: 10 }),
          async (clock, hours, history) => {
            t.clock.now = new Date(clock.getTime() + hours * HOUR);
            for (const q of SENTINELS) await compare(q);
            for (const [change, q] of history) {
              await apply(change);
              await compare(q);
              for (const sentinel of SENTINELS) await compare(sentinel);
            }
          },
        ),
        { numRuns: kind === "pglite" ? 30 : 20, seed: Number(process.env.FC_SEED ?? 20261125) },
      );
    },
    scaled(240_000),
  );
});

type StepValue = typeof step extends fc.Arbitrary<infer T> ? T : never;
type QuestionValue = typeof question extends fc.Arbitrary<infer T> ? T : never;
