/**
 * The demo data is made through the use cases (seed-history.ts): what the demo accounts see adds up,
 * and the ledger balances on a fresh install.
 */
import { dollarsToCents, instructorEarningsCents, lessonMinutesBetween } from "@kerb/shared/rules";
import { afterAll, beforeAll, expect, it } from "vitest";
import { testPackageOffers } from "../db/schema/index.ts";
import { api } from "../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../test/test-app.ts";

describeEachDatabase("the demo data", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
  });
  afterAll(() => t.close());

  it("every completed lesson in the demo instructor's list is paid and counted in his earnings", async () => {
    const { accessToken } = await http.login("instructor@demo.test");
    const past = await http.get("/api/instructor/lessons?scope=past&pageSize=100", accessToken);
    expect(past.status).toBe(200);
    const completed = past.body.items.filter((l: { status: string }) => l.status === "COMPLETED");
    expect(completed.length).toBeGreaterThan(1);
    const earnings = await http.get("/api/instructor/earnings", accessToken);
    expect(earnings.status).toBe(200);
    const gross = completed.reduce((s: number, l: { price: number }) => s + dollarsToCents(l.price), 0);
    expect({
      lessons: earnings.body.totals.lessons,
      gross: dollarsToCents(earnings.body.totals.gross),
      net: dollarsToCents(earnings.body.totals.net),
    }).toEqual({
      lessons: completed.length,
      gross,
      net: completed.reduce(
        (s: number, l: { price: number }) => s + instructorEarningsCents(dollarsToCents(l.price)),
        0,
      ),
    });
  });

  it("the demo student's lessons were bought in one checkout, and the seeded ledger balances", async () => {
    const student = await http.login("student@demo.test");
    const payments = await http.get("/api/student/payments", student.accessToken);
    expect(payments.status).toBe(200);
    expect(payments.body.payments).toHaveLength(1);
    expect(payments.body.payments[0]).toMatchObject({ status: "PAID", type: "BOOKINGS" });
    const admin = await http.login("admin@demo.test");
    const balance = await http.get("/api/admin/ledger/balance", admin.accessToken);
    expect(balance.body.unbalancedPayments).toEqual([]);
    expect(balance.body.balanced).toBe(true);
    expect(balance.body.payments.checked).toBeGreaterThan(10);
  });

  it("shows a newcomer 90 and 120-minute lessons: the demo checkout mixes lengths, and some instructors offer them", async () => {
    const student = await http.login("student@demo.test");
    const profile = await http.get("/api/student/profile", student.accessToken);
    expect(profile.status).toBe(200);
    const lessons = (
      profile.body.bookings as Array<{ startTime: string; endTime: string; status: string; price: number }>
    )
      .map((b) => ({
        minutes: lessonMinutesBetween(b.startTime, b.endTime),
        status: b.status,
        price: b.price,
      }))
      .sort((a, b) => a.minutes - b.minutes);
    // Daniel Cooper's $75 an hour, by each lesson's length, all outside pool hours.
    expect(lessons).toEqual([
      { minutes: 60, status: "SCHEDULED", price: 75 },
      { minutes: 90, status: "SCHEDULED", price: 112.5 },
      { minutes: 120, status: "COMPLETED", price: 150 },
    ]);
    const listed = await http.get("/api/student/instructors?suburb=Sydney%20CBD", student.accessToken);
    const lengths = (listed.body as Array<{ lessonLengths: number[] }>).map((i) => i.lessonLengths.join(","));
    expect(lengths).toContain("60,90,120");
    expect(lengths).toContain("60");
  });

  it("every rated instructor's rating is the average of reviews of lessons they taught", async () => {
    const res = await http.get(
      "/api/admin/reviews?pageSize=100",
      (await http.login("admin@demo.test")).accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(100);
  });

  it("offers driving-test packages: the demo instructor at four centres, some others at two", async () => {
    const { accessToken } = await http.login("instructor@demo.test");
    const own = await http.get("/api/instructor/test-package", accessToken);
    expect(own.body).toMatchObject({ enabled: true, includesWarmUp: true });
    expect(own.body.centres).toHaveLength(4);
    const offers = await t.database.db.select().from(testPackageOffers);
    expect(offers.filter((o) => o.enabled).length).toBeGreaterThan(4);
    // Each one public: the price learners see has GST in it.
    const other = offers.find((o) => o.instructorId !== own.body.instructorId && o.centreIds.length === 2);
    const seen = await http.get(`/api/instructors/${other?.instructorId}/test-package`);
    expect(seen.body).toMatchObject({
      offered: true,
      price: Math.round((other?.priceCents ?? 0) * 1.1) / 100,
    });
  });

  it("Tess is a test away from the pass promise: her failed pack is claimed and approved live", async () => {
    const instructor = await http.login("instructor@demo.test");
    const past = await http.get("/api/instructor/lessons?scope=past&pageSize=100", instructor.accessToken);
    const pack = past.body.items.find(
      (l: { testPack: unknown; student: { firstName: string } }) =>
        l.testPack && l.student.firstName === "Tess",
    );
    expect(pack).toMatchObject({
      status: "SCHEDULED",
      testPack: { centre: { id: "botany" }, outcome: null },
    });
    const recorded = await http.post(
      `/api/instructor/lessons/${pack.id}/test-outcome`,
      { outcome: "FAILED", note: "Kerb-side parking" },
      instructor.accessToken,
    );
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);

    const tess = await http.login("tess@demo.test");
    const claim = await http.post("/api/student/test-pack-claims", { bookingId: pack.id }, tess.accessToken);
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);
    const admin = await http.login("admin@demo.test");
    const approved = await http.post(
      `/api/admin/test-pack-claims/${claim.body.claim.id}/approve`,
      undefined,
      admin.accessToken,
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.claim).toMatchObject({ status: "APPROVED", credit: { usedByBookingId: null } });
  });
});
