import { z } from "zod";
import { pageOf, pageQuery } from "./common.ts";

// The email outbox as the operator console sees it (/api/admin/outbox, ADMIN only).

export const OUTBOX_STATUSES = ["PENDING", "SENT", "FAILED"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const adminOutboxQuery = pageQuery.extend({
  status: z
    .preprocess(
      (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
      z.enum(OUTBOX_STATUSES, { error: `status must be one of ${OUTBOX_STATUSES.join(", ")}` }),
    )
    .optional(),
});
export type AdminOutboxQuery = z.input<typeof adminOutboxQuery>;

/** One message without its body: the list shows who, what and how delivery went, plus a short preview. */
export const adminOutboxMessage = z.object({
  id: z.uuid(),
  kind: z.string(),
  toEmail: z.string(),
  toName: z.string().nullable(),
  subject: z.string(),
  /** The first characters of the plain-text body, so an operator can tell messages apart. */
  preview: z.string(),
  attachments: z.array(z.string()),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  /** When the next attempt is due (PENDING only). */
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AdminOutboxMessage = z.infer<typeof adminOutboxMessage>;
/** Newest first. */
export const adminOutboxResponse = pageOf(adminOutboxMessage);
export type AdminOutboxResponse = z.infer<typeof adminOutboxResponse>;
export const adminOutboxMessageResponse = z.object({ message: adminOutboxMessage });
export type AdminOutboxMessageResponse = z.infer<typeof adminOutboxMessageResponse>;
