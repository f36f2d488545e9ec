/**
 * The outbox's public face for every module: `enqueueEmails` (through `uow.email`) inside the transaction that makes the
 * change the email reports, so the change and its email commit (or roll back) together. Delivery is the
 * notifications worker's job, after commit.
 */
import type { Executor } from "../../db/client.ts";
import { outbox } from "../../db/schema/index.ts";
import type { OutboxEmail } from "../../platform/unit-of-work-effects.ts";

export { ONE_TIME_SECRET_PLACEHOLDER, type OutboxEmail } from "../../platform/unit-of-work-effects.ts";

/**
 * Writes several emails in one statement (one round trip inside the caller's transaction); returns the
 * ids of those written, leaving out any whose dedupe key was already there.
 */
export async function enqueueEmails(tx: Executor, emails: OutboxEmail[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await tx
    .insert(outbox)
    .values(
      emails.map((email) => ({
        kind: email.kind,
        toEmail: email.to.email,
        toName: email.to.name ?? null,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html,
        attachments: email.attachments ?? [],
        dedupeKey: email.dedupeKey ?? null,
        oneTimeSecret: email.oneTimeSecret ?? null,
        nextAttemptAt: email.now,
        createdAt: email.now,
      })),
    )
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return rows.map((r) => r.id);
}
