/**
 * Every write of the instructor_profiles table, and the only one (decision 019): registration (auth),
 * the instructor's own details (accounts) and settings, verification and document dates (compliance),
 * the review aggregate (reviews), payout details (payouts) and the calendar feed secret (calendar) all
 * go through these, in the caller's transaction. Each sets only its own columns.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { type howInstructorTeaches, instructorProfiles } from "../../db/schema/index.ts";

type Profile = typeof instructorProfiles.$inferInsert;

const byInstructor = (instructorId: string) => eq(instructorProfiles.userId, instructorId);

/**
 * A new instructor's profile, PENDING until an admin has checked their licence, and out of pool hours
 * until they opt in from their settings: pool hours pay less, so nobody is signed up to them unasked
 * (issue 30). Said here rather than by the column's default, so no migration: this is the only insert.
 */
export async function createInstructorProfile(
  db: Executor,
  profile: Pick<
    Profile,
    "userId" | "licenseNumber" | "wwcNumber" | "vehicleType" | "standardRateCents" | "languages" | "suburbs"
  >,
) {
  await db.insert(instructorProfiles).values({ ...profile, verificationStatus: "PENDING", poolOptIn: false });
}

/** What the instructor edits about themselves; a new licence number comes with PENDING (accounts). */
export async function updateInstructorDetails(
  db: Executor,
  instructorId: string,
  changes: Partial<
    Pick<
      Profile,
      | "bio"
      | "languages"
      | "vehicleType"
      | "gender"
      | "licenseNumber"
      | "wwcNumber"
      | "verificationStatus"
      | "verifiedAt"
    >
  >,
) {
  if (Object.keys(changes).length === 0) return;
  await db.update(instructorProfiles).set(changes).where(byInstructor(instructorId));
}

/** Where, at what rate, whether in pool hours and how (buffer, notice, cap, holidays) the instructor teaches. */
export async function updateInstructorSettings(
  db: Executor,
  instructorId: string,
  changes: Partial<
    Pick<Profile, "poolOptIn" | "suburbs" | "standardRateCents" | keyof typeof howInstructorTeaches>
  >,
) {
  if (Object.keys(changes).length === 0) return;
  await db.update(instructorProfiles).set(changes).where(byInstructor(instructorId));
}

/** Verification status and document expiry dates (compliance). */
export async function updateInstructorCompliance(
  db: Executor,
  instructorId: string,
  changes: Partial<
    Pick<Profile, "verificationStatus" | "verifiedAt" | "licenseExpiresOn" | "wwcExpiresOn" | "wwcNumber">
  >,
) {
  if (Object.keys(changes).length === 0) return;
  await db.update(instructorProfiles).set(changes).where(byInstructor(instructorId));
}

/** The visible reviews' aggregate, kept on the profile so listings need no join over reviews. */
export async function setInstructorRating(
  db: Executor,
  instructorId: string,
  rating: { average: number | null; count: number },
) {
  await db
    .update(instructorProfiles)
    .set({ ratingAverage: rating.average, ratingCount: rating.count })
    .where(byInstructor(instructorId));
}

/** ABN and GST status for payout statements. */
export async function updatePayoutDetails(
  db: Executor,
  instructorId: string,
  change: { abn?: string | null; gstRegistered: boolean },
) {
  await db.update(instructorProfiles).set(change).where(byInstructor(instructorId));
}

/** Stores the Connect account unless one is already there (two clicks at once keep the first). */
export async function setStripeAccountIfNone(db: Executor, instructorId: string, accountId: string) {
  await db
    .update(instructorProfiles)
    .set({ stripeAccountId: accountId })
    .where(and(byInstructor(instructorId), sql`${instructorProfiles.stripeAccountId} is null`));
}

/** The calendar feed secret's hash; null turns the feed off. */
export async function setCalendarTokenHash(db: Executor, instructorId: string, tokenHash: string | null) {
  await db.update(instructorProfiles).set({ calendarTokenHash: tokenHash }).where(byInstructor(instructorId));
}
