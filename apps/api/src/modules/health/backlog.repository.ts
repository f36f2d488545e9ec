/**
 * What an operator watches pile up, counted in one statement at scrape time: every replica reads the
 * same database, so each reports the same truth and no counter drifts across restarts.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";

export interface Backlog {
  outboxPending: number;
  /** Pending emails whose last attempt failed: they are being retried with backoff. */
  outboxFailing: number;
  outboxFailed: number;
  refundsPending: number;
  /** Pending refunds whose last attempt failed: the provider refused or was unreachable. */
  refundsFailing: number;
  payoutsFailed: number;
  /** Lessons held for a checkout that has not been paid yet. */
  holds: number;
  /** Confirmed lessons still to be taught. */
  scheduledLessons: number;
}

export async function readBacklog(db: Executor, now: Date): Promise<Backlog> {
  // node-postgres and PGlite both answer { rows }.
  const result = (await db.execute(sql`
    select
      (select count(*)::int from outbox where status = 'PENDING') as "outboxPending",
      (select count(*)::int from outbox where status = 'PENDING' and last_error is not null) as "outboxFailing",
      (select count(*)::int from outbox where status = 'FAILED') as "outboxFailed",
      (select count(*)::int from card_refunds where status = 'PENDING') as "refundsPending",
      (select count(*)::int from card_refunds where status = 'PENDING' and last_error is not null) as "refundsFailing",
      (select count(*)::int from payouts where status = 'FAILED') as "payoutsFailed",
      (select count(*)::int from bookings where status = 'PENDING_PAYMENT') as "holds",
      (select count(*)::int from bookings where status = 'SCHEDULED' and end_time > ${now}) as "scheduledLessons"
  `)) as unknown as { rows: Backlog[] };
  const [row] = result.rows;
  if (!row) throw new Error("the backlog query returned no row");
  return row;
}
