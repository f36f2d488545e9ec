/**
 * Earlier-time alerts (issue 34 item 4): a cancellation frees a time, the alert scan (driven as its
 * scheduled job's tick) emails every learner whose alert matches, over real SMTP, with a link whose
 * button holds the time, first come first served; an alert emails at most once a day; an alert for an
 * instructor who is suspended ends and the learner is told; bad alerts are refused with a sentence.
 */
import { performance } from "node:perf_hooks";
import { TIME_ALERT_MAX_ACTIVE, TIME_ALERT_MAX_WINDOW_DAYS } from "@kerb/shared";
import { addDaysToDate, sydneyTodayDate, sydneyWallTimeToInstant } from "@kerb/shared/rules";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { loadEnv } from "../../env.ts";
import { silentLog } from "../../lib/silent-log.ts";
import { demoProvider } from "../../platform/card-provider/payment-provider.ts";
import { runJobTick } from "../../platform/jobs/scheduled-job.ts";
import { listSlots, payForSlots, weekdayAhead } from "../../test/booking-fixtures.ts";
import { api } from "../../test/http.ts";
import { type OutboxMail, outboxMail } from "../../test/mail-fixtures.ts";
import { type Actor, anAdmin, anInstructor, aStudent, type Student } from "../../test/scenarios.ts";
import { type SmtpInbox, startSmtpInbox } from "../../test/smtp-inbox.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { createTransact } from "../../unit-of-work.ts";
import { timeAlertsJob } from "./index.ts";

describeEachDatabase("earlier-time alerts", (kind) => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let mail: OutboxMail;
  let http: ReturnType<typeof api>;
  let admin: Actor;
  let dayOffset = 7;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp(kind, {
      seed: true,
      env: { PUBLIC_URL: "https://kerb.example", SMTP_URL: inbox.url },
    });
    http = api(t.app);
    mail = outboxMail(t, inbox);
    admin = await anAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });
  beforeEach(async () => {
    await mail.clear();
  });

  /** One tick of the alerts' scheduled job, as a replica runs it (interval 0: the lock is let go at once). */
  async function tick() {
    const now = () => t.clock.now;
    const ctx = {
      db: t.database.db,
      now,
      env: t.env,
      auth: { secret: new TextEncoder().encode(t.env.JWT_SECRET) },
      transact: createTransact({
        db: t.database.db,
        now,
        payments: demoProvider,
        log: silentLog,
        env: t.env,
      }),
    };
    expect(await runJobTick(t.database, timeAlertsJob(ctx, 0))).toBe("ran");
  }

  /** A weekday of its own for each test (a week on, so nothing seeded is in the way). */
  const nextDay = () => weekdayAhead(t.clock.now, dayOffset++);

  /** An instructor, and a learner who booked and paid their 09:00 lesson on `date`. */
  async function bookedNineOClock(date: string) {
    const instructor = await anInstructor(t);
    const booker = await aStudent(t);
    const nine = await slotAt(booker, instructor.id, date, 9);
    const paid = await payForSlots(http, booker.token, [nine]);
    return { instructor, booker, lessonId: paid.lessons[0]?.id as string, slot: nine };
  }

  /** The instructor's free slot at `hour`:00 Sydney on `date`. */
  async function slotAt(learner: Student, instructorId: string, date: string, hour: number) {
    const at = sydneyWallTimeToInstant(date, hour * 60)?.getTime();
    const slots = await listSlots(http, learner.token, { date, instructorId });
    const slot = slots.find((s) => new Date(s.startTime).getTime() === at);
    if (!slot) throw new Error(`no ${hour}:00 slot on ${date}: ${slots.map((s) => s.startTime).join(", ")}`);
    return slot;
  }

  /** What arrived for these learners only (other tests' suburb-wide alerts may hear of times too). */
  async function deliveredTo(...learners: Array<{ email: string }>) {
    const wanted = new Set(learners.map((l) => l.email));
    return (await mail.takeDelivered()).filter((m) => m.to.some((to) => wanted.has(to)));
  }

  async function alertFor(learner: Student, instructorId: string, date: string) {
    const res = await http.post(
      "/api/student/time-alerts",
      {
        instructorId,
        fromDate: sydneyTodayDate(t.clock.now),
        toDate: date,
        fromTime: "09:00",
        toTime: "10:00",
        lessonMinutes: 60,
      },
      learner.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.alert.id as string;
  }

  const linkIn = (text: string) => {
    const match = /https:\/\/kerb\.example\/student\/time-alerts\/offer\/([A-Za-z0-9_.%-]+)/.exec(text);
    if (!match?.[1]) throw new Error(`no offer link in: ${text}`);
    return decodeURIComponent(match[1]);
  };

  it("a cancellation frees a time: matching learners are emailed within a minute, the first to hold it wins", async () => {
    const date = nextDay();
    const { instructor, booker, lessonId, slot } = await bookedNineOClock(date);
    const ann = await aStudent(t, { firstName: "Ann" });
    const ben = await aStudent(t, { firstName: "Ben" });
    await alertFor(ann, instructor.id, date);
    await alertFor(ben, instructor.id, date);

    // Nothing opened yet: the times already free when the alerts were made are not news.
    await tick();
    expect(await deliveredTo(ann, ben)).toEqual([]);

    const cancelled = await http.post(`/api/student/bookings/${lessonId}/cancel`, undefined, booker.token);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await mail.clear(); // the booker's own cancellation email

    // The job runs every TIME_ALERT_SCAN_INTERVAL_SECONDS (15 by default): what a tick and its delivery
    // take comes on top, and stays far under the minute the issue promises.
    const started = performance.now();
    await tick();
    const delivered = await deliveredTo(ann, ben);
    const took = performance.now() - started;
    // Worst case: the cancellation commits just after a tick, so the next one comes a whole interval
    // later (the default; tests switch the timer off and tick by hand), then this tick and its delivery.
    const interval = loadEnv({}).TIME_ALERT_SCAN_INTERVAL_SECONDS;
    expect(interval).toBeGreaterThan(0);
    expect(interval * 1000 + took, `a tick and its delivery took ${Math.round(took)} ms`).toBeLessThan(
      60_000,
    );
    expect(delivered.map((m) => m.to[0]).sort()).toEqual([ann.email, ben.email].sort());
    const toAnn = delivered.find((m) => m.to[0] === ann.email);
    expect(toAnn?.parsed.subject).toBe("A lesson time just opened with Ivy Instructor");
    const text = toAnn?.parsed.text?.replace(/\s+/g, " ") ?? "";
    expect(text).toContain("Hi Ann,");
    expect(text).toContain("9:00 am");
    const annToken = linkIn(text);
    const benToken = linkIn(delivered.find((m) => m.to[0] === ben.email)?.parsed.text ?? "");

    // The link shows the time without holding it.
    const offer = await http.get(`/api/student/time-alert-offers/${encodeURIComponent(annToken)}`, ann.token);
    expect(offer.status, JSON.stringify(offer.body)).toBe(200);
    expect(offer.body.offer).toMatchObject({
      startTime: new Date(slot.startTime).toISOString(),
      available: true,
      price: slot.price,
      instructor: { id: instructor.id, firstName: "Ivy" },
    });
    // Another learner's link is not theirs.
    expect(
      (await http.get(`/api/student/time-alert-offers/${encodeURIComponent(annToken)}`, ben.token)).status,
    ).toBe(404);

    const held = await http.post(
      `/api/student/time-alert-offers/${encodeURIComponent(annToken)}/hold`,
      {},
      ann.token,
    );
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.body.payment.holdExpiresAt).not.toBeNull();
    const second = await http.post(
      `/api/student/time-alert-offers/${encodeURIComponent(benToken)}/hold`,
      {},
      ben.token,
    );
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(/^Someone else took this time/);
    // Ann paid through the usual confirmation; Ben's alert is still on, Ann's ended with her time.
    const confirm = await http.post(
      `/api/student/bookings/batch/confirm/${held.body.payment.id}`,
      undefined,
      ann.token,
    );
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    expect((await http.get("/api/student/time-alerts", ben.token)).body.alerts[0].status).toBe("ACTIVE");
    expect((await http.get("/api/student/time-alerts", ann.token)).body.alerts[0]).toMatchObject({
      status: "ENDED",
      endedReason: "TIME_HELD",
    });
  });

  it("an alert emails at most once a day; a time still free after the quiet day is sent then", async () => {
    const date = nextDay();
    const { instructor, booker, lessonId } = await bookedNineOClock(date);
    const cleo = await aStudent(t, { firstName: "Cleo" });
    await alertFor(cleo, instructor.id, date);
    await http.post(`/api/student/bookings/${lessonId}/cancel`, undefined, booker.token);
    await mail.clear();
    await tick();
    expect((await deliveredTo(cleo)).map((m) => m.to[0])).toEqual([cleo.email]);

    // The time is booked again, then freed again an hour later: news, but within the quiet day.
    const again = await payForSlots(http, booker.token, [await slotAt(booker, instructor.id, date, 9)]);
    await tick(); // 09:00 taken: forgotten as known
    await http.post(`/api/student/bookings/${again.lessons[0]?.id}/cancel`, undefined, booker.token);
    t.clock.advanceMinutes(60);
    await mail.clear();
    await tick();
    expect(await deliveredTo(cleo), "a second email within a day").toEqual([]);

    // A day after the first email the time is still free: now it is sent.
    t.clock.advanceMinutes(23 * 60);
    await tick();
    expect((await deliveredTo(cleo)).map((m) => m.to[0])).toEqual([cleo.email]);
  });

  it("does not offer a time the learner is already booked at with someone else", async () => {
    const date = nextDay();
    const { instructor, booker, lessonId } = await bookedNineOClock(date);
    const other = await anInstructor(t);
    const ida = await aStudent(t, { firstName: "Ida" });
    await payForSlots(http, ida.token, [await slotAt(ida, other.id, date, 9)]);
    await alertFor(ida, instructor.id, date);
    await http.post(`/api/student/bookings/${lessonId}/cancel`, undefined, booker.token);
    await mail.clear();
    await tick();
    expect(await deliveredTo(ida)).toEqual([]);
  });

  it("an alert for an instructor who is suspended ends, and the learner is told", async () => {
    const date = nextDay();
    const instructor = await anInstructor(t, { overrides: { firstName: "Sus", lastName: "Pended" } });
    const dee = await aStudent(t, { firstName: "Dee" });
    const alertId = await alertFor(dee, instructor.id, date);
    const res = await http.post(
      `/api/admin/users/${instructor.id}/suspend`,
      { reason: "Licence suspended by Transport for NSW" },
      admin.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await mail.clear();
    await tick();
    const delivered = await deliveredTo(dee);
    expect(delivered.map((m) => m.to[0])).toEqual([dee.email]);
    expect(delivered[0]?.parsed.subject).toBe("Your earlier-time alert for Sus Pended has ended");
    const alerts = (await http.get("/api/student/time-alerts", dee.token)).body.alerts;
    expect(alerts.find((a: { id: string }) => a.id === alertId)).toMatchObject({
      status: "ENDED",
      endedReason: "INSTRUCTOR_UNAVAILABLE",
    });
    // Ended once: the next tick says nothing more.
    await tick();
    expect(await deliveredTo(dee)).toEqual([]);
  });

  it("an alert for anyone in the suburb hears of new weekly hours", async () => {
    const hal = await anInstructor(t, { overrides: { firstName: "Hal", lastName: "Early" } });
    const gus = await aStudent(t, { firstName: "Gus" });
    const today = sydneyTodayDate(t.clock.now);
    // Sundays at dawn: nobody in Sydney CBD teaches then, yet.
    const made = await http.post(
      "/api/student/time-alerts",
      {
        fromDate: today,
        toDate: addDaysToDate(today, 20),
        fromTime: "05:00",
        toTime: "07:00",
        weekdays: [0],
      },
      gus.token,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.alert).toMatchObject({ instructor: null, suburb: "Sydney CBD", lessonMinutes: 60 });
    await tick();
    expect(await deliveredTo(gus)).toEqual([]);

    const weekly = [0, 1, 2, 3, 4, 5].map((weekday) => ({
      weekday,
      ranges: [{ start: weekday === 0 ? "05:00" : "09:00", end: weekday === 0 ? "08:00" : "17:00" }],
    }));
    const hours = await http.put("/api/instructor/availability/weekly", { weekly }, hal.token);
    expect(hours.status, JSON.stringify(hours.body)).toBe(200);
    await tick();
    const [email] = await deliveredTo(gus);
    expect(email?.parsed.subject).toBe("A lesson time just opened with Hal Early");
    expect(email?.parsed.text?.replace(/\s+/g, " ")).toContain("5:00 am");
    const token = linkIn(email?.parsed.text ?? "");
    const offer = await http.get(`/api/student/time-alert-offers/${encodeURIComponent(token)}`, gus.token);
    expect(offer.body.offer).toMatchObject({
      instructor: { id: hal.id, firstName: "Hal", lastName: "Early" },
      suburb: "Sydney CBD",
      available: true,
    });
  });

  it("refuses an alert in the past, too long, for an unknown or faraway instructor, or past the cap", async () => {
    const instructor = await anInstructor(t);
    const eve = await aStudent(t);
    const today = sydneyTodayDate(t.clock.now);
    const post = (body: Record<string, unknown>) =>
      http.post("/api/student/time-alerts", { lessonMinutes: 60, ...body }, eve.token);

    const past = await post({ fromDate: addDaysToDate(today, -1), toDate: today });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toMatch(/^Choose a first date from today/);
    const long = await post({ fromDate: today, toDate: addDaysToDate(today, TIME_ALERT_MAX_WINDOW_DAYS) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe(
      `An alert can watch at most ${TIME_ALERT_MAX_WINDOW_DAYS} days: choose an earlier last date`,
    );
    const backwards = await post({ fromDate: addDaysToDate(today, 3), toDate: today });
    expect(backwards.status).toBe(400);
    const unknown = await post({
      instructorId: "00000000-0000-4000-8000-000000000000",
      fromDate: today,
      toDate: addDaysToDate(today, 5),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("That instructor is not taking bookings on Kerb");
    const faraway = await post({
      instructorId: instructor.id,
      suburb: "Parramatta",
      fromDate: today,
      toDate: addDaysToDate(today, 5),
    });
    expect(faraway.status).toBe(400);
    expect(faraway.body.error.message).toBe("That instructor does not teach in Parramatta");

    for (let i = 0; i < TIME_ALERT_MAX_ACTIVE; i++) {
      expect((await post({ fromDate: today, toDate: addDaysToDate(today, 10 + i) })).status).toBe(201);
    }
    const over = await post({ fromDate: today, toDate: addDaysToDate(today, 20) });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe(
      `You already have ${TIME_ALERT_MAX_ACTIVE} alerts on. End one before setting another.`,
    );
    // Ending one makes room.
    const [first] = (await http.get("/api/student/time-alerts", eve.token)).body.alerts;
    const ended = await http.delete(`/api/student/time-alerts/${first.id}`, eve.token);
    expect(ended.status).toBe(200);
    expect(ended.body.alert).toMatchObject({ status: "ENDED", endedReason: "LEARNER" });
    expect((await post({ fromDate: today, toDate: addDaysToDate(today, 20) })).status).toBe(201);
    // Another learner's alert cannot be ended by them.
    const other = await aStudent(t);
    expect((await http.delete(`/api/student/time-alerts/${first.id}`, other.token)).status).toBe(404);
  });

  it("a lapsed link is refused with a sentence, and an alert whose window passed ends quietly", async () => {
    const date = nextDay();
    const { instructor, booker, lessonId } = await bookedNineOClock(date);
    const fay = await aStudent(t, { firstName: "Fay" });
    await alertFor(fay, instructor.id, date);
    await http.post(`/api/student/bookings/${lessonId}/cancel`, undefined, booker.token);
    await mail.clear();
    await tick();
    const [email] = await deliveredTo(fay);
    const token = linkIn(email?.parsed.text ?? "");
    t.clock.advanceMinutes(25 * 60);
    const lapsed = await http.post(
      `/api/student/time-alert-offers/${encodeURIComponent(token)}/hold`,
      {},
      fay.token,
    );
    expect(lapsed.status).toBe(410);
    expect(lapsed.body.error.message).toMatch(/^This link has lapsed/);
    const forged = await http.get(
      `/api/student/time-alert-offers/${encodeURIComponent(`${token}x`)}`,
      fay.token,
    );
    expect(forged.status).toBe(404);

    t.clock.advanceMinutes(14 * 24 * 60);
    await tick();
    expect(await deliveredTo(fay)).toEqual([]);
    expect((await http.get("/api/student/time-alerts", fay.token)).body.alerts[0]).toMatchObject({
      status: "ENDED",
      endedReason: "WINDOW_PASSED",
    });
  });
});
