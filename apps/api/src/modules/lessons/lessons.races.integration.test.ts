import { addDaysToDate } from "@kerb/shared/rules";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeRows } from "../../db/client.ts";
import {
  asBooking,
  holdLesson,
  type ListedSlot,
  listSlots,
  registerStudent,
  weekdayAhead,
} from "../../test/booking-fixtures.ts";
import { insertBundle } from "../../test/fixtures/instructor-fixtures.ts";
import { bookPaidLesson } from "../../test/fixtures/student-lesson-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { scaled } from "../../test/time-scale.ts";

// Races only mean something with real concurrent connections: PGlite serialises everything.
describe.runIf(process.env.TEST_DATABASE_URL)("concurrent placements of lessons [postgres]", () => {
  let t: TestApp;
  let baseUrl: string;
  let http: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp("postgres", {
      seed: true,
      env: { DATABASE_POOL_SIZE: "20", MAX_HELD_LESSONS: "6" },
    });
    baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    http = api(t.app);
  });
  afterAll(() => t.close());

  const postBatch = (token: string, slots: ListedSlot[]) =>
    fetch(`${baseUrl}/api/student/bookings/batch`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ bookings: slots.map((s) => asBooking(s)) }),
    }).then((r) => r.status);

  const post = (path: string, token: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).then(async (r) => ({
      status: r.status,
      code: ((await r.json()) as { error?: { code: string } }).error?.code,
    }));

  /** A weekday at least `daysAhead` days out on which the instructor has `free` standard hours open. */
  async function roomyDay(instructorId: string, token: string, daysAhead: number, free: number) {
    for (let days = daysAhead; days < daysAhead + 14; days++) {
      const date = weekdayAhead(t.clock.now, days);
      const slots = await listSlots(http, token, { date, instructorId });
      if (slots.filter((s) => !s.isPoolHours).length >= free) return date;
    }
    throw new Error(`no day with ${free} free hours`);
  }

  /** Pairs of active lessons of one instructor or one student that overlap: the constraints allow none. */
  const overlappingLessons = () =>
    executeRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from bookings a join bookings b on a.id < b.id
          and (a.instructor_id = b.instructor_id or a.student_id = b.student_id)
          and a.status in ('SCHEDULED', 'PENDING_PAYMENT') and b.status in ('SCHEDULED', 'PENDING_PAYMENT')
          and tstzrange(a.start_time, a.end_time) && tstzrange(b.start_time, b.end_time)`,
    ).then(([row]) => row?.n);

  const activeLessonsOf = (studentId: string) =>
    executeRows<{ start_time: Date; instructor_id: string }>(
      t.database.db,
      sql`select start_time, instructor_id from bookings where student_id = ${studentId}
          and status in ('PENDING_PAYMENT', 'SCHEDULED')`,
    );

  it("puts one student in one car at a time: of 5 simultaneous batches for 5 instructors at one hour, 1 wins", async () => {
    const student = await registerStudent(http);
    const slots = await listSlots(http, student.accessToken, { date: weekdayAhead(t.clock.now, 4) });
    const byStart = new Map<string, ListedSlot[]>();
    for (const slot of slots.filter((s) => s.instructorId !== null)) {
      byStart.set(slot.startTime, [...(byStart.get(slot.startTime) ?? []), slot]);
    }
    const hour = [...byStart.values()].find((group) => group.length >= 5);
    if (!hour) throw new Error("no hour with five free instructors");

    const statuses = await Promise.all(
      hour.slice(0, 5).map((slot) => postBatch(student.accessToken, [slot])),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    const [held] = await activeLessonsOf(student.user.id);
    expect(await activeLessonsOf(student.user.id)).toHaveLength(1);

    // The database itself refuses a second active lesson for the student at that hour.
    const other = hour.find((s) => s.instructorId !== held?.instructor_id);
    await expect(
      t.database.db.execute(sql`insert into bookings
        (student_id, instructor_id, start_time, end_time, status, price_cents, suburb)
        values (${student.user.id}, ${other?.instructorId}, ${held?.start_time}, ${other?.endTime},
                'SCHEDULED', 1000, 'Sydney CBD')`),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ constraint: "bookings_student_no_overlap" }),
    });
  });

  it("never pays for a lesson the hold sweep releases while the payment is being confirmed", async () => {
    const student = await registerStudent(http);
    const demo = (await http.login("instructor@demo.test")).user.id;
    const { paymentId } = await holdLesson(http, student.accessToken, {
      date: weekdayAhead(t.clock.now, 9),
      instructorId: demo,
    });
    const rowsOf = <T>(query: ReturnType<typeof sql>) => executeRows<T>(t.database.db, query);

    // The sweep's first statement, caught between the confirmation's read of the lessons (still held)
    // and its update: the lesson is released, uncommitted, while "I have paid" arrives.
    let confirm: Promise<Response> | undefined;
    await t.database.db.transaction(async (sweep) => {
      await sweep.execute(sql`update bookings set status = 'EXPIRED' where payment_id = ${paymentId}`);
      confirm = fetch(`${baseUrl}/api/student/bookings/batch/confirm/${paymentId}`, {
        method: "POST",
        headers: { authorization: `Bearer ${student.accessToken}` },
      });
      for (let waited = 0; ; waited += 20) {
        const [blocked] = await rowsOf<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and query like 'with "scheduled"%'`,
        );
        if (blocked?.n === 1) break;
        if (waited > scaled(10_000)) throw new Error("the confirmation never reached its update");
        await new Promise((r) => setTimeout(r, 20));
      }
    });

    if (!confirm) throw new Error("the confirmation was never sent");
    const res = await confirm;
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("hold_expired");
    const [payment] = await rowsOf<{ status: string }>(
      sql`select status from payments where id = ${paymentId}`,
    );
    expect(payment?.status).toBe("EXPIRED");
    const lessons = await rowsOf<{ status: string }>(
      sql`select status from bookings where payment_id = ${paymentId}`,
    );
    expect(lessons.map((l) => l.status)).toEqual(["EXPIRED"]);
    // Nothing was booked, so nothing was posted and nobody was told it was.
    expect(await rowsOf(sql`select 1 from ledger_journals where payment_id = ${paymentId}`)).toEqual([]);
    expect(await rowsOf(sql`select 1 from outbox where dedupe_key like ${`%${paymentId}%`}`)).toEqual([]);
  });

  it("counts the hold cap atomically: of 10 simultaneous 4-lesson batches under a cap of 6, 1 is held", async () => {
    const student = await registerStudent(http);
    const demo = (await http.login("instructor@demo.test")).user.id;
    // Forty different hours, so that only the cap (not a clash) can stop a batch.
    const free: ListedSlot[] = [];
    for (let day = 3; free.length < 40 && day < 28; day++) {
      const date = addDaysToDate(weekdayAhead(t.clock.now, 3), day - 3);
      free.push(...(await listSlots(http, student.accessToken, { date, instructorId: demo })));
    }
    expect(free.length).toBeGreaterThanOrEqual(40);

    const batches = Array.from({ length: 10 }, (_, i) => free.slice(i * 4, i * 4 + 4));
    const statuses = await Promise.all(batches.map((batch) => postBatch(student.accessToken, batch)));
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    expect(await activeLessonsOf(student.user.id)).toHaveLength(4);
  });

  it("moves one lesson into an hour: of 4 students rescheduling into the same free hour at once, 1 wins", async () => {
    const demo = (await http.login("instructor@demo.test")).user.id as string;
    const students = await Promise.all(Array.from({ length: 4 }, () => registerStudent(http)));
    // Every standard hour of the day: four lessons and the one they all want.
    const date = await roomyDay(demo, students[0]?.accessToken ?? "", 12, 5);
    const lessons = [];
    for (const student of students) {
      lessons.push(await bookPaidLesson(http, student, { date, instructorId: demo, pool: false }));
    }
    const booked = new Set(lessons.map((l) => l.start.toISOString()));
    const target = (await listSlots(http, students[0]?.accessToken ?? "", { date, instructorId: demo })).find(
      (s) => !s.isPoolHours && !booked.has(s.startTime),
    );
    if (!target) throw new Error("no free standard hour left");

    const results = await Promise.all(
      lessons.map((lesson, i) =>
        post(`/api/student/bookings/${lesson.id}/reschedule`, students[i]?.accessToken ?? "", {
          startTime: target.startTime,
          endTime: target.endTime,
        }),
      ),
    );
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.code === "slot_unavailable")).toHaveLength(3);
    const [moved] = await executeRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from bookings where instructor_id = ${demo} and status = 'SCHEDULED'
          and start_time = ${target.startTime}`,
    );
    expect(moved?.n).toBe(1);
    expect(await overlappingLessons()).toBe(0);
  });

  it("gives one hour to one of a card hold, a credit spend and a reschedule racing for it, 4 of each", async () => {
    const demo = (await http.login("instructor@demo.test")).user.id as string;
    const movers = await Promise.all(Array.from({ length: 4 }, () => registerStudent(http)));
    const date = await roomyDay(demo, movers[0]?.accessToken ?? "", 20, 5);
    const lessons = [];
    for (const student of movers) {
      lessons.push(await bookPaidLesson(http, student, { date, instructorId: demo, pool: false }));
    }
    const spenders = await Promise.all(Array.from({ length: 4 }, () => registerStudent(http)));
    const bundles = await Promise.all(
      spenders.map((s) =>
        insertBundle(t.database.db, {
          studentId: s.user.id,
          totalLessons: 5,
          usedLessons: 0,
          instructorId: demo,
          suburb: "Sydney CBD",
        }),
      ),
    );
    const holders = await Promise.all(Array.from({ length: 4 }, () => registerStudent(http)));
    const booked = new Set(lessons.map((l) => l.start.toISOString()));
    const target = (await listSlots(http, holders[0]?.accessToken ?? "", { date, instructorId: demo })).find(
      (s) => !s.isPoolHours && !booked.has(s.startTime),
    );
    if (!target) throw new Error("no free standard hour left");
    const period = { startTime: target.startTime, endTime: target.endTime };

    const results = await Promise.all([
      ...lessons.map((lesson, i) =>
        post(`/api/student/bookings/${lesson.id}/reschedule`, movers[i]?.accessToken ?? "", period),
      ),
      ...bundles.map((bundle, i) =>
        post(`/api/student/bundles/${bundle.id}/bookings`, spenders[i]?.accessToken ?? "", {
          bookings: [period],
        }),
      ),
      ...holders.map((holder) =>
        post("/api/student/bookings/batch", holder.accessToken, { bookings: [asBooking(target)] }),
      ),
    ]);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(results.filter((r) => r.status === 200 || r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.code === "slot_unavailable")).toHaveLength(11);
    const [taken] = await executeRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from bookings where instructor_id = ${demo}
          and status in ('SCHEDULED', 'PENDING_PAYMENT') and start_time = ${target.startTime}`,
    );
    expect(taken?.n).toBe(1);
    // The losing spends used no credit.
    const [credits] = await executeRows<{ used: number }>(
      t.database.db,
      sql`select coalesce(sum(used_lessons), 0)::int as used from bundles
          where id in (${sql.join(
            bundles.map((b) => sql`${b.id}`),
            sql`, `,
          )})`,
    );
    expect(credits?.used).toBe(results.slice(4, 8).filter((r) => r.status === 201).length);
    expect(await overlappingLessons()).toBe(0);
  });
});
