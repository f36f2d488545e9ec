/**
 * Lessons of 90 and 120 minutes, as students meet them over HTTP: offered only by instructors who offer
 * them, priced by the hour (pool price only when the whole lesson lies in pool hours), booked and paid
 * to the cent, and paid with two bundle credits for 120 minutes (90 cannot be paid with credits).
 */

import { addDaysToDate, sydneyDateOf } from "@kerb/shared/rules";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { executeRows } from "../../db/client.ts";
import { buyBundle, listSlots, registerStudent } from "../../test/booking-fixtures.ts";
import { insertInstructor, sydneyAt } from "../../test/fixtures/availability-fixtures.ts";
import { api } from "../../test/http.ts";
import type { Http } from "../../test/seeded-app.ts";
import { createTestApp, describeEachDatabase, type TestApp, testClockStart } from "../../test/test-app.ts";

// The suite's clock is the run's Monday 09:00 in Sydney (test/test-clock.ts), where the app starts: a
// fixed date (01/03/2027 once) would make every access token signed on it expired once that day has
// passed in real time. Its fortnight has no public holiday.
const MONDAY = sydneyDateOf(testClockStart());
const WEDNESDAY = addDaysToDate(MONDAY, 2);
const hours = (h: string) => sydneyAt(WEDNESDAY, h).toISOString();

describeEachDatabase("lesson lengths", (kind) => {
  let t: TestApp;
  let http: Http;
  let instructorId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: false });
    http = api(t.app);
    instructorId = await insertInstructor(t.database.db, {
      suburbs: ["Bondi"],
      rateCents: 8000,
      rules: [[3, "09:00", "16:00"]],
    });
    await t.database.db.execute(
      sql`update instructor_profiles set lesson_lengths = '{60,120}' where user_id = ${instructorId}`,
    );
  });
  afterAll(() => t.close());

  const slots = (token: string, lessonMinutes: number) =>
    listSlots(http, token, { date: WEDNESDAY, suburb: "Bondi", instructorId, lessonMinutes });

  it("offers 120-minute lessons that fit the hours, priced by the hour, pool only when wholly in pool hours", async () => {
    const student = await registerStudent(http, { suburb: "Bondi" });
    const offered = await slots(student.accessToken, 120);
    expect(offered.map((s) => [s.startTime, s.endTime, s.price, s.isPoolHours])).toEqual([
      [hours("09:00"), hours("11:00"), 160, false],
      [hours("10:00"), hours("12:00"), 104, true], // 2 × the $52 pool rate
      [hours("11:00"), hours("13:00"), 104, true],
      [hours("12:00"), hours("14:00"), 104, true],
      [hours("13:00"), hours("15:00"), 104, true], // ends as pool hours end
      [hours("14:00"), hours("16:00"), 160, false], // ends after 15:00: the full rate
    ]);
    // 90 minutes is not offered by this instructor; an unknown length is a 400 in plain words.
    expect(await slots(student.accessToken, 90)).toEqual([]);
    const params = new URLSearchParams({
      suburb: "Bondi",
      startDate: WEDNESDAY,
      endDate: WEDNESDAY,
      lessonMinutes: "45",
    });
    const bad = await http.get(`/api/student/slots?${params}`, student.accessToken);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Lessons are 60, 90 or 120 minutes long");
  });

  it("books and charges a 120-minute lesson to the cent, and the two hours are taken", async () => {
    const student = await registerStudent(http, { suburb: "Bondi" });
    const held = await http.post(
      "/api/student/bookings/batch",
      {
        suburb: "Bondi",
        bookings: [
          {
            instructorId,
            startTime: hours("09:00"),
            endTime: hours("11:00"),
            price: 160,
            isPoolHours: false,
            pickupLocation: "1 Bondi Road",
          },
        ],
      },
      student.accessToken,
    );
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    const paymentId = held.body.payment.id as string;
    const paid = await http.post(
      `/api/student/bookings/batch/confirm/${paymentId}`,
      undefined,
      student.accessToken,
    );
    expect(paid.status).toBe(200);
    expect(paid.body.payment.amount).toBe(176); // $160 + 10% GST
    const [lesson] = await executeRows<{ price_cents: number; minutes: number }>(
      t.database.db,
      sql`select price_cents, (extract(epoch from end_time - start_time) / 60)::int as minutes
          from bookings where payment_id = ${paymentId}`,
    );
    expect(lesson).toEqual({ price_cents: 16000, minutes: 120 });
    // Neither hour is offered any more, for 60 minutes or 120.
    const other = await registerStudent(http, { suburb: "Bondi" });
    expect((await slots(other.accessToken, 60)).map((s) => s.startTime)).not.toContain(hours("10:00"));
    expect((await slots(other.accessToken, 120)).map((s) => s.startTime)[0]).toBe(hours("11:00"));
    // A tampered price is refused as for any lesson.
    const tampered = await http.post(
      "/api/student/bookings/batch",
      {
        suburb: "Bondi",
        bookings: [
          {
            instructorId,
            startTime: hours("14:00"),
            endTime: hours("16:00"),
            price: 80,
            isPoolHours: false,
          },
        ],
      },
      other.accessToken,
    );
    expect(tampered.status).toBe(400);
    expect(tampered.body.error.code).toBe("amount_mismatch");
    // 90 minutes is a lesson length, but not one this instructor offers: no such time to book.
    const ninety = await http.post(
      "/api/student/bookings/batch",
      {
        suburb: "Bondi",
        bookings: [
          { instructorId, startTime: hours("14:00"), endTime: hours("15:30"), price: 78, isPoolHours: true },
        ],
      },
      other.accessToken,
    );
    expect(ninety.status).toBe(409);
    expect(ninety.body.error.code).toBe("slot_unavailable");
  });

  it("books 60, 90 and 120-minute lessons in one checkout, each priced by its own length", async () => {
    const mixedId = await insertInstructor(t.database.db, {
      suburbs: ["Bondi"],
      rateCents: 8000,
      rules: [[4, "09:00", "16:00"]],
    });
    await t.database.db.execute(
      sql`update instructor_profiles set lesson_lengths = '{60,90,120}' where user_id = ${mixedId}`,
    );
    const thursday = addDaysToDate(MONDAY, 3);
    const at = (h: string) => sydneyAt(thursday, h).toISOString();
    const student = await registerStudent(http, { suburb: "Bondi" });
    const offered = async (lessonMinutes: number, start: string) => {
      const list = await listSlots(http, student.accessToken, {
        date: thursday,
        suburb: "Bondi",
        instructorId: mixedId,
        lessonMinutes,
      });
      const slot = list.find((s) => s.startTime === at(start));
      if (!slot) throw new Error(`no ${lessonMinutes}-minute slot at ${start}`);
      return slot;
    };
    const chosen = [await offered(60, "09:00"), await offered(90, "11:00"), await offered(120, "13:00")];
    // The hour at the standard rate; 90 and 120 minutes wholly in pool hours at the $52 pool rate.
    expect(chosen.map((s) => [s.endTime, s.price, s.isPoolHours])).toEqual([
      [at("10:00"), 80, false],
      [at("12:30"), 78, true],
      [at("15:00"), 104, true],
    ]);
    const booking = (s: (typeof chosen)[number], price = s.price) => ({
      instructorId: mixedId,
      startTime: s.startTime,
      endTime: s.endTime,
      price,
      isPoolHours: s.isPoolHours,
    });
    const [hour, ninety, twoHours] = chosen as [
      (typeof chosen)[number],
      (typeof chosen)[number],
      (typeof chosen)[number],
    ];

    // A longer lesson sent at the hour's price is refused: the server prices each line by its length.
    const cheap = await http.post(
      "/api/student/bookings/batch",
      { suburb: "Bondi", bookings: [booking(hour), booking(ninety, 52), booking(twoHours)] },
      student.accessToken,
    );
    expect(cheap.status).toBe(400);
    expect(cheap.body.error.code).toBe("amount_mismatch");

    const held = await http.post(
      "/api/student/bookings/batch",
      { suburb: "Bondi", bookings: [booking(hour), booking(ninety), booking(twoHours)] },
      student.accessToken,
    );
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    const paymentId = held.body.payment.id as string;
    const paid = await http.post(
      `/api/student/bookings/batch/confirm/${paymentId}`,
      undefined,
      student.accessToken,
    );
    expect(paid.status).toBe(200);
    expect(paid.body.payment.amount).toBe(288.2); // ($80 + $78 + $104) + 10% GST
    const lessons = await executeRows<{ price_cents: number; minutes: number }>(
      t.database.db,
      sql`select price_cents, (extract(epoch from end_time - start_time) / 60)::int as minutes
          from bookings where payment_id = ${paymentId} order by start_time`,
    );
    expect(lessons).toEqual([
      { price_cents: 8000, minutes: 60 },
      { price_cents: 7800, minutes: 90 },
      { price_cents: 10400, minutes: 120 },
    ]);
  });

  it("pays a 120-minute lesson with two credits, gives both back on an early cancellation, and refuses 90 minutes", async () => {
    const student = await registerStudent(http, { suburb: "Bondi" });
    const { bundleId } = await buyBundle(http, student.accessToken, { instructorId, suburb: "Bondi" });
    const thursdayNext = addDaysToDate(MONDAY, 9); // a Wednesday, as 10/03/2027 was
    const spend = (start: string, end: string) =>
      http.post(
        `/api/student/bundles/${bundleId}/bookings`,
        {
          bookings: [
            {
              startTime: sydneyAt(thursdayNext, start).toISOString(),
              endTime: sydneyAt(thursdayNext, end).toISOString(),
            },
          ],
        },
        student.accessToken,
      );
    const ninety = await spend("09:00", "10:30");
    expect(ninety.status).toBe(400);
    expect(ninety.body.error.message).toContain("90-minute lesson cannot be paid with bundle credits");

    const booked = await spend("09:00", "11:00");
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.bundle.usedLessons).toBe(2);
    const lessonId = booked.body.bookings[0].id as string;
    const [row] = await executeRows<{ price_cents: number }>(
      t.database.db,
      sql`select price_cents from bookings where id = ${lessonId}`,
    );
    expect(row?.price_cents).toBe(14000); // two credits of the $70 bundle

    const cancelled = await http.post(`/api/student/bookings/${lessonId}/cancel`, {}, student.accessToken);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const profile = await http.get("/api/student/profile", student.accessToken);
    expect(profile.body.bundles[0].usedLessons).toBe(0);
  });
});
