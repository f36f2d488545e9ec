import { and, asc, eq, gt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { bundles, users } from "../../db/schema/index.ts";

const instructor = alias(users, "instructor");
const instructorName = { id: instructor.id, firstName: instructor.firstName, lastName: instructor.lastName };

/**
 * The student's bundle, locked until the transaction ends: concurrent spends (and an instructor change)
 * of one bundle queue here, so each sees the credits the previous one left. Someone else's bundle is
 * simply absent.
 */
export async function lockStudentBundle(tx: Executor, studentId: string, bundleId: string) {
  const [row] = await tx
    .select({
      id: bundles.id,
      instructorId: bundles.instructorId,
      totalLessons: bundles.totalLessons,
      usedLessons: bundles.usedLessons,
      pricePerLessonCents: bundles.pricePerLessonCents,
      suburb: bundles.suburb,
      expiresAt: bundles.expiresAt,
    })
    .from(bundles)
    .where(and(eq(bundles.id, bundleId), eq(bundles.studentId, studentId)))
    .for("update");
  return row;
}
export type LockedBundle = NonNullable<Awaited<ReturnType<typeof lockStudentBundle>>>;

/** The learner's bundles with credits left and not expired, soonest to expire first. */
export function listLiveBundlesOfLearner(db: Executor, learnerId: string, now: Date) {
  return db
    .select({
      id: bundles.id,
      totalLessons: bundles.totalLessons,
      usedLessons: bundles.usedLessons,
      pricePerLessonCents: bundles.pricePerLessonCents,
      expiresAt: bundles.expiresAt,
      suburb: bundles.suburb,
      instructor: instructorName,
    })
    .from(bundles)
    .leftJoin(instructor, eq(instructor.id, bundles.instructorId))
    .where(
      and(
        eq(bundles.studentId, learnerId),
        gt(bundles.expiresAt, now),
        sql`${bundles.usedLessons} < ${bundles.totalLessons}`,
      ),
    )
    .orderBy(asc(bundles.expiresAt));
}

/** Instructors the learner has bundles with. */
export function listBundleInstructorsOfLearner(db: Executor, learnerId: string) {
  return db
    .selectDistinct(instructorName)
    .from(bundles)
    .innerJoin(instructor, eq(instructor.id, bundles.instructorId))
    .where(eq(bundles.studentId, learnerId));
}
