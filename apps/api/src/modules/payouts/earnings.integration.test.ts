/** What an instructor has earned per Sydney month (GET /api/instructor/earnings) and the dashboard's tile. */
import {
  addDaysToDate,
  centsToDollars,
  instructorEarningsCents,
  platformFeeCents,
  sydneyTodayDate,
  sydneyWallTimeToInstant,
} from "@kerb/shared/rules";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  addHours,
  insertLesson,
  insertPaidLesson,
  newInstructor,
  newStudent,
} from "../../test/fixtures/instructor-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const at = (date: string, hour: number) => {
  const instant = sydneyWallTimeToInstant(date, hour * 60);
  if (!instant) throw new Error(`no ${date} ${hour}:00 in Sydney`);
  return instant;
};

describeEachDatabase("instructor earnings", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;

  it("reports earnings per Sydney month after the 25% fee, equal to the dashboard tile to the cent, counting lessons as the payout note does", async () => {
    const ivy = await newInstructor(http, db());
    // A student of their own: one student cannot be in two lessons at once, and the suite shares one.
    const studentId = (await newStudent(http)).id;
    const other = await newStudent(http);
    const month = sydneyTodayDate(t.clock.now).slice(0, 7);
    const first = `${month}-01`;
    const lastMonthDay = addDaysToDate(first, -1);
    // Odd prices make the per-lesson rounding visible: 7333 × 0.75 = 5499.75 → 5500.
    const thisMonth = [7333, 4877, 4877, 10001];
    for (const [i, priceCents] of thisMonth.entries()) {
      await insertPaidLesson(db(), {
        studentId: i % 2 ? studentId : other.id,
        instructorId: ivy.id,
        start: at(first, i),
        status: "COMPLETED",
        priceCents,
      });
    }
    await insertPaidLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: at(lastMonthDay, 23),
      status: "COMPLETED",
      priceCents: 9999,
    });
    // A paid no-show earns its price like a late cancellation (paid for the hour, not a lesson taught);
    // a cancellation with nothing kept, and a lesson nobody paid for, earn nothing.
    await insertPaidLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: at(first, 6),
      status: "NO_SHOW",
      priceCents: 5000,
    });
    await insertPaidLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: at(first, 7),
      status: "CANCELLED",
      priceCents: 5000,
    });
    await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: at(first, 8),
      status: "COMPLETED",
      priceCents: 5000,
    });
    await insertLesson(db(), {
      studentId,
      instructorId: ivy.id,
      start: addHours(t.clock.now, 100),
      priceCents: 5000,
    });

    const net = (prices: number[]) => prices.reduce((s, p) => s + instructorEarningsCents(p), 0);
    const fee = (prices: number[]) => prices.reduce((s, p) => s + platformFeeCents(p), 0);
    const gross = (prices: number[]) => prices.reduce((s, p) => s + p, 0);

    const earning = [...thisMonth, 5000];
    const res = await http.get("/api/instructor/earnings", ivy.token);
    expect(res.status).toBe(200);
    expect(res.body.months).toEqual([
      {
        // Four taught and the no-show: every lesson paid for counts, as it does on payouts.
        month,
        lessons: 5,
        testPacks: 0,
        gross: centsToDollars(gross(earning)),
        platformFee: centsToDollars(fee(earning)),
        net: centsToDollars(net(earning)),
        gst: 0,
        total: centsToDollars(net(earning)),
      },
      {
        month: lastMonthDay.slice(0, 7),
        lessons: 1,
        testPacks: 0,
        gross: 99.99,
        platformFee: centsToDollars(platformFeeCents(9999)),
        net: centsToDollars(instructorEarningsCents(9999)),
        gst: 0,
        total: centsToDollars(instructorEarningsCents(9999)),
      },
    ]);
    const all = [...earning, 9999];
    expect(res.body.totals).toEqual({
      lessons: 6,
      testPacks: 0,
      gross: centsToDollars(gross(all)),
      platformFee: centsToDollars(fee(all)),
      net: centsToDollars(net(all)),
      gst: 0,
      total: centsToDollars(net(all)),
    });
    expect(res.body).toMatchObject({ gstRegistered: false, payoutHold: null });
    // Fee and net add up to the gross exactly, in cents.
    for (const m of [...res.body.months, res.body.totals]) {
      expect(Math.round(m.platformFee * 100) + Math.round(m.net * 100)).toBe(Math.round(m.gross * 100));
    }
    expect(net(thisMonth)).toBe(5500 + 3658 + 3658 + 7501);

    const dashboard = await http.get("/api/instructor/dashboard", ivy.token);
    expect(dashboard.body.tiles.monthlyEarnings).toBe(res.body.months[0].net);
    // Nothing is paid out yet: the payout note counts the same lessons and money as the table's totals.
    const payouts = await http.get("/api/instructor/payouts", ivy.token);
    expect(payouts.status).toBe(200);
    expect(payouts.body.unpaid).toMatchObject({ lessons: res.body.totals.lessons, net: res.body.totals.net });
  });

  it("returns empty earnings for an instructor without lessons", async () => {
    const ivy = await newInstructor(http, db());
    const res = await http.get("/api/instructor/earnings", ivy.token);
    expect(res.body).toEqual({
      months: [],
      totals: { lessons: 0, testPacks: 0, gross: 0, platformFee: 0, net: 0, gst: 0, total: 0 },
      testPacks: [],
      gstRegistered: false,
      payoutHold: null,
    });
    expect((await http.get("/api/instructor/dashboard", ivy.token)).body.tiles.monthlyEarnings).toBe(0);
  });
});
