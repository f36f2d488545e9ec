import type { AdminOutboxMessage } from "@kerb/shared";
import type * as repo from "./notifications.repository.ts";

/** An outbox email as the admin "Outbox" shows it (the body left out, a short preview instead). */
export function toAdminMessage(row: repo.OutboxListRow): AdminOutboxMessage {
  return {
    id: row.id,
    kind: row.kind,
    toEmail: row.toEmail,
    toName: row.toName,
    subject: row.subject,
    preview: row.preview,
    attachments: row.attachments.map((a) => a.filename),
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === "PENDING" ? row.nextAttemptAt.toISOString() : null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
