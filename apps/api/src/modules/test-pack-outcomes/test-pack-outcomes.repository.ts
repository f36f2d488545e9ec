/**
 * After the test day (issue 33): packs read with their outcome, the pass promise's claims and the pack
 * credits an approved claim issues. Lessons (bookings) and packs (test_packs) are read here, never
 * written: the lessons module completes a pack's lesson, the test-packages module saves its outcome.
 */
import type { TestPackClaimStatus } from "@kerb/shared";
import { and, count, desc, eq, inArray, not, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { bookings, testPackClaims, testPackCredits, testPacks, users } from "../../db/schema/index.ts";
import { isTestPackSql } from "../../db/sql-rules.ts";
import { type PackRow, packColumns } from "../test-packages/index.ts";

const student = alias(users, "student");
const instructor = alias(users, "instructor");
const decider = alias(users, "decider");

/** The instructor's own lesson; undefined when it is not theirs. */
export async function findInstructorLesson(db: Executor, instructorId: string, bookingId: string) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.instructorId, instructorId)));
  return row;
}

/**
 * The pack on the lesson record, its test_packs row and lesson locked until the transaction ends (an
 * outcome against a claim, a cancellation or a second outcome: the later one waits and sees the first);
 * `owner` narrows it to someone's packs. Undefined when the lesson is not a pack (or not theirs).
 */
export async function lockPack(tx: Executor, bookingId: string, owner?: SQL) {
  const [row] = await tx
    .select({ ...packColumns, endTime: bookings.endTime, studentId: bookings.studentId })
    .from(testPacks)
    .innerJoin(bookings, eq(bookings.id, testPacks.bookingId))
    .where(and(eq(testPacks.bookingId, bookingId), owner))
    .for("update");
  return row as (PackRow & { endTime: Date; studentId: string }) | undefined;
}

export const ownedBy = (studentId: string) => eq(bookings.studentId, studentId);

/**
 * The learner's packs that were paid for and not cancelled (scheduled, completed or a no-show), newest
 * test first.
 */
export async function listPacksOfLearner(db: Executor, studentId: string) {
  const rows = await db
    .select(packColumns)
    .from(testPacks)
    .innerJoin(bookings, eq(bookings.id, testPacks.bookingId))
    .where(and(ownedBy(studentId), inArray(bookings.status, ["SCHEDULED", "COMPLETED", "NO_SHOW"])))
    .orderBy(desc(testPacks.testAt), desc(testPacks.bookingId));
  return rows as PackRow[];
}

export async function findPack(db: Executor, bookingId: string) {
  const [row] = await db
    .select(packColumns)
    .from(testPacks)
    .innerJoin(bookings, eq(bookings.id, testPacks.bookingId))
    .where(eq(testPacks.bookingId, bookingId));
  return row as PackRow | undefined;
}

export async function claimExistsForPack(db: Executor, bookingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: testPackClaims.id })
    .from(testPackClaims)
    .where(eq(testPackClaims.bookingId, bookingId));
  return row !== undefined;
}

export async function claimExistsForStudent(db: Executor, studentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: testPackClaims.id })
    .from(testPackClaims)
    .where(eq(testPackClaims.studentId, studentId));
  return row !== undefined;
}

/** The learner's completed lessons on Kerb, test packs not counted (the pass promise's count). */
export async function countCompletedLessons(db: Executor, studentId: string): Promise<number> {
  return (await countCompletedLessonsOf(db, [studentId])).get(studentId) ?? 0;
}

/** countCompletedLessons for each of `studentIds` at once (0 for a learner with none). */
export async function countCompletedLessonsOf(db: Executor, studentIds: readonly string[]) {
  const counts = new Map<string, number>(studentIds.map((id) => [id, 0]));
  if (studentIds.length === 0) return counts;
  const rows = await db
    .select({ studentId: bookings.studentId, n: count() })
    .from(bookings)
    .where(
      and(inArray(bookings.studentId, [...studentIds]), eq(bookings.status, "COMPLETED"), not(isTestPackSql)),
    )
    .groupBy(bookings.studentId);
  for (const row of rows) counts.set(row.studentId, row.n);
  return counts;
}

export async function insertClaim(
  tx: Executor,
  values: { studentId: string; bookingId: string; createdAt: Date },
): Promise<string> {
  const [row] = await tx.insert(testPackClaims).values(values).returning({ id: testPackClaims.id });
  if (!row) throw new Error("claim not inserted");
  return row.id;
}

const claimColumns = {
  id: testPackClaims.id,
  status: testPackClaims.status,
  createdAt: testPackClaims.createdAt,
  decidedAt: testPackClaims.decidedAt,
  decisionNote: testPackClaims.decisionNote,
  studentId: testPackClaims.studentId,
  pack: packColumns,
  credit: {
    id: testPackCredits.id,
    expiresAt: testPackCredits.expiresAt,
    usedByBookingId: testPackCredits.usedByBookingId,
  },
};

const adminClaimColumns = {
  ...claimColumns,
  student: {
    id: student.id,
    firstName: student.firstName,
    lastName: student.lastName,
    email: student.email,
  },
  instructor: { id: instructor.id, firstName: instructor.firstName, lastName: instructor.lastName },
  decidedBy: { id: decider.id, firstName: decider.firstName, lastName: decider.lastName },
};

export interface ClaimRow {
  id: string;
  status: TestPackClaimStatus;
  createdAt: Date;
  decidedAt: Date | null;
  decisionNote: string | null;
  studentId: string;
  pack: PackRow;
  credit: { id: string; expiresAt: Date; usedByBookingId: string | null } | null;
}

type Person = { id: string; firstName: string; lastName: string };
export interface AdminClaimRow extends ClaimRow {
  student: Person & { email: string };
  instructor: Person;
  decidedBy: Person | null;
}

function selectClaims(db: Executor) {
  return db
    .select(claimColumns)
    .from(testPackClaims)
    .innerJoin(testPacks, eq(testPacks.bookingId, testPackClaims.bookingId))
    .innerJoin(bookings, eq(bookings.id, testPackClaims.bookingId))
    .leftJoin(testPackCredits, eq(testPackCredits.claimId, testPackClaims.id));
}

export async function listClaimsOfStudent(db: Executor, studentId: string): Promise<ClaimRow[]> {
  const rows = await selectClaims(db)
    .where(eq(testPackClaims.studentId, studentId))
    .orderBy(desc(testPackClaims.createdAt));
  return rows as ClaimRow[];
}

export async function findClaimOfStudent(db: Executor, studentId: string, claimId: string) {
  const [row] = await selectClaims(db).where(
    and(eq(testPackClaims.id, claimId), eq(testPackClaims.studentId, studentId)),
  );
  return row as ClaimRow | undefined;
}

function selectAdminClaims(db: Executor) {
  return db
    .select(adminClaimColumns)
    .from(testPackClaims)
    .innerJoin(testPacks, eq(testPacks.bookingId, testPackClaims.bookingId))
    .innerJoin(bookings, eq(bookings.id, testPackClaims.bookingId))
    .innerJoin(student, eq(student.id, testPackClaims.studentId))
    .innerJoin(instructor, eq(instructor.id, bookings.instructorId))
    .leftJoin(decider, eq(decider.id, testPackClaims.decidedBy))
    .leftJoin(testPackCredits, eq(testPackCredits.claimId, testPackClaims.id));
}

/** Claims for the admin, oldest first (the queue is worked in order), filtered by status. */
export async function listClaimsForAdmin(
  db: Executor,
  filter: { status?: TestPackClaimStatus | undefined },
  page: { limit: number; offset: number },
) {
  const where = filter.status ? eq(testPackClaims.status, filter.status) : undefined;
  const [rows, [total]] = await Promise.all([
    selectAdminClaims(db)
      .where(where)
      .orderBy(testPackClaims.createdAt, testPackClaims.id)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(testPackClaims).where(where),
  ]);
  return { rows: rows as AdminClaimRow[], total: total?.n ?? 0 };
}

export async function findClaimForAdmin(db: Executor, claimId: string) {
  const [row] = await selectAdminClaims(db).where(eq(testPackClaims.id, claimId));
  return row as AdminClaimRow | undefined;
}

/**
 * PENDING → `status`, only while still PENDING (two admins deciding at once: one wins); the claim's
 * learner and pack, or undefined when it was not pending (or does not exist).
 */
export async function decidePendingClaim(
  tx: Executor,
  claimId: string,
  decision: {
    status: "APPROVED" | "DECLINED";
    decidedBy: string;
    decidedAt: Date;
    decisionNote: string | null;
  },
) {
  const [row] = await tx
    .update(testPackClaims)
    .set(decision)
    .where(and(eq(testPackClaims.id, claimId), eq(testPackClaims.status, "PENDING")))
    .returning({ studentId: testPackClaims.studentId, bookingId: testPackClaims.bookingId });
  return row;
}

export async function findClaimStatus(db: Executor, claimId: string) {
  const [row] = await db
    .select({ status: testPackClaims.status })
    .from(testPackClaims)
    .where(eq(testPackClaims.id, claimId));
  return row?.status;
}

export async function insertPassPromiseCredit(
  tx: Executor,
  values: { studentId: string; claimId: string; expiresAt: Date; createdAt: Date },
): Promise<string> {
  const [row] = await tx
    .insert(testPackCredits)
    .values({ ...values, source: "PASS_PROMISE", valueCents: 0 })
    .returning({ id: testPackCredits.id });
  if (!row) throw new Error("credit not inserted");
  return row.id;
}
