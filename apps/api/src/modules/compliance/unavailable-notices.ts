/**
 * Telling students that their instructor can no longer teach: one email per student listing all their
 * lessons with that instructor still to come, not one per lesson (a delisting with four lessons ahead was
 * four emails to one student in under a second). Each lesson is still told once however often the scan
 * runs: the email's outbox dedupe key names its lessons (`instructor_unavailable:<id>,<id>…`; a single
 * lesson's key is the older per-lesson key), a lesson named in any earlier key is left out of the next
 * email, and two scans at once compute the same key, so the outbox keeps one.
 */
import { sql } from "drizzle-orm";
import { type Executor, executeRows } from "../../db/client.ts";
import { outbox } from "../../db/schema/index.ts";
import { groupBy } from "../../lib/group-by.ts";
import type { UnitOfWork } from "../../unit-of-work.ts";
import type { Person } from "../notifications/email-format.ts";
import { COMPLIANCE_EMAIL_KINDS, instructorUnavailableEmail } from "./compliance-emails.ts";

const KEY_PREFIX = "instructor_unavailable:";

/** The dedupe key of one student's email about these lessons. */
export const unavailableNoticeKey = (lessonIds: readonly string[]) =>
  `${KEY_PREFIX}${[...lessonIds].sort().join(",")}`;

/** SQL: does an email of this kind name the lesson `bookingId` (an id column or value) in its key? */
export const namesLessonSql = (dedupeKey: unknown, bookingId: unknown) =>
  sql`${dedupeKey} like ${`${KEY_PREFIX}%`} and strpos(${dedupeKey}, ${bookingId}::text) > 0`;

/** Which of these lessons an earlier email already told their student about. */
async function alreadyTold(db: Executor, lessonIds: string[]): Promise<Set<string>> {
  if (lessonIds.length === 0) return new Set();
  const rows = await executeRows<{ id: string }>(
    db,
    sql`select l.id from unnest(${`{${lessonIds.join(",")}}`}::uuid[]) as l(id)
        where exists (select 1 from ${outbox} where ${namesLessonSql(outbox.dedupeKey, sql`l.id`)})`,
  );
  return new Set(rows.map((r) => r.id));
}

export interface UnavailableLessonRow {
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
  const told = await alreadyTold(
    uow.tx,
    lessons.map((l) => l.id),
  );
  const byStudent = groupBy(
    lessons.filter((l) => !told.has(l.id)),
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
