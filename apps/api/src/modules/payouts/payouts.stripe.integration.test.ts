import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { instructorProfiles, payouts } from "../../db/schema/index.ts";
import { startFakeStripe } from "../../test/fake-stripe.ts";
import { newInstructor, newStudent } from "../../test/fixtures/instructor-fixtures.ts";
import { insertOutcome, payoutAccountSum, periodAt, sydneyAt } from "../../test/fixtures/payout-fixtures.ts";
import { api } from "../../test/http.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { transferIdempotencyKey } from "./payout-provider.ts";

describeEachDatabase("instructor payouts through Stripe Connect (real SDK, local fake server)", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let admin: string;
  let connected: { id: string; token: string };
  let unconnected: { id: string; token: string };
  let another: { id: string; token: string };
  let skippedBefore = 0;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp(kind, {
      seed: true,
      env: {
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_kerb",
        STRIPE_API_BASE: stripe.url,
        PUBLIC_URL: "https://kerb.example.test",
      },
    });
    http = api(t.app);
    admin = (await http.login("admin@demo.test")).accessToken;
    connected = await newInstructor(http, t.database.db);
    unconnected = await newInstructor(http, t.database.db);
    another = await newInstructor(http, t.database.db);
    const student = await newStudent(http);
    const period = periodAt(t.clock.now);
    for (const [instructor, price] of [
      [connected, 8000],
      [unconnected, 7000],
      [another, 6000],
    ] as const) {
      await insertOutcome(t.database.db, {
        studentId: student.id,
        instructorId: instructor.id,
        start: sydneyAt(period.tuesday, 10),
        status: "COMPLETED",
        priceCents: price,
      });
    }
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const payoutOf = async (instructorId: string) => {
    const rows = await t.database.db.select().from(payouts).where(eq(payouts.instructorId, instructorId));
    expect(rows.length).toBeLessThanOrEqual(1);
    return rows[0];
  };
  const transfersTo = (instructorId: string) =>
    t.database.db
      .select({ account: instructorProfiles.stripeAccountId })
      .from(instructorProfiles)
      .where(eq(instructorProfiles.userId, instructorId))
      .then(([row]) => stripe.transfers.filter((tr) => tr.destination === row?.account));

  it("onboards an instructor to a Connect Express account, once, with a fresh link each time", async () => {
    const first = await http.post("/api/instructor/payouts/connect", undefined, connected.token);
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(/^https:\/\/connect\.example\.test\/setup\/acct_test_\d+\/\d+$/);
    const account = stripe.accounts.at(-1);
    expect(account).toMatchObject({ type: "express", idempotencyKey: `kerb-connect-${connected.id}` });
    expect(stripe.accountLinks.at(-1)).toMatchObject({
      account: account?.id,
      return_url: "https://kerb.example.test/instructor/earnings?stripe=return",
    });
    const again = await http.post("/api/instructor/payouts/connect", {}, connected.token);
    expect(again.status).toBe(200);
    expect(again.body.url).not.toBe(first.body.url);
    expect(stripe.accounts.filter((a) => a.idempotencyKey === `kerb-connect-${connected.id}`)).toHaveLength(
      1,
    );
    const list = await http.get("/api/instructor/payouts", connected.token);
    expect(list.body.details).toMatchObject({ provider: "stripe", stripeConnected: true });
    expect((await http.post("/api/instructor/payouts/connect", undefined, another.token)).status).toBe(200);
  });

  it("transfers each payout once with its id as idempotency key; unconnected instructors accrue", async () => {
    stripe.failNextTransfers(0);
    // Several runs at once: one payout, one transfer.
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => http.post("/api/admin/payouts/run", undefined, admin)),
    );
    for (const run of runs) expect(run.status).toBe(200);
    expect(runs.reduce((n, r) => n + r.body.created, 0)).toBe(2);
    // The seeded demo instructors have no account either: they all accrue.
    skippedBefore = runs[0]?.body.skippedWithoutAccount;
    expect(skippedBefore).toBeGreaterThanOrEqual(1);
    expect(runs.every((r) => r.body.skippedWithoutAccount === skippedBefore)).toBe(true);

    const payout = await payoutOf(connected.id);
    expect(payout).toMatchObject({ status: "PAID", provider: "stripe", amountCents: 6000, attempts: 1 });
    const sent = await transfersTo(connected.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      amount: 6000,
      currency: "aud",
      transfer_group: `payout_${payout?.id}`,
      idempotencyKey: transferIdempotencyKey(payout?.id ?? "", 1),
    });
    expect(transferIdempotencyKey(payout?.id ?? "", 1)).toBe(`kerb-payout-${payout?.id}`);
    expect(payout?.providerRef).toBe(sent[0]?.id);

    // No account: no payout, no transfer; the lesson stays unpaid-out.
    expect(await payoutOf(unconnected.id)).toBeUndefined();
    const list = await http.get("/api/instructor/payouts", unconnected.token);
    expect(list.body.unpaid).toEqual({ lessons: 1, gross: 70, fee: 17.5, net: 52.5, gst: 0, total: 52.5 });

    const again = await http.post("/api/admin/payouts/run", undefined, admin);
    expect(again.body.created).toBe(0);
    expect(await transfersTo(connected.id)).toHaveLength(1);
    // Every payout the fake saw was transferred exactly once.
    const perGroup = new Map<string, number>();
    for (const tr of stripe.transfers)
      perGroup.set(tr.transfer_group, (perGroup.get(tr.transfer_group) ?? 0) + 1);
    expect([...perGroup.values()].every((n) => n === 1)).toBe(true);
  });

  it("pays an instructor's accrued lessons once they connect", async () => {
    expect((await http.post("/api/instructor/payouts/connect", undefined, unconnected.token)).status).toBe(
      200,
    );
    const run = await http.post("/api/admin/payouts/run", undefined, admin);
    expect(run.body.skippedWithoutAccount).toBe(skippedBefore - 1);
    const mine = run.body.payouts.find((p: { instructorId: string }) => p.instructorId === unconnected.id);
    expect(mine).toMatchObject({ amount: 52.5, status: "PAID", lessons: 1 });
    expect(await transfersTo(unconnected.id)).toHaveLength(1);
  });
});

describeEachDatabase("a failed payout transfer, retried by an admin", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp(kind, {
      seed: true,
      env: { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_kerb", STRIPE_API_BASE: stripe.url },
    });
    http = api(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  /** What the ledger says left cash for one payout: nothing until its transfer goes through. */
  const cashOutOf = async (payoutId: string) =>
    0 - (await payoutAccountSum(t.database.db, payoutId, "STUDENT_CASH")); // a credit, shown positive

  it("is FAILED after an outage, and a retry succeeds with exactly one transfer", async () => {
    const admin = (await http.login("admin@demo.test")).accessToken;
    const instructor = await newInstructor(http, t.database.db);
    const student = await newStudent(http);
    const period = periodAt(t.clock.now);
    await insertOutcome(t.database.db, {
      studentId: student.id,
      instructorId: instructor.id,
      start: sydneyAt(period.tuesday, 10),
      status: "COMPLETED",
      priceCents: 9000,
    });
    expect((await http.post("/api/instructor/payouts/connect", undefined, instructor.token)).status).toBe(
      200,
    );

    stripe.failNextTransfers(1);
    await http.post("/api/admin/payouts/run", undefined, admin);
    const [failed] = await t.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.instructorId, instructor.id));
    expect(failed).toMatchObject({ status: "FAILED", attempts: 1, amountCents: 6750 });
    expect(failed?.lastError).toMatch(/outage/);
    expect(stripe.transfers.filter((tr) => tr.transfer_group === `payout_${failed?.id}`)).toHaveLength(0);
    // No money moved: the ledger keeps it in cash, due to the instructor, and the check agrees.
    expect(await cashOutOf(failed?.id ?? "")).toBe(0);
    const dueAfterFailure = (await http.get("/api/admin/ledger/balance", admin)).body.payouts;
    expect(dueAfterFailure.ledgerDueCents).toBe(dueAfterFailure.untransferredCents);
    expect(dueAfterFailure.ledgerDueCents).toBeGreaterThanOrEqual(6750);
    const monthAfterFailure = (await http.get("/api/admin/reconciliation", admin)).body;
    expect(monthAfterFailure.payoutsDueCents).toBe(dueAfterFailure.ledgerDueCents);

    const listed = await http.get("/api/admin/payouts?status=FAILED", admin);
    expect(listed.body.summary.failed).toEqual({ count: 1, amount: 67.5 });
    expect(listed.body.items[0]).toMatchObject({
      id: failed?.id,
      status: "FAILED",
      lastError: expect.stringMatching(/outage/),
    });

    // A repeated run does not retry a failure by itself: that is the operator's call.
    await http.post("/api/admin/payouts/run", undefined, admin);
    expect(stripe.transferRequests.filter((r) => r.idempotencyKey.includes(failed?.id ?? "-"))).toHaveLength(
      1,
    );

    const retry = await http.post(`/api/admin/payouts/${failed?.id}/retry`, undefined, admin);
    expect(retry.status).toBe(200);
    expect(retry.body.payout).toMatchObject({ status: "PAID", attempts: 2, lastError: null, amount: 67.5 });
    const sent = stripe.transfers.filter((tr) => tr.transfer_group === `payout_${failed?.id}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.idempotencyKey).toBe(transferIdempotencyKey(failed?.id ?? "", 2));
    expect(await cashOutOf(failed?.id ?? "")).toBe(6750);
    const dueAfterRetry = (await http.get("/api/admin/ledger/balance", admin)).body.payouts;
    const monthAfterRetry = (await http.get("/api/admin/reconciliation", admin)).body;
    expect(monthAfterRetry.paidOutCents).toBe(monthAfterFailure.paidOutCents + 6750);
    expect(monthAfterRetry.payoutsDueCents).toBe(monthAfterFailure.payoutsDueCents - 6750);
    expect(dueAfterRetry).toEqual({
      ledgerDueCents: dueAfterFailure.ledgerDueCents - 6750,
      untransferredCents: dueAfterFailure.untransferredCents - 6750,
    });

    const twice = await http.post(`/api/admin/payouts/${failed?.id}/retry`, undefined, admin);
    expect(twice.status).toBe(409);
    expect(stripe.transfers.filter((tr) => tr.transfer_group === `payout_${failed?.id}`)).toHaveLength(1);
  });
});
