/**
 * The only place the outbox touches drizzle: the outbox queue (platform/jobs/work-queue.ts) and the admin list.
 * What a message says is gathered by the domain that sends it.
 */
import type { EmailKind, OutboxStatus } from "@kerb/shared";
import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { outbox } from "../../db/schema/index.ts";
import { workQueue } from "../../platform/jobs/work-queue.ts";

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * How long a claimed message is left alone before another worker may send it: longer than any send
 * can take (the SMTP timeouts in outbox-delivery.ts), so only a crashed sender's message is taken over.
 */
const OUTBOX_LEASE_MS = 5 * 60_000;

/**
 * The outbox as a work queue (platform/jobs/work-queue.ts): claimed with a lease, SENT when a mail server took
 * it, FAILED after OUTBOX_MAX_ATTEMPTS (an operator can requeue it).
 */
export const outboxQueue = workQueue(outbox, {
  pending: "PENDING",
  done: "SENT",
  failed: "FAILED",
  leaseMs: OUTBOX_LEASE_MS,
});

/**
 * Marks messages SENT. The one-time secret has done its job and is not kept (a retry after a crash
 * before this mark still has it).
 */
export async function markEmailsSent(db: Executor, ids: string[], now: Date) {
  await outboxQueue.markDone(db, ids, { sentAt: now, oneTimeSecret: null });
}

const PREVIEW_CHARS = 160;

// No bodies in the list: a preview of the text body is enough to tell messages apart.
const listColumns = {
  id: outbox.id,
  kind: outbox.kind,
  toEmail: outbox.toEmail,
  toName: outbox.toName,
  subject: outbox.subject,
  preview: sql<string>`left(${outbox.textBody}, ${sql.raw(String(PREVIEW_CHARS))})`,
  attachments: outbox.attachments,
  status: outbox.status,
  attempts: outbox.attempts,
  nextAttemptAt: outbox.nextAttemptAt,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
};

export async function listOutbox(
  db: Executor,
  filter: { status?: OutboxStatus; limit: number; offset: number },
) {
  const where = filter.status ? eq(outbox.status, filter.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(outbox).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findOutboxMessage(db: Executor, id: string) {
  const [row] = await db.select(listColumns).from(outbox).where(eq(outbox.id, id)).limit(1);
  return row;
}

export type OutboxListRow = NonNullable<Awaited<ReturnType<typeof findOutboxMessage>>>;

/**
 * The emails of one kind written after `since` (whatever their status): who each went to, when, and
 * its dedupe key. A domain that batches several events into one email reads back which events its
 * earlier emails covered (their keys name them) and when each person last heard from it.
 */
export function listEmailsOfKindSince(db: Executor, kind: EmailKind, since: Date) {
  return db
    .select({ toEmail: outbox.toEmail, dedupeKey: outbox.dedupeKey, createdAt: outbox.createdAt })
    .from(outbox)
    .where(and(eq(outbox.kind, kind), gt(outbox.createdAt, since)));
}
