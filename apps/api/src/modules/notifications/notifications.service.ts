import type { AdminOutboxMessage, adminOutboxQuery } from "@kerb/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./notifications.repository.ts";
import { deliverDueEmails } from "./outbox-delivery.ts";

function toAdminMessage(row: repo.OutboxListRow): AdminOutboxMessage {
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

/** The admin "Outbox": every email the platform wrote, and a retry for the ones that failed for good. */
export function createNotificationService(ctx: AppContext) {
  async function findOne(id: string) {
    const row = await repo.findOutboxMessage(ctx.db, id);
    if (!row) throw new AppError("not_found", "Email not found");
    return row;
  }

  return {
    async list(query: z.output<typeof adminOutboxQuery>) {
      const { rows, total } = await repo.listOutbox(ctx.db, {
        status: query.status,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: rows.map(toAdminMessage), total, page: query.page, pageSize: query.pageSize };
    },

    /** The operator's "retry now" for a FAILED email: one attempt at once, awaited so they see how it went. */
    async retry(id: string, adminId: string) {
      const before = await findOne(id);
      if (before.status !== "FAILED" || !(await repo.outboxQueue.requeue(ctx.db, id, ctx.now()))) {
        throw new AppError(
          "invalid_state",
          before.status === "SENT"
            ? "This email has already been sent"
            : "This email is still being delivered",
          { status: before.status },
        );
      }
      const report = await deliverDueEmails(ctx, { ids: [id] });
      await ctx.transact((uow) =>
        uow.audit({
          actorId: adminId,
          action: "outbox.retry",
          targetType: "outbox",
          targetId: id,
          details: {
            outcome: report.sent > 0 ? "sent" : "failed",
            kind: before.kind,
            to: before.toEmail,
            attempts: before.attempts,
          },
          createdAt: ctx.now(),
        }),
      );
      return { message: toAdminMessage(await findOne(id)) };
    },
  };
}
