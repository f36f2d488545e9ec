/**
 * SQL copies of shared domain rules, for the queries that must filter in the database. Each fragment is
 * built from the same constants as its rule in packages/shared/src/rules and must change with it; the
 * rule's unit tests define the behaviour, the repositories' integration tests check these agree.
 */
import { ACTIVE_BOOKING_STATUSES, LESSON_LENGTHS } from "@kerb/shared";
import { creditsForLesson, HELD_BOOKING_STATUS } from "@kerb/shared/rules";
import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import {
  bookings,
  heldLessonDecisions,
  instructorProfiles,
  instructorTeachingStops,
  testPackCredits,
  testPacks,
} from "./schema/index.ts";

/**
 * rules/holds.ts `isActiveBooking(status, holdExpiresAt, now)`: the booking occupies its time —
 * SCHEDULED, or PENDING_PAYMENT with a hold that has not lapsed at `now` (no expiry = still held).
 */
export function activeBookingSql(now: Date): SQL {
  return and(
    inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
    or(
      ne(bookings.status, HELD_BOOKING_STATUS),
      isNull(bookings.holdExpiresAt),
      gt(bookings.holdExpiresAt, now),
    ),
  ) as SQL;
}

/**
 * rules/holds.ts `isHoldActive(status, holdExpiresAt, now)`: a checkout hold that still keeps its time —
 * PENDING_PAYMENT and not lapsed at `now` (no expiry = still held). For the hold cap and fulfilment.
 */
export function activeHoldSql(now: Date): SQL {
  return and(
    eq(bookings.status, HELD_BOOKING_STATUS),
    or(isNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, now)),
  ) as SQL;
}

/**
 * rules/instructor-listing.ts `suspended` for the instructor_profiles row in scope: their account is
 * suspended (users.suspended_at set). A subquery on the primary key, so a query over instructor_profiles
 * needs no join to ask it; select it as a column (`suspended: instructorSuspendedSql`) to feed the rule.
 */
export const instructorSuspendedSql = sql<boolean>`exists (select 1 from "users" as "suspension" where "suspension"."id" = ${instructorProfiles.userId} and "suspension"."suspended_at" is not null)`;

/**
 * rules/instructor-listing.ts `isListableInstructor(profile, today)`: not suspended, VERIFIED, and both
 * the licence and the WWC check have an expiry date on record that is not before `today` (a Sydney
 * date; an expiry date is valid on the day itself). A missing date is NULL, and `NULL >= today` is never
 * true.
 */
export function listableInstructorSql(today: string): SQL {
  return and(
    sql`not ${instructorSuspendedSql}`,
    eq(instructorProfiles.verificationStatus, "VERIFIED"),
    isNotNull(instructorProfiles.licenseExpiresOn),
    gte(instructorProfiles.licenseExpiresOn, today),
    isNotNull(instructorProfiles.wwcExpiresOn),
    gte(instructorProfiles.wwcExpiresOn, today),
  ) as SQL;
}

/**
 * The negation of `listableInstructorSql` written out so NULLs count as "not listable" (a plain
 * `not (...)` of a comparison with NULL is NULL, which would drop the row).
 */
export function unlistableInstructorSql(today: string): SQL {
  return or(
    instructorSuspendedSql,
    ne(instructorProfiles.verificationStatus, "VERIFIED"),
    isNull(instructorProfiles.licenseExpiresOn),
    lt(instructorProfiles.licenseExpiresOn, today),
    isNull(instructorProfiles.wwcExpiresOn),
    lt(instructorProfiles.wwcExpiresOn, today),
  ) as SQL;
}

/** rules/suburbs.ts `teachesInSuburb(suburbs, suburb)`: the instructor's suburbs hold it, in any case. */
export function teachesInSuburbSql(suburb: string): SQL {
  return sql`exists (select 1 from unnest(${instructorProfiles.suburbs}) as served(name) where lower(served.name) = lower(${suburb}))`;
}

/**
 * rules/payouts.ts `payableGrossCents` without its "paid for" condition: the lesson value (ex GST) a lesson
 * earned — a COMPLETED lesson's price, a NO_SHOW's kept value (its price until a dispute settles it, 0 once
 * refunded: rules/no-show-disputes.ts), a CANCELLED lesson's kept value; NULL otherwise. Literal SQL (no
 * parameters), so GROUP BY can repeat it.
 */
export const earnedValueSql = sql<number>`(case when ${bookings.status} = 'COMPLETED' then ${bookings.priceCents} when ${bookings.status} = 'NO_SHOW' then coalesce(${bookings.keptCents}, ${bookings.priceCents}) when ${bookings.status} = 'CANCELLED' then ${bookings.keptCents} end)`;

/** The lesson earned its value: COMPLETED, or a NO_SHOW or CANCELLED lesson with value kept. */
export const earnedSql = sql`(${bookings.status} = 'COMPLETED' or coalesce(${earnedValueSql}, 0) > 0)`;

/** A driving-test pack paid with a test-pack credit (bought in advance, or the pass promise's). */
export const paidWithTestPackCreditSql = sql`exists (select 1 from ${testPackCredits} where ${testPackCredits.usedByBookingId} = ${bookings.id})`;

/**
 * rules/payouts.ts `payableGrossCents(lesson) > 0`: a lesson that earns its instructor money — paid for
 * (card, bundle credit or test-pack credit) and COMPLETED, or a NO_SHOW not refunded after a dispute, or CANCELLED with
 * value kept. The one rule of "a lesson paid for": earnings, payouts and statements all count with it.
 */
export const earningLessonSql = sql`((${bookings.paymentId} is not null or ${bookings.bundleId} is not null or ${paidWithTestPackCreditSql}) and ${earnedSql})`;

/**
 * rules/lesson-lengths.ts `creditsSpentOn(start, end)`: the bundle credits a credit lesson used, one per
 * hour (two for 120 minutes), one for any length credits cannot pay for. The cases are read off the rule
 * for each lesson length, so the two cannot drift apart.
 */
const creditCases = LESSON_LENGTHS.flatMap((minutes) => {
  const credits = creditsForLesson(minutes);
  return credits === null ? [] : [`when ${minutes} then ${credits}`];
}).join(" ");
export const creditsSpentSql = sql<number>`(case extract(epoch from ${bookings.endTime} - ${bookings.startTime}) / 60 ${sql.raw(creditCases)} else 1 end)`;

/** rules/payouts.ts `payableGrossCents` for an earning lesson; literal SQL so GROUP BY can repeat it. */
export const earningCentsSql = earnedValueSql;

/**
 * rules/teaching-stops.ts `stopDuring(lesson.startTime, stops) !== null`: the lesson started during one
 * of its instructor's teaching stops (not allowed to teach then).
 */
export const taughtDuringStopSql = sql`exists (select 1 from ${instructorTeachingStops} where ${instructorTeachingStops.instructorId} = ${bookings.instructorId} and ${instructorTeachingStops.startsAt} <= ${bookings.startTime} and (${instructorTeachingStops.endsAt} is null or ${bookings.startTime} < ${instructorTeachingStops.endsAt}))`;

/**
 * rules/teaching-stops.ts `isPayoutHeld`: the lesson started during one of its instructor's teaching
 * stops and no admin has decided it yet. Kept out of payouts and "mark your lesson" emails.
 */
export const payoutHeldSql = sql`(${taughtDuringStopSql} and not exists (select 1 from ${heldLessonDecisions} where ${heldLessonDecisions.bookingId} = ${bookings.id}))`;

/** The negation of `payoutHeldSql` (both parts are EXISTS, never NULL, so `not` is exact). */
export const notPayoutHeldSql = sql`not ${payoutHeldSql}`;

/**
 * The bookings row in scope is a driving-test package's block (issue 33; it has a test_packs row): not a
 * lesson where lessons are counted (the progress page, the pass promise's PASS_PROMISE_MIN_LESSONS).
 */
export const isTestPackSql = sql<boolean>`exists (select 1 from ${testPacks} where ${testPacks.bookingId} = ${bookings.id})`;
