/** The time_alerts table: only this module reads or writes it. */
import type { TimeAlertEndReason } from "@kerb/shared";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { timeAlerts, users } from "../../db/schema/index.ts";

const instructor = alias(users, "instructor");
const student = alias(users, "student");

const columns = {
  id: timeAlerts.id,
  studentId: timeAlerts.studentId,
  instructorId: timeAlerts.instructorId,
  suburb: timeAlerts.suburb,
  fromDate: timeAlerts.fromDate,
  toDate: timeAlerts.toDate,
  fromMinute: timeAlerts.fromMinute,
  toMinute: timeAlerts.toMinute,
  weekdays: timeAlerts.weekdays,
  lessonMinutes: timeAlerts.lessonMinutes,
  status: timeAlerts.status,
  endedReason: timeAlerts.endedReason,
  createdAt: timeAlerts.createdAt,
  endedAt: timeAlerts.endedAt,
  lastNotifiedAt: timeAlerts.lastNotifiedAt,
  seenVersion: timeAlerts.seenVersion,
  knownSlots: timeAlerts.knownSlots,
  hasUnsent: timeAlerts.hasUnsent,
  instructorFirstName: instructor.firstName,
  instructorLastName: instructor.lastName,
  studentFirstName: student.firstName,
  studentLastName: student.lastName,
  studentEmail: student.email,
};

export type TimeAlertRow = Awaited<ReturnType<typeof selectAlerts>>[number];

function selectAlerts(db: Executor) {
  return db
    .select(columns)
    .from(timeAlerts)
    .innerJoin(student, eq(student.id, timeAlerts.studentId))
    .leftJoin(instructor, eq(instructor.id, timeAlerts.instructorId));
}

export type NewTimeAlert = typeof timeAlerts.$inferInsert;

export async function insertTimeAlert(db: Executor, alert: NewTimeAlert): Promise<string> {
  const [row] = await db.insert(timeAlerts).values(alert).returning({ id: timeAlerts.id });
  if (!row) throw new Error("time alert not inserted");
  return row.id;
}

export async function findTimeAlert(db: Executor, id: string): Promise<TimeAlertRow | undefined> {
  const [row] = await selectAlerts(db).where(eq(timeAlerts.id, id)).limit(1);
  return row;
}

/** The learner's alerts: active first, then the most recently ended. */
export function listTimeAlertsOf(db: Executor, studentId: string): Promise<TimeAlertRow[]> {
  return selectAlerts(db)
    .where(eq(timeAlerts.studentId, studentId))
    .orderBy(asc(timeAlerts.status), desc(timeAlerts.createdAt))
    .limit(50);
}

export async function countActiveAlertsOf(db: Executor, studentId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(timeAlerts)
    .where(and(eq(timeAlerts.studentId, studentId), eq(timeAlerts.status, "ACTIVE")));
  return Number(row?.n ?? 0);
}

/** Every active alert, oldest first (the scan's list). */
export function listActiveAlerts(db: Executor): Promise<TimeAlertRow[]> {
  return selectAlerts(db).where(eq(timeAlerts.status, "ACTIVE")).orderBy(asc(timeAlerts.createdAt));
}

/** Active → ended; false when it had already ended (another scan, or the learner). */
export async function endTimeAlert(
  db: Executor,
  id: string,
  end: { reason: TimeAlertEndReason; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(timeAlerts)
    .set({ status: "ENDED", endedReason: end.reason, endedAt: end.at })
    .where(and(eq(timeAlerts.id, id), eq(timeAlerts.status, "ACTIVE")))
    .returning({ id: timeAlerts.id });
  return rows.length > 0;
}

/** What the scan learned of an active alert: the counters seen, the times known, and whether it emailed. */
export async function recordScan(
  db: Executor,
  id: string,
  scan: { seenVersion: string; knownSlots: string[]; hasUnsent: boolean; notifiedAt?: Date },
): Promise<void> {
  await db
    .update(timeAlerts)
    .set({
      seenVersion: scan.seenVersion,
      knownSlots: scan.knownSlots,
      hasUnsent: scan.hasUnsent,
      ...(scan.notifiedAt ? { lastNotifiedAt: scan.notifiedAt } : {}),
    })
    .where(and(eq(timeAlerts.id, id), eq(timeAlerts.status, "ACTIVE")));
}

/** Locks one alert for the scan's decision about it (a second scan, or the learner ending it, waits). */
export async function lockActiveAlert(db: Executor, id: string): Promise<TimeAlertRow | undefined> {
  const [row] = await selectAlerts(db)
    .where(and(eq(timeAlerts.id, id), eq(timeAlerts.status, "ACTIVE")))
    .limit(1)
    .for("update", { of: timeAlerts });
  return row;
}

/** An instructor's name (a suburb alert's offer names whoever the time is with). */
export async function findPersonName(
  db: Executor,
  userId: string,
): Promise<{ firstName: string; lastName: string } | undefined> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
