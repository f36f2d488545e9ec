/**
 * The scheduled emails, found by a periodic scan: each domain enqueues its own (lesson reminders and
 * "mark the lesson", documents expiring, the batched "new messages"), all in one unit of work that
 * delivers them after commit. Each is keyed by its event, so running the scan twice, or in several
 * processes at once, enqueues it once (the outbox's unique key decides).
 */
import type { AppContext } from "./context.ts";
import { publicOrigin } from "./env.ts";
import { enqueueDocumentsExpiring } from "./modules/compliance/index.ts";
import { enqueueDueLessonReminders } from "./modules/lessons/index.ts";
import { enqueueMessageEmails } from "./modules/messages/index.ts";
import type { OutboxContext } from "./modules/notifications/index.ts";

interface ScanReport {
  reminders: number;
  markLesson: number;
  documentsExpiring: number;
  /** Batched "new messages" emails (messages/message-emails.ts). */
  messages: number;
}

/**
 * One scan: enqueues whatever scheduled emails are due and not yet in the outbox, in one unit of work
 * that delivers them after commit.
 */
export async function runNotificationScan(ctx: ScanContext): Promise<ScanReport> {
  const now = ctx.now();
  const appUrl = publicOrigin(ctx.env);
  return ctx.transact(async (uow) => ({
    ...(await enqueueDueLessonReminders(uow, now, appUrl)),
    documentsExpiring: await enqueueDocumentsExpiring(uow, now, appUrl),
    messages: await enqueueMessageEmails(uow, now, appUrl),
  }));
}

export type ScanContext = OutboxContext & Pick<AppContext, "transact">;
