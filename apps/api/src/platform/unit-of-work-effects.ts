/**
 * What a use case may do inside `ctx.transact(async (uow) => …)` (the implementation is
 * src/unit-of-work.ts, built once by app.ts): the transaction, and the four effects that commit with
 * it. Types only, below every module, so a module needs nothing of the implementation's.
 */
import type { EmailKind, RefundReason } from "@kerb/shared";
import type { LedgerPosting } from "@kerb/shared/rules";
import type { AuditAction } from "@kerb/shared/words";
import type { Executor } from "../db/client.ts";
import type { OutboxAttachment } from "../db/schema/index.ts";
import type { RenderedEmail } from "./email-content.ts";

export interface UnitOfWork {
  /** The transaction, for the use case's own repositories. */
  readonly tx: Executor;
  /** Posts one balanced ledger journal (a key posted before is a no-op: false). */
  post(journal: JournalInput): Promise<boolean>;
  /** Records who did what, in the transaction of the change. */
  audit(entry: AuditEntryInput): Promise<void>;
  /** Enqueues emails to send once this commits; returns the ids written (a repeated dedupe key writes none). */
  email(emails: OutboxEmail | readonly OutboxEmail[]): Promise<string[]>;
  /** Queues a card refund (posted and audited with it) to send to the provider once this commits. */
  refund(refund: NewRefund): Promise<string>;
}

export type Transact = <T>(work: (uow: UnitOfWork) => Promise<T>) => Promise<T>;

/** One balanced ledger journal, at the moment it happened. */
export type JournalInput = LedgerPosting & { occurredAt: Date };

export interface AuditEntryInput {
  /** Who did it; null for the system itself (a scheduled scan, a worker). */
  actorId: string | null;
  /** `<target>.<verb>`, e.g. `instructor.verify`, `booking.cancel`: one with words in @kerb/shared/words. */
  action: AuditAction;
  targetType:
    | "user"
    | "instructor"
    | "booking"
    | "payment"
    | "refund"
    | "bundle"
    | "review"
    | "outbox"
    | "payout"
    /** A learner and an instructor's messages (targetId: the learner; details name both). */
    | "conversation"
    | "guardian_link"
    /** A pass-promise claim on a failed test pack (issue 33). */
    | "test_pack_claim";
  targetId: string;
  details?: Record<string, unknown>;
  createdAt: Date;
}

export interface NewRefund {
  paymentId: string;
  bookingId: string | null;
  amountCents: number;
  /** The GST part of amountCents (rules/payment-refunds.ts decides it; stored, never re-derived). */
  gstCents: number;
  reason: RefundReason;
  now: Date;
}

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
