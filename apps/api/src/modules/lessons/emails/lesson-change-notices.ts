/**
 * What happened to a booked lesson afterwards, told through the caller's unit of work: a cancellation
 * and a move reach the student (with a calendar file that updates the event the confirmation added) and
 * the instructor; a no-show reaches the student with what was kept and how to dispute it. A cancelled
 * or moved lesson whose student was told of a clash with the instructor's time off is told it is resolved.
 */

import type { CancelledBy, LessonActor } from "@kerb/shared/rules";
import type { UnitOfWork } from "../../../platform/unit-of-work-effects.ts";
import { guardianCopies } from "../../guardians/index.ts";
import { type OutboxEmail, recipient } from "../../notifications/index.ts";
import { findPayer } from "../../payments/index.ts";
import { enqueueClashesResolved } from "./clash-notices.ts";
import { enqueueOne, type NoticeOptions } from "./enqueue-notice.ts";
import { lessonCancelledCalendar, lessonMovedCalendar } from "./lesson-calendar.ts";
import { lessonCancelled } from "./lesson-cancelled.ts";
import { lessonNoShow } from "./lesson-no-show.ts";
import { lessonRescheduled, lessonRescheduledForStudent } from "./lesson-rescheduled.ts";
import * as repo from "./notice-rows.ts";
import { toLessonSummary } from "./notice-rows.ts";

const paidWithOf = (row: repo.LessonNoticeRow) => (row.bundleId ? "BUNDLE" : row.paymentId ? "CARD" : null);

/**
 * A lesson was cancelled: the student is always told what came back (and gets a calendar file that
 * cancels the event); the instructor is told unless they cancelled it. An admin's cancellation reaches both.
 */
export async function enqueueLessonCancelled(
  uow: UnitOfWork,
  input: NoticeOptions & {
    bookingId: string;
    cancelledBy: CancelledBy;
    refund: { method: "CARD" | "CREDIT" | "NONE"; refundCents: number; refundGstCents: number };
    reason?: string | null;
    /** A driving-test package (issue 33): its own tiers, and a test-pack credit rather than a bundle's. */
    testPack?: { paidWithCredit: boolean };
  },
): Promise<string[]> {
  const [row] = await repo.listLessonsForNotice(uow.tx, [input.bookingId]);
  if (!row) return [];
  const payer =
    input.refund.method === "CARD" && row.paymentId ? await findPayer(uow.tx, row.paymentId) : undefined;
  const recipients: Array<"STUDENT" | "INSTRUCTOR"> =
    input.cancelledBy === "INSTRUCTOR" ? ["STUDENT"] : ["STUDENT", "INSTRUCTOR"];
  const lesson = toLessonSummary(row);
  const emails: OutboxEmail[] = recipients.map((who) => ({
    kind: "lesson_cancelled",
    to: recipient(who === "STUDENT" ? row.student : row.instructor),
    ...lessonCancelled({
      recipient: who,
      student: row.student,
      instructor: row.instructor,
      lesson,
      cancelledBy: input.cancelledBy,
      refund: input.refund,
      paidWith: paidWithOf(row),
      payer: payer ?? null,
      reason: input.reason ?? null,
      ...(input.testPack ? { testPack: input.testPack } : {}),
      ...(input.appUrl ? { appUrl: input.appUrl } : {}),
    }),
    ...(who === "STUDENT"
      ? {
          attachments: [
            lessonCancelledCalendar({
              lesson,
              student: row.student,
              instructor: row.instructor,
              sequence: row.calendarSequence,
              now: input.now,
            }),
          ],
        }
      : {}),
    // A lesson is cancelled once.
    dedupeKey: `lesson-cancelled:${row.id}:${who.toLowerCase()}`,
    now: input.now,
  }));
  const toLearner = emails.filter((e) => e.to.email === row.student.email);
  emails.push(...(await guardianCopies(uow.tx, row.student.id, toLearner)));
  const ids = await uow.email(emails);
  // A clash with the instructor's time off the student was told of is resolved by the cancellation.
  const resolved = await enqueueClashesResolved(uow, {
    bookingIds: [row.id],
    how: "CANCELLED",
    now: input.now,
    ...(input.appUrl ? { appUrl: input.appUrl } : {}),
  });
  return [...ids, ...resolved];
}

/**
 * A lesson moved: the student hears of the new time (with a calendar file that moves the event), and
 * the instructor too unless they moved it. A lesson may move more than once, each move news: the dedupe
 * key names the move by the calendar sequence it left, so one move is never told twice.
 */
export async function enqueueLessonRescheduled(
  uow: UnitOfWork,
  input: NoticeOptions & {
    bookingId: string;
    previous: { startTime: Date; endTime: Date };
    /** Who moved it; the student, unless said. */
    movedBy?: Exclude<LessonActor, "SYSTEM">;
  },
): Promise<string[]> {
  const [row] = await repo.listLessonsForNotice(uow.tx, [input.bookingId]);
  if (!row) return [];
  const lesson = toLessonSummary(row);
  const data = {
    student: row.student,
    instructor: row.instructor,
    lesson,
    previous: input.previous,
    movedBy: input.movedBy ?? "STUDENT",
    ...(input.appUrl ? { appUrl: input.appUrl } : {}),
  };
  const moveKey = `lesson-moved:${row.id}:${row.calendarSequence}`;
  const emails: OutboxEmail[] = [
    {
      kind: "lesson_rescheduled",
      to: recipient(row.student),
      dedupeKey: `${moveKey}:student`,
      ...lessonRescheduledForStudent(data),
      attachments: [
        lessonMovedCalendar({
          lesson,
          student: row.student,
          instructor: row.instructor,
          sequence: row.calendarSequence,
          now: input.now,
        }),
      ],
      now: input.now,
    },
  ];
  if (data.movedBy !== "INSTRUCTOR") {
    emails.push({
      kind: "lesson_rescheduled",
      to: recipient(row.instructor),
      dedupeKey: `${moveKey}:instructor`,
      ...lessonRescheduled(data),
      now: input.now,
    });
  }
  const ids = await uow.email(emails);
  // The new time fits the instructor's hours (a move only goes to an open slot): a clash is resolved.
  const resolved = await enqueueClashesResolved(uow, {
    bookingIds: [row.id],
    how: "MOVED",
    now: input.now,
    ...(input.appUrl ? { appUrl: input.appUrl } : {}),
  });
  return [...ids, ...resolved];
}

/** The instructor marked a lesson a no-show: the student hears what was kept and how to dispute it. */
export async function enqueueLessonNoShow(
  uow: UnitOfWork,
  input: NoticeOptions & { bookingId: string },
): Promise<string | null> {
  const [row] = await repo.listLessonsForNotice(uow.tx, [input.bookingId]);
  if (!row) return null;
  return enqueueOne(uow, {
    kind: "lesson_no_show",
    to: recipient(row.student),
    ...lessonNoShow({
      student: row.student,
      instructor: row.instructor,
      lesson: toLessonSummary(row),
      paidWithBundle: row.bundleId !== null,
      ...(input.appUrl ? { appUrl: input.appUrl } : {}),
    }),
    // A lesson is marked a no-show once.
    dedupeKey: `lesson-no-show:${row.id}`,
    now: input.now,
  });
}
