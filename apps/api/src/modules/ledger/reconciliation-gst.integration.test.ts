/**
 * The monthly reconciliation's GST credits line: a payout to a GST-registered instructor carries GST on
 * its recipient-created tax invoice, which Kerb books to GST_CREDITS; the month of the payout shows it,
 * to the cent, and an unregistered instructor's payout adds nothing to it.
 */
import { dollarsToCents, sydneyDateOf } from "@kerb/shared/rules";
import { afterAll, beforeAll, expect, it } from "vitest";
import { newInstructor, newStudent } from "../../test/fixtures/instructor-fixtures.ts";
import { insertOutcome, periodAt, sydneyAt } from "../../test/fixtures/payout-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const GST_ABN = "53004085616";

describeEachDatabase("reconciliation: GST credits on RCTIs", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    admin = (await http.login("admin@demo.test")).accessToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows a GST-registered instructor's payout as a GST credit equal to the payout's GST", async () => {
    const registered = await newInstructor(
      http,
      t.database.db,
      { firstName: "Gina", lastName: "Registered" },
      { abn: GST_ABN, gstRegistered: true },
    );
    const unregistered = await newInstructor(http, t.database.db, { firstName: "Uma", lastName: "Small" });
    const student = await newStudent(http, { firstName: "Sam", lastName: "Learner" });
    const period = periodAt(t.clock.now);
    for (const [instructorId, priceCents] of [
      [registered.id, 8000],
      [registered.id, 6500],
      [unregistered.id, 8000],
    ] as const) {
      await insertOutcome(t.database.db, {
        studentId: student.id,
        instructorId,
        start: sydneyAt(period.tuesday, priceCents === 6500 ? 11 : 9),
        status: "COMPLETED",
        priceCents,
      });
    }

    // The payout journals are dated when the run makes them up: this month.
    const month = sydneyDateOf(t.clock.now).slice(0, 7);
    const reconciliation = async () => {
      const res = await http.get(`/api/admin/reconciliation?month=${month}`, admin);
      expect(res.status).toBe(200);
      return res.body;
    };
    const before = await reconciliation();
    expect(before.gstCreditsCents).toBe(0);

    expect((await http.post("/api/admin/payouts/run", undefined, admin)).status).toBe(200);
    const [payout] = (await http.get("/api/instructor/payouts", registered.token)).body.payouts;
    // $80 and $65 lessons: share $60.00 + $48.75, GST $6.00 + $4.88.
    expect(payout).toMatchObject({ net: 108.75, gst: 10.88, total: 119.63 });
    const [plain] = (await http.get("/api/instructor/payouts", unregistered.token)).body.payouts;
    expect(plain).toMatchObject({ net: 60, gst: 0 });

    const after = await reconciliation();
    expect(after.gstCreditsCents).toBe(dollarsToCents(payout.gst));
    // The GST on sales is another line: the credit does not net it.
    expect(after.gstCents).toBe(before.gstCents);
    // The run paid the seeded instructors as well (none registered for GST): only Gina's payout has GST.
    expect(after.paidOutCents - before.paidOutCents).toBeGreaterThanOrEqual(
      dollarsToCents(payout.total) + dollarsToCents(plain.total),
    );
    // A month without a payout has no credit.
    const earlier = await http.get("/api/admin/reconciliation?month=2001-01", admin);
    expect(earlier.body.gstCreditsCents).toBe(0);
    const balance = await http.get("/api/admin/ledger/balance", admin);
    expect(balance.body).toMatchObject({ balanced: true, totalCents: 0 });
  });
});
