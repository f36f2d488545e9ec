/**
 * A held lesson refunded by an admin (decide-held-lesson.ts), told through the caller's unit of work to
 * the student (and their guardians) and to the instructor. The lesson is in the past: no calendar file
 * and no clash to resolve, unlike an ordinary cancellation.
 */

import type { TeachingStopReason } from "@kerb/shared/rules";
import type { UnitOfWork } from "../../../platform/unit-of-work-effects.ts";
import { guardianCopies } from "../../guardians/index.ts";
import { type OutboxEmail, recipient } from "../../notifications/index.ts";
import type { NoticeOptions } from "./enqueue-notice.ts";
import { heldLessonRefunded } from "./held-lesson-refunded.ts";
import * as repo from "./notice-rows.ts";

export async function enqueueHeldLessonRefunded(
  uow: UnitOfWork,
  input: NoticeOptions & {
    bookingId: string;
    refund: { method: "CARD" | "CREDIT" | "NONE"; refundCents: number; refundGstCents: number };
    /** The lesson's value the instructor had earned by marking it (0 if never marked). */
    earnedCents: number;
    stopReason: TeachingStopReason;
  },
): Promise<string[]> {
  const [row] = await repo.listLessonsForNotice(uow.tx, [input.bookingId]);
  if (!row) return [];
  const lesson = repo.toLessonSummary(row);
  const emails: OutboxEmail[] = (["STUDENT", "INSTRUCTOR"] as const).map((who) => ({
    kind: "held_lesson_refunded",
    to: recipient(who === "STUDENT" ? row.student : row.instructor),
    ...heldLessonRefunded({
      recipient: who,
      student: row.student,
      instructor: row.instructor,
      lesson,
      refund: input.refund,
      earnedCents: input.earnedCents,
      stopReason: input.stopReason,
      ...(input.appUrl ? { appUrl: input.appUrl } : {}),
    }),
    // A held lesson is decided once.
    dedupeKey: `held-lesson-refunded:${row.id}:${who.toLowerCase()}`,
    now: input.now,
  }));
  const toLearner = emails.filter((e) => e.to.email === row.student.email);
  emails.push(...(await guardianCopies(uow.tx, row.student.id, toLearner)));
  return uow.email(emails);
}
