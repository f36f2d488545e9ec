/**
 * A weekly lesson (issue 34, part 3) as a learner meets it over HTTP: six weeks with one on an NSW public
 * holiday are offered with that week flagged, booked as five lessons in one payment, then cancelled one
 * week at a time and all the rest at once; and two learners racing for the same weekly time.
 */
import { nswPublicHoliday } from "@kerb/shared/holidays";
import { addDaysToDate, sydneyDateOf, sydneyMinutesOf, sydneyWeekday } from "@kerb/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerStudent } from "../../test/booking-fixtures.ts";
import { startFakeStripe } from "../../test/fake-stripe.ts";
import {
  insertInstructor,
  sydneyAt,
  type TestInstructor,
} from "../../test/fixtures/availability-fixtures.ts";
import { api } from "../../test/http.ts";
import type { Http } from "../../test/seeded-app.ts";
import { createTestApp, describeEachDatabase, type TestApp, testClockStart } from "../../test/test-app.ts";

/** Every weekday 09:00–13:00 (Sydney). */
const WEEKDAY_HOURS: TestInstructor["rules"] = [1, 2, 3, 4, 5].map((d) => [d, "09:00", "13:00"]);
const WEEKS = 6;
const HOLIDAY_WEEK = 3;

/**
 * The first date of a six-week weekday series, after the run's quiet fortnight, whose third week (and no
 * other) falls on an NSW public holiday.
 */
function seriesWithOneHoliday(): { first: string; holiday: string } {
  let date = addDaysToDate(sydneyDateOf(testClockStart()), 14);
  for (;;) {
    const weekday = sydneyWeekday(date);
    if (weekday !== 0 && weekday !== 6 && nswPublicHoliday(date)) {
      const first = addDaysToDate(date, -7 * (HOLIDAY_WEEK - 1));
      const dates = Array.from({ length: WEEKS }, (_, i) => addDaysToDate(first, 7 * i));
      if (dates.filter((d) => nswPublicHoliday(d)).length === 1) return { first, holiday: date };
    }
    date = addDaysToDate(date, 1);
  }
}

const { first, holiday } = seriesWithOneHoliday();
const firstStart = sydneyAt(first, "10:00");
const firstEnd = new Date(firstStart.getTime() + 3_600_000);

function seriesBody(instructorId: string, extra: Record<string, unknown> = {}) {
  return {
    instructorId,
    startTime: firstStart.toISOString(),
    endTime: firstEnd.toISOString(),
    weeks: WEEKS,
    suburb: "Bondi",
    pickupLocation: "1 Campbell Parade",
    ...extra,
  };
}

/** Keep every available week at its shown price, skip the rest. */
function keepAvailable(preview: {
  weeks: Array<{ week: number; available: boolean; price: number | null }>;
}) {
  return preview.weeks.map((w) =>
    w.available
      ? { week: w.week, action: "keep", price: w.price, isPoolHours: false }
      : { week: w.week, action: "skip" },
  );
}

describeEachDatabase("a weekly lesson", (kind) => {
  let t: TestApp;
  let http: Http;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: false });
    http = api(t.app);
    // Three days before the first week, 09:00: every week is more than 48 hours away.
    t.clock.now = sydneyAt(addDaysToDate(first, -3), "09:00");
  });
  afterAll(() => t.close());

  const instructor = (over: Partial<TestInstructor> = {}) =>
    insertInstructor(t.database.db, {
      firstName: "Wendy",
      suburbs: ["Bondi"],
      rules: WEEKDAY_HOURS,
      poolOptIn: false,
      rateCents: 8000,
      ...over,
    });

  it("offers six weeks with the holiday flagged, books five in one payment, cancels one week and then the rest", async () => {
    const id = await instructor();
    const learner = await registerStudent(http, { suburb: "Bondi" });
    const token = learner.accessToken;

    const preview = await http.post("/api/student/weekly-series/preview", seriesBody(id), token);
    expect(preview.status).toBe(200);
    expect(preview.body.weeks).toHaveLength(WEEKS);
    const flagged = preview.body.weeks[HOLIDAY_WEEK - 1];
    expect(flagged).toMatchObject({ week: HOLIDAY_WEEK, date: holiday, available: false, price: null });
    expect(flagged.reason.code).toBe("public_holiday");
    expect(flagged.reason.message).toContain(nswPublicHoliday(holiday));
    // Other times that week with Wendy, none on the holiday itself.
    expect(flagged.alternatives.length).toBeGreaterThan(0);
    for (const alt of flagged.alternatives) expect(sydneyDateOf(new Date(alt.startTime))).not.toBe(holiday);
    const others = preview.body.weeks.filter((w: { week: number }) => w.week !== HOLIDAY_WEEK);
    for (const week of others) {
      expect(week).toMatchObject({ available: true, price: 80, reason: null });
      // Same Sydney wall-clock time every week, whatever the UTC offset that day.
      expect(sydneyMinutesOf(new Date(week.startTime))).toBe(600);
    }
    expect(preview.body).toMatchObject({ subtotal: 400, gst: 40, total: 440 });

    // A price other than the one shown is refused, and nothing is held.
    const cheaper = keepAvailable(preview.body).map((c) => (c.action === "keep" ? { ...c, price: 70 } : c));
    const mismatch = await http.post(
      "/api/student/weekly-series",
      seriesBody(id, { choices: cheaper }),
      token,
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.code).toBe("amount_mismatch");

    const booked = await http.post(
      "/api/student/weekly-series",
      seriesBody(id, { choices: keepAvailable(preview.body) }),
      token,
    );
    expect(booked.status).toBe(201);
    expect(booked.body.payment).toMatchObject({ subtotal: 400, gst: 40, amount: 440 });
    const paymentId = booked.body.payment.id;
    const confirm = await http.post(`/api/student/bookings/batch/confirm/${paymentId}`, undefined, token);
    expect(confirm.status).toBe(200);
    expect(confirm.body.payment.lessons).toHaveLength(5);

    const lessonsOf = async () => {
      const profile = await http.get("/api/student/profile", token);
      expect(profile.status).toBe(200);
      return (
        profile.body.bookings as Array<{
          id: string;
          startTime: string;
          status: string;
          refund: number | null;
          series: { id: string; label: string } | null;
        }>
      ).sort((a, b) => a.startTime.localeCompare(b.startTime));
    };
    const lessons = await lessonsOf();
    expect(lessons.map((l) => l.series?.label)).toEqual([1, 2, 3, 4, 5].map((n) => `Weekly · ${n} of 5`));
    expect(new Set(lessons.map((l) => l.series?.id))).toEqual(new Set([booked.body.seriesId]));
    expect(lessons.map((l) => sydneyDateOf(new Date(l.startTime)))).not.toContain(holiday);
    const [week1, week2, week4, week5, week6] = lessons;
    if (!week1 || !week2 || !week4 || !week5 || !week6) throw new Error("five lessons expected");

    // One week cancelled by the ordinary route: that week's $80 + GST comes back, and only that.
    const one = await http.post(`/api/student/bookings/${week2.id}/cancel`, undefined, token);
    expect(one.status).toBe(200);
    expect(one.body.refund).toEqual({ amount: 88, gst: 8, method: "CARD" });
    const afterOne = await lessonsOf();
    expect(afterOne.filter((l) => l.status === "CANCELLED").map((l) => l.id)).toEqual([week2.id]);
    expect(afterOne.filter((l) => l.id !== week2.id).every((l) => l.refund === null)).toBe(true);

    // One week moved by the ordinary route: an hour later the same day.
    const moveTo = new Date(new Date(week4.startTime).getTime() + 3_600_000);
    const moved = await http.post(
      `/api/student/bookings/${week4.id}/reschedule`,
      { startTime: moveTo.toISOString(), endTime: new Date(moveTo.getTime() + 3_600_000).toISOString() },
      token,
    );
    expect(moved.status).toBe(200);

    // Week 1 has been taught: cancelling "all future lessons" leaves it, and cancels weeks 4–6.
    t.clock.now = sydneyAt(addDaysToDate(first, 1), "09:00");
    const seriesId = booked.body.seriesId;
    const what = await http.get(`/api/student/weekly-series/${seriesId}/cancellation`, token);
    expect(what.status).toBe(200);
    expect(what.body.lessons.map((l: { id: string }) => l.id)).toEqual([week4.id, week5.id, week6.id]);
    expect(what.body.refund).toEqual({ amount: 264, gst: 24 });
    expect(what.body.summary).toContain("3 lessons will be cancelled");

    const all = await http.post(`/api/student/weekly-series/${seriesId}/cancel`, undefined, token);
    expect(all.status).toBe(200);
    expect(all.body.cancelled.map((l: { id: string }) => l.id)).toEqual([week4.id, week5.id, week6.id]);
    expect(all.body.refund).toEqual({ amount: 264, gst: 24 });
    const again = await http.post(`/api/student/weekly-series/${seriesId}/cancel`, undefined, token);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ cancelled: [], refund: { amount: 0, gst: 0 } });

    const end = await lessonsOf();
    expect(end.map((l) => l.status)).toEqual([
      "SCHEDULED",
      "CANCELLED",
      "CANCELLED",
      "CANCELLED",
      "CANCELLED",
    ]);
    expect(end.map((l) => l.refund)).toEqual([null, 88, 88, 88, 88]);

    // Someone else's series is not found.
    const stranger = await registerStudent(http, { suburb: "Bondi" });
    const theirs = await http.post(
      `/api/student/weekly-series/${seriesId}/cancel`,
      undefined,
      stranger.accessToken,
    );
    expect(theirs.status).toBe(404);
    t.clock.now = sydneyAt(addDaysToDate(first, -3), "09:00");
  });

  it("says why a week cannot be had: leave, a lesson already booked there, and lets a week move", async () => {
    const week2 = addDaysToDate(first, 7);
    const week4 = addDaysToDate(first, 21);
    const id = await instructor({ exceptions: [{ date: week2, kind: "CLOSED" }] });
    const other = await registerStudent(http, { suburb: "Bondi" });
    const taken = sydneyAt(week4, "10:00");
    const single = await http.post(
      "/api/student/bookings/batch",
      {
        suburb: "Bondi",
        bookings: [
          {
            instructorId: id,
            startTime: taken.toISOString(),
            endTime: new Date(taken.getTime() + 3_600_000).toISOString(),
            price: 80,
            isPoolHours: false,
          },
        ],
      },
      other.accessToken,
    );
    expect(single.status).toBe(201);

    const learner = await registerStudent(http, { suburb: "Bondi" });
    const preview = await http.post(
      "/api/student/weekly-series/preview",
      seriesBody(id),
      learner.accessToken,
    );
    expect(preview.status).toBe(200);
    const byWeek = (n: number) => preview.body.weeks[n - 1];
    expect(byWeek(2).reason.code).toBe("instructor_leave");
    expect(byWeek(2).reason.message).toContain("Wendy is away");
    expect(byWeek(HOLIDAY_WEEK).reason.code).toBe("public_holiday");
    expect(byWeek(4).reason.code).toBe("taken");
    // The nearest other time that week is the same day, an hour either side.
    const nearest = byWeek(4).alternatives[0];
    expect(sydneyDateOf(new Date(nearest.startTime))).toBe(week4);
    expect(preview.body.total).toBe(264);

    // Week 4 moved to the time offered, the other flagged weeks skipped: four lessons.
    const choices = keepAvailable(preview.body).map((c) =>
      c.week === 4
        ? {
            week: 4,
            action: "move",
            startTime: nearest.startTime,
            endTime: nearest.endTime,
            price: 80,
            isPoolHours: false,
          }
        : c,
    );
    const booked = await http.post(
      "/api/student/weekly-series",
      seriesBody(id, { choices }),
      learner.accessToken,
    );
    expect(booked.status).toBe(201);
    expect(booked.body.payment.amount).toBe(352);

    // A move to a time not offered for that week (the week after) is refused.
    const far = sydneyAt(addDaysToDate(week4, 6), "10:00");
    const refused = await http.post(
      "/api/student/weekly-series",
      seriesBody(id, {
        choices: choices.map((c) =>
          c.week === 4
            ? {
                ...c,
                startTime: far.toISOString(),
                endTime: new Date(far.getTime() + 3_600_000).toISOString(),
              }
            : c,
        ),
      }),
      (await registerStudent(http, { suburb: "Bondi" })).accessToken,
    );
    expect(refused.status).toBe(400);
  });

  it("two learners racing for the same weekly time: one books it, the other is told it was taken", async () => {
    const id = await instructor();
    const [a, b] = await Promise.all([
      registerStudent(http, { suburb: "Bondi" }),
      registerStudent(http, { suburb: "Bondi" }),
    ]);
    const preview = await http.post("/api/student/weekly-series/preview", seriesBody(id), a.accessToken);
    const body = seriesBody(id, { choices: keepAvailable(preview.body) });
    const results = await Promise.all([
      http.post("/api/student/weekly-series", body, a.accessToken),
      http.post("/api/student/weekly-series", body, b.accessToken),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409);
    expect(loser?.body.error.code).toBe("slot_unavailable");
  });

  it("pays the whole series once with a saved card: booked at once, someone else's card refused", async () => {
    const id = await instructor();
    const learner = await registerStudent(http, { suburb: "Bondi" });
    const token = learner.accessToken;
    expect((await http.post("/api/student/saved-cards", undefined, token)).status).toBe(201);
    const [card] = (await http.get("/api/student/saved-cards", token)).body.cards;
    const preview = await http.post("/api/student/weekly-series/preview", seriesBody(id), token);
    const body = seriesBody(id, { choices: keepAvailable(preview.body), savedCardId: card.id });

    const stranger = await registerStudent(http, { suburb: "Bondi" });
    const refused = await http.post("/api/student/weekly-series", body, stranger.accessToken);
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe("card_not_found");

    const booked = await http.post("/api/student/weekly-series", body, token);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.savedCard).toEqual({ status: "paid" });
    const profile = await http.get("/api/student/profile", token);
    const series = profile.body.bookings.filter(
      (b: { series: { id: string } | null }) => b.series?.id === booked.body.seriesId,
    );
    expect(series).toHaveLength(WEEKS - 1);
    expect(series.every((b: { status: string }) => b.status === "SCHEDULED")).toBe(true);
  });

  it("prices each week as that date's slot: pool hours, and the full rate on a holiday the instructor teaches", async () => {
    // 11:00 on a weekday is pool hours (35% off) for an instructor who opts in, but never on a public holiday.
    const id = await instructor({ poolOptIn: true, teachesPublicHolidays: true });
    const learner = await registerStudent(http, { suburb: "Bondi" });
    const start = sydneyAt(first, "11:00");
    const preview = await http.post(
      "/api/student/weekly-series/preview",
      seriesBody(id, {
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 3_600_000).toISOString(),
      }),
      learner.accessToken,
    );
    expect(preview.status).toBe(200);
    expect(preview.body.weeks.map((w: { price: number }) => w.price)).toEqual([52, 52, 80, 52, 52, 52]);
    expect(preview.body.weeks.map((w: { isPoolHours: boolean }) => w.isPoolHours)).toEqual([
      true,
      true,
      false,
      true,
      true,
      true,
    ]);
    expect(preview.body).toMatchObject({ subtotal: 340, gst: 34, total: 374 });
    const booked = await http.post(
      "/api/student/weekly-series",
      seriesBody(id, {
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 3_600_000).toISOString(),
        choices: preview.body.weeks.map((w: { week: number; price: number; isPoolHours: boolean }) => ({
          week: w.week,
          action: "keep",
          price: w.price,
          isPoolHours: w.isPoolHours,
        })),
      }),
      learner.accessToken,
    );
    expect(booked.status).toBe(201);
    expect(booked.body.payment.amount).toBe(374);
  });

  it("refuses a series of one week or of more than twelve", async () => {
    const learner = await registerStudent(http, { suburb: "Bondi" });
    const id = await instructor();
    for (const weeks of [1, 13]) {
      const res = await http.post(
        "/api/student/weekly-series/preview",
        seriesBody(id, { weeks }),
        learner.accessToken,
      );
      expect(res.status).toBe(400);
    }
  });
});

describe("a weekly lesson paid through Stripe (real SDK, local fake Stripe)", () => {
  it("is one Checkout Session for all the weeks kept, and a cancelled week refunds that week to the card", async () => {
    const stripe = await startFakeStripe();
    const t = await createTestApp("pglite", {
      seed: false,
      env: { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_kerb", STRIPE_API_BASE: stripe.url },
    });
    try {
      const http = api(t.app);
      t.clock.now = sydneyAt(addDaysToDate(first, -3), "09:00");
      const id = await insertInstructor(t.database.db, {
        suburbs: ["Bondi"],
        rules: WEEKDAY_HOURS,
        poolOptIn: false,
        rateCents: 8000,
      });
      const learner = await registerStudent(http, { suburb: "Bondi" });
      const token = learner.accessToken;
      const preview = await http.post("/api/student/weekly-series/preview", seriesBody(id), token);
      expect(preview.status).toBe(200);
      const booked = await http.post(
        "/api/student/weekly-series",
        seriesBody(id, { choices: keepAvailable(preview.body) }),
        token,
      );
      expect(booked.status).toBe(201);
      expect(booked.body.paymentUrl).toMatch(/^https:\/\/checkout\.example\.test\//);
      const sessions = [...stripe.sessions.values()];
      expect(sessions).toHaveLength(1);
      expect(sessions[0]?.amount_total).toBe(44000);
      stripe.pay(sessions[0]?.id ?? "");
      const paymentId = booked.body.payment.id;
      const confirm = await http.post(`/api/student/bookings/batch/confirm/${paymentId}`, undefined, token);
      expect(confirm.status).toBe(200);
      expect(confirm.body.payment.lessons).toHaveLength(5);
      const [firstLesson] = [...confirm.body.payment.lessons].sort(
        (a: { startTime: string }, b: { startTime: string }) => a.startTime.localeCompare(b.startTime),
      );
      const cancel = await http.post(`/api/student/bookings/${firstLesson.id}/cancel`, undefined, token);
      expect(cancel.status).toBe(200);
      expect(stripe.refunds).toEqual([expect.objectContaining({ amount: 8800 })]);
    } finally {
      await t.close();
      await stripe.close();
    }
  });
});
