/**
 * The outbox's public face for every module: `enqueueEmail` inside the transaction that makes the
 * change the email reports, so the change and its email commit (or roll back) together. Delivery is the
 * notifications worker's job, after commit.
 */
import type { EmailKind } from "@kerb/shared";
import type { Executor } from "../../db/client.ts";
import { type OutboxAttachment, outbox } from "../../db/schema/index.ts";
import type { RenderedEmail } from "./email-layout.ts";

/**
 * Stands for a message's one-time secret in its stored bodies (URL-safe, so it survives being put in a
 * link): delivery puts the secret in its place, so the table never holds a usable link once sent.
 */
export const ONE_TIME_SECRET_PLACEHOLDER = "KERB-ONE-TIME-SECRET";

export interface OutboxEmail extends RenderedEmail {
  /** What the message is about, e.g. "booking_confirmed" (for the admin page, filters and tests). */
  kind: EmailKind;
  to: { email: string; name?: string | null };
  attachments?: OutboxAttachment[];
  /**
   * Stable key of the event this message reports to this person (e.g. `reminder:<bookingId>:student`):
   * enqueuing the same key twice keeps one message. Leave it out for messages that may repeat.
   */
  dedupeKey?: string;
  /**
   * A token the message must carry (a password-reset link), written as ONE_TIME_SECRET_PLACEHOLDER in
   * the bodies. Kept apart until delivery, and erased when the message is marked sent.
   */
  oneTimeSecret?: string;
  now: Date;
}

/** Writes one email to the outbox; returns its id, or null when its dedupe key was already there. */
export async function enqueueEmail(tx: Executor, email: OutboxEmail): Promise<string | null> {
  const [id] = await enqueueEmails(tx, [email]);
  return id ?? null;
}

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
