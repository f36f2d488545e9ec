/**
 * Migration 0008 on a database that already has payouts: before it, a payout took its money out of
 * cash when it was made up, transferred or not. The migration must leave every payout as one made up
 * today would be (due until transferred) without touching a posted journal.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { payoutsDue } from "../modules/ledger/ledger.repository.ts";
import { payoutAccountSum } from "../test/fixtures/payout-fixtures.ts";
import { migrateUpTo } from "../test/migrate-up-to.ts";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../test/test-app.ts";
import { ledgerEntries, ledgerJournals } from "./schema/index.ts";

describeEachDatabase("migration 0008: payouts made up before PAYOUTS_DUE", (kind) => {
  let database: TestDatabase;
  const paidAt = new Date("2026-11-03T01:00:00.000Z");
  const madeAt = new Date("2026-11-02T14:00:00.000Z");
  const ids: Record<"paid" | "failed" | "pending", string> = { paid: "", failed: "", pending: "" };

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrated: false });
    const db = database.handle.db;
    await migrateUpTo(kind, database, "0007_availability_versions");

    // Plain SQL in the columns users had at 0007: the schema of today has columns added since.
    const inserted = (await db.execute(sql`
      insert into users (email, password_hash, role, first_name, last_name)
      values ('paid-before@example.test', 'x', 'INSTRUCTOR', 'Pat', 'Before')
      returning id`)) as unknown as { rows: { id: string }[] };
    const instructorId = inserted.rows[0]?.id ?? "";
    const statuses = [
      ["paid", 6000, "PAID", "2026-10-19"],
      ["failed", 4500, "FAILED", "2026-10-26"],
      ["pending", 3000, "PENDING", "2026-11-02"],
    ] as const;
    for (const [name, amountCents, status, periodStart] of statuses) {
      // Plain SQL too: payouts have had columns added since (gst_cents in 0016).
      const payout = (await db.execute(sql`
        insert into payouts (instructor_id, period_start, period_end, lesson_count, gross_cents, fee_cents,
          amount_cents, status, provider, created_at, paid_at)
        values (${instructorId}, ${periodStart}, ${periodStart}, 1, ${amountCents * 2}, ${amountCents},
          ${amountCents}, ${status}, 'stripe', ${madeAt}, ${status === "PAID" ? paidAt : null})
        returning id`)) as unknown as { rows: { id: string }[] };
      ids[name] = payout.rows[0]?.id ?? "";
      // As 0006's payouts were posted: payable straight out of cash.
      const [journal] = await db
        .insert(ledgerJournals)
        .values({ key: `payout:${ids[name]}`, event: "payout", payoutId: ids[name], occurredAt: madeAt })
        .returning({ id: ledgerJournals.id });
      await db.insert(ledgerEntries).values([
        { journalId: journal?.id ?? "", account: "INSTRUCTOR_PAYABLE", instructorId, amountCents },
        { journalId: journal?.id ?? "", account: "STUDENT_CASH", amountCents: -amountCents },
      ]);
    }

    await database.handle.migrate();
  });
  afterAll(async () => {
    await database?.drop();
  });

  const balanceOf = (payoutId: string, account: "STUDENT_CASH" | "PAYOUTS_DUE") =>
    payoutAccountSum(database.handle.db, payoutId, account);

  it("takes money out of cash only for the payout whose transfer went through, dated when it was paid", async () => {
    expect(await balanceOf(ids.paid, "STUDENT_CASH")).toBe(-6000);
    expect(await balanceOf(ids.paid, "PAYOUTS_DUE")).toBe(0);
    for (const [id, cents] of [
      [ids.failed, 4500],
      [ids.pending, 3000],
    ] as const) {
      expect(await balanceOf(id, "STUDENT_CASH")).toBe(0);
      expect(await balanceOf(id, "PAYOUTS_DUE")).toBe(-cents);
    }
    const [paid] = await database.handle.db
      .select()
      .from(ledgerJournals)
      .where(eq(ledgerJournals.key, `payout:${ids.paid}:paid`));
    expect(paid).toMatchObject({ event: "payout.paid", occurredAt: paidAt });
  });

  it("keeps every journal balanced and the payouts due equal to the payouts not transferred", async () => {
    const unbalanced = await database.handle.db
      .select({ journalId: ledgerEntries.journalId })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.journalId)
      .having(sql`sum(${ledgerEntries.amountCents}) <> 0`);
    expect(unbalanced).toEqual([]);
    expect(await payoutsDue(database.handle.db)).toEqual({ ledgerDueCents: 7500, untransferredCents: 7500 });
  });

  it("leaves the journals posted before it as they were, and adds each correction once", async () => {
    const events = await database.handle.db
      .select({ event: ledgerJournals.event, n: sql<number>`count(*)`.mapWith(Number) })
      .from(ledgerJournals)
      .groupBy(ledgerJournals.event)
      .orderBy(ledgerJournals.event);
    expect(events).toEqual([
      { event: "payout", n: 3 },
      { event: "payout.paid", n: 1 },
      { event: "payout.restated", n: 3 },
    ]);
    // Migrating again (a second replica starting) finds nothing to do.
    await database.handle.migrate();
    const [count] = await database.handle.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(ledgerJournals);
    expect(count?.n).toBe(7);
  });
});
