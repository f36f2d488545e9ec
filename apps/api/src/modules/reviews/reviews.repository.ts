import { and, count, desc, eq, inArray, isNotNull, isNull, sum } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { bookings, instructorProfiles, reviews, users } from "../../db/schema/index.ts";
import { instructorSuspendedSql } from "../../db/sql-rules.ts";

const student = alias(users, "review_student");
const instructor = alias(users, "review_instructor");

/** The lesson a student wants to review; undefined when it is not theirs (BOLA: reads as absent). */
export async function findStudentLessonForReview(db: Executor, studentId: string, bookingId: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      endTime: bookings.endTime,
      instructorId: bookings.instructorId,
    })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.studentId, studentId)));
  return row;
}

/**
 * Locks the instructor's profile row for the rest of the transaction. Every change to their reviews
 * takes this lock first, so two reviews saved at once recount one after the other instead of each
 * missing the other's row.
 */
export async function lockInstructorRating(db: Executor, instructorId: string) {
  const [row] = await db
    .select({ userId: instructorProfiles.userId })
    .from(instructorProfiles)
    .where(eq(instructorProfiles.userId, instructorId))
    .for("update");
  return row !== undefined;
}

export async function reviewExistsForBooking(db: Executor, bookingId: string) {
  const [row] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.bookingId, bookingId));
  return row !== undefined;
}

export async function insertReview(
  db: Executor,
  values: {
    bookingId: string;
    studentId: string;
    instructorId: string;
    rating: number;
    comment: string | null;
    createdAt: Date;
  },
) {
  const [row] = await db.insert(reviews).values(values).returning({
    id: reviews.id,
    bookingId: reviews.bookingId,
    instructorId: reviews.instructorId,
    rating: reviews.rating,
    comment: reviews.comment,
    createdAt: reviews.createdAt,
  });
  if (!row) throw new Error("review not inserted");
  return row;
}

/** Count and sum of the instructor's visible ratings (hidden reviews do not count). */
export async function visibleRatingTotals(db: Executor, instructorId: string) {
  const [row] = await db
    .select({ count: count(), sum: sum(reviews.rating).mapWith(Number) })
    .from(reviews)
    .where(and(eq(reviews.instructorId, instructorId), isNull(reviews.hiddenAt)));
  return { count: row?.count ?? 0, sum: row?.sum ?? 0 };
}

export async function findInstructorRating(db: Executor, instructorId: string) {
  const [row] = await db
    .select({ rating: instructorProfiles.ratingAverage, ratingCount: instructorProfiles.ratingCount })
    .from(instructorProfiles)
    .where(eq(instructorProfiles.userId, instructorId));
  return row;
}

/** What the public profile shows, plus what decides whether the instructor is listed at all. */
export async function findPublicInstructor(db: Executor, instructorId: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      bio: instructorProfiles.bio,
      languages: instructorProfiles.languages,
      suburbs: instructorProfiles.suburbs,
      vehicleType: instructorProfiles.vehicleType,
      rating: instructorProfiles.ratingAverage,
      ratingCount: instructorProfiles.ratingCount,
      suspended: instructorSuspendedSql,
      verificationStatus: instructorProfiles.verificationStatus,
      licenseExpiresOn: instructorProfiles.licenseExpiresOn,
      wwcExpiresOn: instructorProfiles.wwcExpiresOn,
    })
    .from(users)
    .innerJoin(instructorProfiles, eq(instructorProfiles.userId, users.id))
    .where(eq(users.id, instructorId));
  return row;
}

/** Visible reviews of one instructor, newest first (served by reviews_instructor_idx). */
export async function listVisibleReviews(
  db: Executor,
  instructorId: string,
  page: { limit: number; offset: number },
) {
  const where = and(eq(reviews.instructorId, instructorId), isNull(reviews.hiddenAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
        studentFirstName: users.firstName,
        studentLastName: users.lastName,
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.studentId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const adminColumns = {
  id: reviews.id,
  bookingId: reviews.bookingId,
  instructorId: reviews.instructorId,
  rating: reviews.rating,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  hiddenAt: reviews.hiddenAt,
  student: { id: student.id, firstName: student.firstName, lastName: student.lastName },
  instructor: { id: instructor.id, firstName: instructor.firstName, lastName: instructor.lastName },
};
export type AdminReviewRow = {
  id: string;
  bookingId: string;
  instructorId: string;
  rating: number;
  comment: string | null;
  createdAt: Date;
  hiddenAt: Date | null;
  student: { id: string; firstName: string; lastName: string };
  instructor: { id: string; firstName: string; lastName: string };
};

export async function listReviewsForAdmin(
  db: Executor,
  filter: { visibility: "all" | "visible" | "hidden"; instructorId?: string },
  page: { limit: number; offset: number },
) {
  const where = and(
    filter.visibility === "visible" ? isNull(reviews.hiddenAt) : undefined,
    filter.visibility === "hidden" ? isNotNull(reviews.hiddenAt) : undefined,
    filter.instructorId ? eq(reviews.instructorId, filter.instructorId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(adminColumns)
      .from(reviews)
      .innerJoin(student, eq(student.id, reviews.studentId))
      .innerJoin(instructor, eq(instructor.id, reviews.instructorId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { rows: rows as AdminReviewRow[], total: total?.n ?? 0 };
}

export async function findReviewForAdmin(db: Executor, reviewId: string) {
  const [row] = await db
    .select(adminColumns)
    .from(reviews)
    .innerJoin(student, eq(student.id, reviews.studentId))
    .innerJoin(instructor, eq(instructor.id, reviews.instructorId))
    .where(eq(reviews.id, reviewId));
  return row as AdminReviewRow | undefined;
}

/** The review's instructor and visibility, its row locked until the transaction ends. */
export async function lockReview(db: Executor, reviewId: string) {
  const [row] = await db
    .select({ id: reviews.id, instructorId: reviews.instructorId, hiddenAt: reviews.hiddenAt })
    .from(reviews)
    .where(eq(reviews.id, reviewId))
    .for("update");
  return row;
}

export async function setReviewHidden(
  db: Executor,
  reviewId: string,
  hidden: { hiddenAt: Date; hiddenBy: string } | null,
) {
  await db
    .update(reviews)
    .set(hidden ?? { hiddenAt: null, hiddenBy: null })
    .where(eq(reviews.id, reviewId));
}

/** The student's reviews of these lessons, by booking id (for the profile's lesson list). */
export async function listStudentReviewRatings(db: Executor, studentId: string, bookingIds?: string[]) {
  if (bookingIds && bookingIds.length === 0) return new Map<string, { rating: number; createdAt: Date }>();
  const rows = await db
    .select({ bookingId: reviews.bookingId, rating: reviews.rating, createdAt: reviews.createdAt })
    .from(reviews)
    .where(
      and(eq(reviews.studentId, studentId), bookingIds ? inArray(reviews.bookingId, bookingIds) : undefined),
    );
  return new Map(rows.map((r) => [r.bookingId, { rating: r.rating, createdAt: r.createdAt }]));
}
