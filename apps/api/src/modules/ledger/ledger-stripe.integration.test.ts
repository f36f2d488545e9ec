import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardRefunds, ledgerEntries, ledgerJournals } from "../../db/schema/index.ts";
import { holdLesson, registerStudent, weekdayAhead } from "../../test/booking-fixtures.ts";
import { type FakeSession, startFakeStripe } from "../../test/fake-stripe.ts";
import { api } from "../../test/http.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

const WEBHOOK_SECRET = "whsec_test_ledger";

describe("the ledger with Stripe: a charge for lapsed holds is posted and refunded whole", () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let demo: string;
  let admin: string;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp("pglite", {
      seed: true,
      env: {
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_kerb",
        STRIPE_API_BASE: stripe.url,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    });
    http = api(t.app);
    demo = (await http.login("instructor@demo.test")).user.id;
    admin = (await http.login("admin@demo.test")).accessToken;
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const completed = (session: FakeSession) => {
    const payload = JSON.stringify({
      id: `evt_ledger_${session.id}`,
      object: "event",
      type: "checkout.session.completed",
      data: { object: { ...session, object: "checkout.session" } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return t.app.inject({
      method: "POST",
      url: "/api/payment/webhook/stripe",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      payload,
    });
  };

  const linesOf = async (key: string) => {
    const [row] = await t.database.db.select().from(ledgerJournals).where(eq(ledgerJournals.key, key));
    if (!row) return undefined;
    const lines = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.journalId, row.id));
    return Object.fromEntries(lines.map((l) => [l.account, l.amountCents]));
  };

  it("posts the capture and the whole refund, and the ledger still balances", async () => {
    const student = await registerStudent(http);
    const { paymentId } = await holdLesson(http, student.accessToken, {
      date: weekdayAhead(t.clock.now, 7),
      instructorId: demo,
    });
    const session = [...stripe.sessions.values()].find((s) => s.metadata.paymentId === paymentId);
    if (!session) throw new Error("no session");

    // The hold lapses, then the card is charged anyway.
    t.clock.advanceMinutes(45);
    stripe.pay(session.id);
    expect((await completed(session)).statusCode).toBe(200);
    // A retried webhook changes nothing.
    expect((await completed(session)).statusCode).toBe(200);

    const [refund] = await t.database.db
      .select()
      .from(cardRefunds)
      .where(eq(cardRefunds.paymentId, paymentId));
    expect(refund).toMatchObject({ reason: "UNFULFILLED_PAYMENT", amountCents: 8250 });
    expect(await linesOf(`payment:${paymentId}:captured`)).toEqual({
      STUDENT_CASH: 8250,
      GST_PAYABLE: -750,
      UNEARNED_REVENUE: -7500,
    });
    expect(await linesOf(`refund:${refund?.id}`)).toEqual({
      UNEARNED_REVENUE: 7500,
      GST_PAYABLE: 750,
      REFUNDS: -8250,
    });
    const balance = await http.get("/api/admin/ledger/balance", admin);
    expect(balance.body).toMatchObject({ balanced: true, totalCents: 0, payments: { unbalanced: 0 } });
  });
});
