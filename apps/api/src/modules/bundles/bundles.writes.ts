/**
 * Every write of the bundles table. The bundles module owns them: checkout creates one when a bundle
 * payment is fulfilled, a credit spend counts credits used, and a cancellation gives one back, all
 * through these (decision 019).
 */
import { creditsSpentOn } from "@kerb/shared/rules";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bundles } from "../../db/schema/index.ts";

/** The bundle a fulfilled bundle payment bought; a second fulfilment of the same payment adds nothing. */
export async function createBundle(db: Executor, values: typeof bundles.$inferInsert) {
  await db.insert(bundles).values(values).onConflictDoNothing({ target: bundles.paymentId });
}

/**
 * Counts `lessons` credits as used. The `bundles_usage` check constraint is the database's own guard:
 * even a path that skipped the lock could not take the count past the total.
 */
export async function useCredits(tx: Executor, bundleId: string, lessons: number) {
  const [row] = await tx
    .update(bundles)
    .set({ usedLessons: sql`${bundles.usedLessons} + ${lessons}` })
    .where(eq(bundles.id, bundleId))
    .returning({
      id: bundles.id,
      totalLessons: bundles.totalLessons,
      usedLessons: bundles.usedLessons,
      expiresAt: bundles.expiresAt,
    });
  if (!row) throw new Error(`bundle ${bundleId} vanished inside its own lock`);
  return row;
}

/**
 * Gives a lesson's credits back to the bundle it was paid from: one for 60 minutes, two for 120
 * (rules/lesson-lengths.ts `creditsSpentOn`).
 */
export async function returnBundleCredit(
  tx: Executor,
  bundleId: string,
  lesson: { startTime: Date; endTime: Date },
) {
  const credits = creditsSpentOn(lesson.startTime, lesson.endTime);
  await tx
    .update(bundles)
    .set({ usedLessons: sql`greatest(${bundles.usedLessons} - ${credits}, 0)` })
    .where(eq(bundles.id, bundleId));
}

/** A bundle bought before its instructor was chosen (or moved to another) teaches with this one. */
export async function setBundleInstructor(
  tx: Executor,
  bundleId: string,
  values: { instructorId: string; suburb: string },
) {
  await tx.update(bundles).set(values).where(eq(bundles.id, bundleId));
}
