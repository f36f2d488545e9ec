/**
 * Reads behind compliance: the instructors an admin verifies and keeps documents for, future lessons of
 * instructors who may not teach them (the admin follow-up list), who to tell, and which instructors the
 * expiry scan must look at. Compliance writes instructor profiles through the instructors module.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { fullNameSql } from "../../db/full-name.ts";
import { containsPattern } from "../../db/like-pattern.ts";
import { bookings, instructorProfiles, lessonNotices, users } from "../../db/schema/index.ts";
import { instructorSuspendedSql, unlistableInstructorSql } from "../../db/sql-rules.ts";

const student = alias(users, "student");
const instructor = alias(users, "instructor");

const complianceColumns = {
  suspended: instructorSuspendedSql,
  verificationStatus: instructorProfiles.verificationStatus,
  licenseExpiresOn: instructorProfiles.licenseExpiresOn,
  wwcExpiresOn: instructorProfiles.wwcExpiresOn,
  wwcNumber: instructorProfiles.wwcNumber,
};

/** SCHEDULED lessons that have not started, of instructors not listable today: the follow-up list. */
export async function listFollowUpLessons(
  db: Executor,
  filter: { today: string; now: Date },
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(bookings.status, "SCHEDULED"),
    gt(bookings.startTime, filter.now),
    unlistableInstructorSql(filter.today),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: bookings.id,
        startTime: bookings.startTime,
        endTime: bookings.endTime,
        suburb: bookings.suburb,
        priceCents: bookings.priceCents,
        paymentId: bookings.paymentId,
        bundleId: bookings.bundleId,
        student: {
          id: student.id,
          firstName: student.firstName,
          lastName: student.lastName,
          email: student.email,
        },
        instructor: { id: instructor.id, firstName: instructor.firstName, lastName: instructor.lastName },
        ...complianceColumns,
        studentNotifiedAt: lessonNotices.toldAt,
      })
      .from(bookings)
      .innerJoin(instructorProfiles, eq(instructorProfiles.userId, bookings.instructorId))
      .innerJoin(instructor, eq(instructor.id, bookings.instructorId))
      .innerJoin(student, eq(student.id, bookings.studentId))
      // When the student was told their instructor cannot teach (unavailable-notices.ts).
      .leftJoin(
        lessonNotices,
        and(eq(lessonNotices.bookingId, bookings.id), eq(lessonNotices.kind, "UNAVAILABLE")),
      )
      .where(where)
      .orderBy(asc(bookings.startTime), asc(bookings.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(bookings)
      .innerJoin(instructorProfiles, eq(instructorProfiles.userId, bookings.instructorId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type FollowUpRow = Awaited<ReturnType<typeof listFollowUpLessons>>["rows"][number];

/** An instructor's name, email and documents, for their emails and the delisting side effects. */
export async function findInstructorContact(db: Executor, instructorId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      ...complianceColumns,
    })
    .from(instructorProfiles)
    .innerJoin(users, eq(users.id, instructorProfiles.userId))
    .where(eq(instructorProfiles.userId, instructorId));
  return row;
}

/** The instructor's SCHEDULED lessons that have not started, with each student's contact. */
export function listFutureLessonsWithStudents(db: Executor, instructorId: string, now: Date) {
  return db
    .select({
      id: bookings.id,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      suburb: bookings.suburb,
      paymentId: bookings.paymentId,
      bundleId: bookings.bundleId,
      student: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.studentId))
    .where(
      and(
        eq(bookings.instructorId, instructorId),
        eq(bookings.status, "SCHEDULED"),
        gt(bookings.startTime, now),
      ),
    )
    .orderBy(asc(bookings.startTime));
}

/**
 * What the expiry scan looks at: instructors not listable today who either still have lessons ahead
 * (their students must hear of it) or are VERIFIED with a document already past its date (they must
 * hear of it). Instructors who never had lessons and were never verified are not its business.
 */
export function listInstructorsToScan(db: Executor, today: string, now: Date) {
  const hasFutureLessons = sql`exists (select 1 from ${bookings} where ${bookings.instructorId} = ${instructorProfiles.userId} and ${bookings.status} = 'SCHEDULED' and ${bookings.startTime} > ${now})`;
  const expiredWhileVerified = and(
    eq(instructorProfiles.verificationStatus, "VERIFIED"),
    or(
      and(isNotNull(instructorProfiles.licenseExpiresOn), lt(instructorProfiles.licenseExpiresOn, today)),
      and(isNotNull(instructorProfiles.wwcExpiresOn), lt(instructorProfiles.wwcExpiresOn, today)),
    ),
  );
  return db
    .select({ id: instructorProfiles.userId })
    .from(instructorProfiles)
    .where(and(unlistableInstructorSql(today), or(hasFutureLessons, expiredWhileVerified)))
    .orderBy(asc(instructorProfiles.userId));
}

/** The compliance inputs of these instructors (for the student's "may not teach" notice). */
export async function findInstructorListings(db: Executor, instructorIds: string[]) {
  if (instructorIds.length === 0) return [];
  return db
    .select({ id: instructorProfiles.userId, ...complianceColumns })
    .from(instructorProfiles)
    .where(inArray(instructorProfiles.userId, instructorIds));
}

// The admin's instructor list ---------------------------------------------------------------------

const adminInstructorColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  createdAt: users.createdAt,
  licenseNumber: instructorProfiles.licenseNumber,
  wwcNumber: instructorProfiles.wwcNumber,
  suspended: instructorSuspendedSql,
  vehicleType: instructorProfiles.vehicleType,
  suburbs: instructorProfiles.suburbs,
  standardRateCents: instructorProfiles.standardRateCents,
  verificationStatus: instructorProfiles.verificationStatus,
  verifiedAt: instructorProfiles.verifiedAt,
  licenseExpiresOn: instructorProfiles.licenseExpiresOn,
  wwcExpiresOn: instructorProfiles.wwcExpiresOn,
};

export type AdminInstructorRow = NonNullable<Awaited<ReturnType<typeof findAdminInstructor>>>;

export interface AdminInstructorFilter {
  status?: "PENDING" | "VERIFIED" | "REJECTED";
  search?: string;
  /** VERIFIED instructors with a document date missing or on/before `flaggedUntil` (expired or soon). */
  flaggedUntil?: string;
  sort: "applied" | "name" | "expiry" | "rate";
}

// The earlier of the two expiry dates; NULL when either is missing (least() would skip a NULL).
const earliestExpiry = sql`(case when ${instructorProfiles.licenseExpiresOn} is null or ${instructorProfiles.wwcExpiresOn} is null then null else least(${instructorProfiles.licenseExpiresOn}, ${instructorProfiles.wwcExpiresOn}) end)`;

const instructorOrder = {
  applied: [asc(instructorProfiles.createdAt), asc(users.id)],
  name: [asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id)],
  // Missing dates first: they are the most urgent to record.
  expiry: [sql`${earliestExpiry} asc nulls first`, asc(users.id)],
  rate: [desc(instructorProfiles.standardRateCents), asc(users.id)],
} satisfies Record<AdminInstructorFilter["sort"], SQL[]>;

export async function listAdminInstructors(
  db: Executor,
  filter: AdminInstructorFilter,
  page: { limit: number; offset: number },
) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(instructorProfiles.verificationStatus, filter.status));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const byText = or(
      ilike(users.email, pattern),
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
      ilike(fullNameSql(users), pattern),
      ilike(instructorProfiles.licenseNumber, pattern),
    );
    if (byText) conditions.push(byText);
  }
  if (filter.flaggedUntil) {
    conditions.push(
      and(
        eq(instructorProfiles.verificationStatus, "VERIFIED"),
        or(
          isNull(instructorProfiles.licenseExpiresOn),
          isNull(instructorProfiles.wwcExpiresOn),
          lte(instructorProfiles.licenseExpiresOn, filter.flaggedUntil),
          lte(instructorProfiles.wwcExpiresOn, filter.flaggedUntil),
        ),
      ) as SQL,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(adminInstructorColumns)
      .from(instructorProfiles)
      .innerJoin(users, eq(users.id, instructorProfiles.userId))
      .where(where)
      .orderBy(...instructorOrder[filter.sort])
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(instructorProfiles)
      .innerJoin(users, eq(users.id, instructorProfiles.userId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findAdminInstructor(db: Executor, instructorId: string) {
  const [row] = await db
    .select(adminInstructorColumns)
    .from(instructorProfiles)
    .innerJoin(users, eq(users.id, instructorProfiles.userId))
    .where(eq(instructorProfiles.userId, instructorId))
    .limit(1);
  return row;
}

/**
 * The instructor's verification and document dates, locked for the rest of the transaction: the
 * previous values go into the audit entry of the change.
 */
export async function lockInstructorCompliance(tx: Executor, instructorId: string) {
  const [row] = await tx
    .select(complianceColumns)
    .from(instructorProfiles)
    .where(eq(instructorProfiles.userId, instructorId))
    .for("update");
  return row;
}
