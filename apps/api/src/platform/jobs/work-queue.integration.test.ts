import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { outbox } from "../../db/schema/index.ts";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../test/test-app.ts";
import { workQueue } from "./work-queue.ts";

// The queue over a real queue table (the outbox), with its own lease so the timings read plainly.
const LEASE_MS = 10 * 60_000;
const queue = workQueue(outbox, { pending: "PENDING", done: "SENT", failed: "FAILED", leaseMs: LEASE_MS });
const start = new Date("2026-11-22T00:00:00Z");
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

describeEachDatabase("work queue", (kind) => {
  let d: TestDatabase;
  beforeAll(async () => {
    d = await createTestDatabase(kind);
  });
  afterAll(() => d.drop());
  beforeEach(() => d.handle.db.delete(outbox));

  /** Pending, pending after a failed attempt, and given up on. */
  async function counts() {
    const rows = await d.handle.db
      .select({ status: outbox.status, lastError: outbox.lastError })
      .from(outbox);
    return {
      pending: rows.filter((r) => r.status === "PENDING").length,
      failing: rows.filter((r) => r.status === "PENDING" && r.lastError !== null).length,
      failed: rows.filter((r) => r.status === "FAILED").length,
    };
  }

  async function enqueue(n: number, due = start) {
    const rows = await d.handle.db
      .insert(outbox)
      .values(
        Array.from({ length: n }, (_, i) => ({
          kind: "booking_confirmed" as const,
          toEmail: `s${i}@example.com`,
          subject: `Message ${i}`,
          textBody: "text",
          htmlBody: "<p>html</p>",
          nextAttemptAt: due,
          createdAt: due,
        })),
      )
      .returning({ id: outbox.id });
    return rows.map((r) => r.id);
  }

  it("claims due rows once: the lease keeps a second claimer off until it ends", async () => {
    const ids = await enqueue(3);
    await enqueue(1, at(30)); // not due yet
    const first = await queue.claim(d.handle.db, { now: start, limit: 2 });
    expect(first).toHaveLength(2);
    expect(first.every((r) => r.attempts === 1 && r.nextAttemptAt.getTime() === at(10).getTime())).toBe(true);

    // Two claimers at once (on PostgreSQL, two connections) split what is left and never share a row.
    const [a, b] = await Promise.all([
      queue.claim(d.handle.db, { now: start, limit: 5 }),
      queue.claim(d.handle.db, { now: start, limit: 5 }),
    ]);
    expect([...(a ?? []), ...(b ?? [])].map((r) => r.id)).toHaveLength(1);

    // Leased rows are not due again before the lease ends; after it (a crashed worker) they are.
    expect(await queue.claim(d.handle.db, { now: at(9), limit: 10, ids })).toEqual([]);
    const retaken = await queue.claim(d.handle.db, { now: at(10), limit: 10, ids });
    expect(retaken.map((r) => r.attempts).sort()).toEqual([2, 2, 2]);
  });

  it("backs off after a failure by the shared rule, and the retry comes due then", async () => {
    const [id] = await enqueue(1);
    const [row] = await queue.claim(d.handle.db, { now: start, limit: 1 });
    if (!row || !id) throw new Error("nothing claimed");
    const failed = await queue.markFailed(d.handle.db, row, {
      error: new Error("mail server down"),
      now: start,
      maxAttempts: 3,
    });
    expect(failed).toEqual({ givenUp: false, lastError: "mail server down" });
    expect(await counts()).toEqual({ pending: 1, failing: 1, failed: 0 });
    // One minute after the first failure (rules/retry-backoff.ts).
    expect(await queue.listDue(d.handle.db, { now: at(0.9), limit: 10 })).toEqual([]);
    expect(await queue.listDue(d.handle.db, { now: at(1), limit: 10 })).toEqual([id]);
  });

  it("gives up after the maximum attempts, and a requeue buys exactly one more", async () => {
    const [id] = await enqueue(1);
    if (!id) throw new Error("nothing enqueued");
    let now = start;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const [row] = await queue.claim(d.handle.db, { now, limit: 1 });
      if (!row) throw new Error(`attempt ${attempt} claimed nothing`);
      const { givenUp } = await queue.markFailed(d.handle.db, row, { error: "refused", now, maxAttempts: 2 });
      expect(givenUp).toBe(attempt === 2);
      now = at(60 * attempt);
    }
    expect(await counts()).toEqual({ pending: 0, failing: 0, failed: 1 });
    expect(await queue.claim(d.handle.db, { now: at(600), limit: 1 })).toEqual([]);

    expect(await queue.requeue(d.handle.db, id, at(600))).toBe(true);
    expect(await queue.requeue(d.handle.db, id, at(600))).toBe(false); // already pending
    const [again] = await queue.claim(d.handle.db, { now: at(600), limit: 1 });
    expect(again?.attempts).toBe(3);
    if (!again) throw new Error("requeued row not claimed");
    expect(
      (await queue.markFailed(d.handle.db, again, { error: "refused", now: at(600), maxAttempts: 2 }))
        .givenUp,
    ).toBe(true);
  });

  it("marks a row done once, clearing its error, and never a row given up on", async () => {
    const [id, other] = await enqueue(2);
    if (!id || !other) throw new Error("nothing enqueued");
    const claimed = await queue.claim(d.handle.db, { now: start, limit: 2 });
    const failedRow = claimed.find((r) => r.id === other);
    if (!failedRow) throw new Error("not claimed");
    await queue.markFailed(d.handle.db, failedRow, { error: "refused", now: start, maxAttempts: 1 });
    expect(await queue.markDone(d.handle.db, [id, other], { sentAt: start })).toEqual([id]);
    expect(await queue.markDone(d.handle.db, [id], { sentAt: start })).toEqual([]);
    expect(await counts()).toEqual({ pending: 0, failing: 0, failed: 1 });
  });
});
