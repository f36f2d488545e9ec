/**
 * The one queue implementation behind every table of deliveries (the email outbox, the card-refund
 * queue): claim due rows with a lease, mark them done, record a failure with backoff (and give up after
 * a maximum, where the queue has one), requeue one given up on. A table joins by having the queue
 * columns: id, status, attempts, next_attempt_at, last_error (their counts are read at scrape time with
 * the other backlogs: modules/health/backlog.repository.ts). See docs/decisions/027-one-job-runner.md.
 *
 * Leases, not locks held across the slow part: a claim commits at once (one statement), pushing the
 * row's next attempt past the lease, so a worker calling a mail server or a card provider holds no
 * transaction open, and a crashed worker's row comes due again when its lease ends.
 */
import { afterFailedAttempt } from "@kerb/shared/rules";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";

/** A table with the queue columns. */
type QueueTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  lastError: PgColumn;
};

interface WorkQueueOptions {
  /** Waiting or being delivered. */
  pending: string;
  /** Delivered. */
  done: string;
  /** Given up on after `maxAttempts` (a queue without it retries for ever). */
  failed?: string;
  /** How long a claimed row is left alone: longer than any delivery can take. */
  leaseMs: number;
}

/** The longest error text kept on a row. */
const ERROR_CHARS = 500;

export const errorText = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).slice(0, ERROR_CHARS);

export function workQueue<T extends QueueTable>(table: T, options: WorkQueueOptions) {
  type Row = T["$inferSelect"];
  // drizzle cannot type a `set` or `returning` over a table known only by its shape; these are the
  // queue's own columns, so the casts stay in this file.
  const set = (values: Record<string, unknown>) => values as never;
  const isPending = eq(table.status, options.pending);

  return {
    /**
     * Claims up to `limit` due pending rows (or only `ids`, when given) and leases them: attempts + 1
     * and the next attempt pushed to now + lease. One statement (it commits on its own): the inner
     * SELECT … FOR UPDATE SKIP LOCKED means two workers claiming at once never wait on, or both take,
     * the same row. `ignoreSchedule` is an operator's "retry now": it waits neither for the backoff nor
     * for a lease, so a queue offering it must make a second delivery harmless (the card-refund queue
     * does: the provider refunds once per idempotency key, and `markDone` records one success).
     */
    claim(
      db: Executor,
      claim: { now: Date; limit: number; ids?: string[]; ignoreSchedule?: boolean },
    ): Promise<Row[]> {
      const due = db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(
          and(
            isPending,
            claim.ignoreSchedule ? undefined : lte(table.nextAttemptAt, claim.now),
            claim.ids ? inArray(table.id, claim.ids) : undefined,
          ),
        )
        .orderBy(asc(table.nextAttemptAt))
        .limit(claim.limit)
        .for("update", { skipLocked: true });
      return db
        .update(table)
        .set(
          set({
            attempts: sql`${table.attempts} + 1`,
            nextAttemptAt: new Date(claim.now.getTime() + options.leaseMs),
          }),
        )
        .where(inArray(table.id, due))
        .returning() as Promise<Row[]>;
    },

    /** Ids of due pending rows, oldest due first, without claiming them (each is claimed on its own). */
    async listDue(db: Executor, due: { now: Date; limit: number }): Promise<string[]> {
      const rows = await db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(and(isPending, lte(table.nextAttemptAt, due.now)))
        .orderBy(asc(table.nextAttemptAt))
        .limit(due.limit);
      return rows.map((r) => r.id as string);
    },

    /**
     * Pending → done, with the table's own columns of the outcome (`patch`), and the last error cleared.
     * Returns the ids marked: a row another delivery already marked is left alone, so a success is
     * recorded once.
     */
    async markDone(db: Executor, ids: string[], patch: Partial<T["$inferInsert"]> = {}): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .update(table)
        .set(set({ ...patch, status: options.done, lastError: null }))
        .where(and(inArray(table.id, ids), isPending))
        .returning({ id: table.id });
      return rows.map((r) => r.id as string);
    },

    /**
     * Records a failed attempt of a claimed row (its `attempts` already counts this one): the error,
     * the next attempt by the backoff rule, and the failed status once `maxAttempts` is reached.
     */
    async markFailed(
      db: Executor,
      row: { id: string; attempts: number },
      failure: { error: unknown; now: Date; maxAttempts?: number },
    ): Promise<{ givenUp: boolean; lastError: string }> {
      const maxAttempts = options.failed ? (failure.maxAttempts ?? null) : null;
      const { givenUp, nextAttemptAt } = afterFailedAttempt(row.attempts, maxAttempts, failure.now);
      const lastError = errorText(failure.error);
      await db
        .update(table)
        .set(
          set({
            lastError,
            nextAttemptAt,
            status: givenUp ? options.failed : options.pending,
          }),
        )
        .where(and(eq(table.id, row.id), isPending));
      return { givenUp, lastError };
    },

    /**
     * A row given up on goes back to pending, due now. Its attempts are kept, so they are already at the
     * maximum: it gets exactly one more try and is failed again if that fails too.
     */
    async requeue(db: Executor, id: string, now: Date): Promise<boolean> {
      if (!options.failed) return false;
      const rows = await db
        .update(table)
        .set(set({ status: options.pending, nextAttemptAt: now }))
        .where(and(eq(table.id, id), eq(table.status, options.failed)))
        .returning({ id: table.id });
      return rows.length > 0;
    },
  };
}
