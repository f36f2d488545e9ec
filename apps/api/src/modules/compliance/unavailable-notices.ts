/**
 * Telling students that their instructor can no longer teach: one email per student listing all their
 * lessons with that instructor still to come, not one per lesson (a delisting with four lessons ahead was
 * four emails to one student in under a second). Each lesson is told once however often the scan runs:
 * it is claimed in lesson_notices (kind UNAVAILABLE) in the same transaction as its email, and a lesson
 * claimed before, or by a scan running at the same time, is left out.
 */
import type { Executor } from "../../db/client.ts";
import { lessonNotices } from "../../db/schema/index.ts";
import { groupBy } from "../../lib/group-by.ts";
import type { UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import type { Person } from "../notifications/index.ts";
import { COMPLIANCE_EMAIL_KINDS, instructorUnavailableEmail } from "./compliance-emails.ts";

/** The outbox key of one student's email about these lessons (a repeat of the same email is kept once). */
const unavailableNoticeKey = (lessonIds: readonly string[]) =>
  `instructor_unavailable:${[...lessonIds].sort().join(",")}`;

/** Claims the lessons no earlier notice told their student about; returns those claimed now. */
async function claimUntold(tx: Executor, lessonIds: string[], now: Date): Promise<Set<string>> {
  if (lessonIds.length === 0) return new Set();
  const claimed = await tx
    .insert(lessonNotices)
    .values(lessonIds.map((bookingId) => ({ bookingId, kind: "UNAVAILABLE" as const, seq: 1, toldAt: now })))
    .onConflictDoNothing()
    .returning({ id: lessonNotices.bookingId });
  return new Set(claimed.map((r) => r.id));
}

interface UnavailableLessonRow {
  id: string;
  startTime: Date;
  endTime: Date;
  paymentId: string | null;
  bundleId: string | null;
  student: { id: string; email: string; firstName: string; lastName: string };
}

/** In the caller's transaction: one email per student about their lessons not told of yet; returns how many. */
export async function notifyStudentsOfUnavailability(
  uow: UnitOfWork,
  instructor: Person,
  lessons: readonly UnavailableLessonRow[],
  input: { now: Date; appUrl?: string },
): Promise<number> {
  const untold = await claimUntold(
    uow.tx,
    lessons.map((l) => l.id),
    input.now,
  );
  const byStudent = groupBy(
    lessons.filter((l) => untold.has(l.id)),
    (l) => l.student.id,
  );
  const emails = [...byStudent.values()].flatMap((own) => {
    const student = own[0]?.student;
    if (!student) return [];
    return [
      {
        kind: COMPLIANCE_EMAIL_KINDS.unavailable,
        to: { email: student.email, name: `${student.firstName} ${student.lastName}` },
        ...instructorUnavailableEmail({
          student,
          instructor,
          lessons: own.map((l) => ({
            startTime: l.startTime,
            endTime: l.endTime,
            paidWith: l.bundleId ? ("BUNDLE" as const) : l.paymentId ? ("CARD" as const) : null,
          })),
          ...(input.appUrl ? { appUrl: input.appUrl } : {}),
        }),
        dedupeKey: unavailableNoticeKey(own.map((l) => l.id)),
        now: input.now,
      },
    ];
  });
  return (await uow.email(emails)).length;
}
