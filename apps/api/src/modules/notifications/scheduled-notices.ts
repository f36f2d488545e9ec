/**
 * The scheduled emails, found by a periodic scan: the 24-hour lesson reminder (both people), "mark the
 * lesson you taught" to the instructor, "your documents expire in 30 days", and the batched "new
 * messages" email (messages/message-emails.ts, which marks the messages it covers). Each is enqueued with a
 * dedupe key naming its event, so running the scan twice, or in several processes at once, enqueues it
 * once (the outbox's unique key decides).
 */
import {
  addDaysToDate,
  DOCUMENT_EXPIRY_NOTICE_DAYS,
  daysUntil,
  isDocumentExpiringSoon,
  isMarkLessonDue,
  isReminderDue,
  MARK_LESSON_LOOKBACK_DAYS,
  reminderWindow,
  sydneyTodayDate,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import type { UnitOfWork } from "../../unit-of-work.ts";
import { enqueueMessageEmails } from "../messages/index.ts";
import { type ComplianceDocument, documentExpiring } from "./messages/documents-expiring.ts";
import { lessonReminder, markLessonReminder } from "./messages/lesson-reminders.ts";
import { toLessonSummary } from "./notices.ts";
import * as repo from "./notifications.repository.ts";
import type { OutboxContext } from "./outbox-delivery.ts";

const recipient = (p: { email: string; firstName: string; lastName: string }) => ({
  email: p.email,
  name: `${p.firstName} ${p.lastName}`.trim(),
});

async function enqueueReminders(uow: UnitOfWork, now: Date, appUrl: string): Promise<number> {
  let enqueued = 0;
  for (const row of await repo.listLessonsStartingBetween(uow.tx, reminderWindow(now))) {
    if (!isReminderDue({ startTime: row.startTime, bookedAt: row.createdAt }, now)) continue;
    for (const who of ["STUDENT", "INSTRUCTOR"] as const) {
      const [id] = await uow.email({
        kind: "lesson_reminder",
        to: recipient(who === "STUDENT" ? row.student : row.instructor),
        ...lessonReminder({
          recipient: who,
          student: row.student,
          instructor: row.instructor,
          lesson: toLessonSummary(row),
          appUrl,
        }),
        dedupeKey: `reminder:${row.id}:${who.toLowerCase()}`,
        now,
      });
      if (id) enqueued += 1;
    }
  }
  return enqueued;
}

async function enqueueMarkLesson(uow: UnitOfWork, now: Date, appUrl: string): Promise<number> {
  let enqueued = 0;
  const from = new Date(now.getTime() - MARK_LESSON_LOOKBACK_DAYS * 24 * 3_600_000);
  for (const row of await repo.listUnmarkedLessonsEndedBetween(uow.tx, { from, to: now })) {
    if (!isMarkLessonDue(row, now)) continue;
    const [id] = await uow.email({
      kind: "mark_lesson",
      to: recipient(row.instructor),
      ...markLessonReminder({
        student: row.student,
        instructor: row.instructor,
        lesson: toLessonSummary(row),
        appUrl,
      }),
      dedupeKey: `mark-lesson:${row.id}`,
      now,
    });
    if (id) enqueued += 1;
  }
  return enqueued;
}

async function enqueueDocumentsExpiring(uow: UnitOfWork, now: Date, appUrl: string): Promise<number> {
  let enqueued = 0;
  const today = sydneyTodayDate(now);
  const until = addDaysToDate(today, DOCUMENT_EXPIRY_NOTICE_DAYS);
  for (const row of await repo.listInstructorsWithDocumentsExpiring(uow.tx, { today, until })) {
    const documents: Array<[ComplianceDocument, string | null]> = [
      ["LICENCE", row.licenseExpiresOn],
      ["WWC", row.wwcExpiresOn],
    ];
    for (const [document, expiresOn] of documents) {
      if (!expiresOn || !isDocumentExpiringSoon(expiresOn, today)) continue;
      const [id] = await uow.email({
        kind: "documents_expiring",
        to: recipient(row),
        ...documentExpiring({
          instructor: row,
          document,
          expiresOn,
          daysLeft: daysUntil(expiresOn, today),
          appUrl,
        }),
        // Per expiry date: a renewed document that later nears expiry again gets a new notice.
        dedupeKey: `documents-expiring:${row.id}:${document.toLowerCase()}:${expiresOn}`,
        now,
      });
      if (id) enqueued += 1;
    }
  }
  return enqueued;
}

export interface ScanReport {
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
    reminders: await enqueueReminders(uow, now, appUrl),
    markLesson: await enqueueMarkLesson(uow, now, appUrl),
    documentsExpiring: await enqueueDocumentsExpiring(uow, now, appUrl),
    messages: await enqueueMessageEmails(uow, now, appUrl),
  }));
}

export type ScanContext = OutboxContext & Pick<AppContext, "transact">;
