import { type EmailKind, OUTBOX_STATUSES } from "@kerb/shared";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { isOneOf } from "./one-of.ts";

/** A file sent with an email (an .ics invitation, say); content is base64 so the row stays JSON. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/**
 * The transactional outbox: an email is written here in the same transaction as the change it reports,
 * then delivered after commit by the notifications worker. The message is stored fully rendered, so what
 * the admin "Outbox" page shows is exactly what was (or will be) sent.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid().primaryKey().defaultRandom(),
    /**
     * What the message is about (booking_confirmed, password_reset…): for filtering and tests. A text
     * column typed as the kinds sent today, without a CHECK: rows of a kind no longer sent stay readable.
     */
    kind: text().$type<EmailKind>().notNull(),
    toEmail: text().notNull(),
    toName: text(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text().notNull(),
    attachments: jsonb().$type<OutboxAttachment[]>().notNull().default([]),
    /**
     * Writing the same event twice (a retried job, a second scan) must not send twice: a message with a
     * key already in the outbox is not enqueued again.
     */
    dedupeKey: text(),
    /**
     * A one-time token the message carries (a password-reset or email-confirmation link), kept apart
     * from the bodies, which hold ONE_TIME_SECRET_PLACEHOLDER in its place: delivery puts it in, and marking
     * the message sent erases it. The admin's Outbox never shows it, and no usable token is kept once sent.
     */
    oneTimeSecret: text(),
    status: text({ enum: OUTBOX_STATUSES }).notNull().default("PENDING"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    uniqueIndex("outbox_dedupe_key_idx").on(t.dedupeKey),
    index("outbox_created_idx").on(t.createdAt),
    check("outbox_status_check", isOneOf(t.status, OUTBOX_STATUSES)),
  ],
);
