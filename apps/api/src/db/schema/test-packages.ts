import { TEST_PACK_CLAIM_STATUSES, TEST_PACK_CREDIT_SOURCES, TEST_PACK_OUTCOMES } from "@kerb/shared";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bookings } from "./bookings.ts";
import { payments } from "./payments.ts";
import { instructorProfiles } from "./profiles.ts";
import { users } from "./users.ts";

/**
 * An instructor's driving-test package offer (issue 33), one row per instructor once they save it: on or
 * off, the price in cents ex GST (GST is added as for lessons), whether a 60-minute warm-up lesson comes
 * before the test, and the test centres (ids of TEST_CENTRES in packages/shared rules/test-centres.ts)
 * they take learners to. The ids are checked against that list by the request schema, not here: adding a
 * centre is then a change of data, not a migration. A switched-off offer keeps its price and centres.
 */
export const testPackageOffers = pgTable(
  "test_package_offers",
  {
    instructorId: uuid()
      .primaryKey()
      .references(() => instructorProfiles.userId, { onDelete: "cascade" }),
    enabled: boolean().notNull().default(false),
    priceCents: integer().notNull(),
    includesWarmUp: boolean().notNull().default(true),
    centreIds: text().array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The request schema's bounds (MIN/MAX_TEST_PACKAGE_PRICE_DOLLARS), in cents.
    check("test_package_price_range", sql`${t.priceCents} between 6000 and 90000`),
    check("test_package_enabled_centres", sql`not ${t.enabled} or cardinality(${t.centreIds}) > 0`),
  ],
);

/**
 * A booked driving-test package (issue 33): the lesson record (bookings) holds the instructor's whole
 * block, pick-up to drop-off, at the learner's pick-up suburb, so the exclusion constraint, the travel
 * rule and every calendar treat it as taken time; this row says what the block is. The test time is the
 * one the learner booked with Service NSW; the plan's other instants are worked back from it
 * (rules/test-pack-plan.ts) and kept as planned, so a later change of the travel table moves nothing.
 */
export const testPacks = pgTable(
  "test_packs",
  {
    bookingId: uuid()
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    centreId: text().notNull(),
    testAt: timestamp({ withTimezone: true }).notNull(),
    includesWarmUp: boolean().notNull(),
    /** Minutes from the pick-up to the centre, and back, as planned. */
    toCentreMinutes: integer().notNull(),
    fromCentreMinutes: integer().notNull(),
    /** Set by the instructor after the test day (TEST_PACK_OUTCOMES). */
    outcome: text({ enum: TEST_PACK_OUTCOMES }),
    /** Why the test was not taken, or the instructor's note on a result. */
    outcomeNote: text(),
    outcomeRecordedAt: timestamp({ withTimezone: true }),
    outcomeRecordedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("test_packs_test_at_idx").on(t.testAt),
    check("test_packs_drives", sql`${t.toCentreMinutes} > 0 and ${t.fromCentreMinutes} > 0`),
    check("test_packs_outcome_recorded", sql`(${t.outcome} is null) = (${t.outcomeRecordedAt} is null)`),
    check(
      "test_packs_not_taken_reason",
      sql`${t.outcome} is distinct from 'NOT_TAKEN' or length(trim(${t.outcomeNote})) > 0`,
    ),
  ],
);

/**
 * A pass-promise claim (issue 33): a learner who completed at least PASS_PROMISE_MIN_LESSONS lessons and
 * a pack on Kerb, and failed that test, asks for a second pack. Once per learner whatever the decision
 * (the unique learner), and once per failed pack.
 */
export const testPackClaims = pgTable(
  "test_pack_claims",
  {
    id: uuid().primaryKey().defaultRandom(),
    studentId: uuid()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The failed pack's lesson record. */
    bookingId: uuid()
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: "cascade" }),
    status: text({ enum: TEST_PACK_CLAIM_STATUSES }).notNull().default("PENDING"),
    decidedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }),
    /** The admin's reason when declining. */
    decisionNote: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("test_pack_claims_status_idx").on(t.status, t.createdAt),
    check("test_pack_claims_decided", sql`(${t.status} = 'PENDING') = (${t.decidedAt} is null)`),
  ],
);

/**
 * A test-pack credit: one pack with any instructor who offers them, paid in advance (a PURCHASE, with
 * its payment and the price paid ex GST) or given by the pass promise (with its approved claim, price 0
 * to the learner). Spent by naming the pack's lesson record; unique, so one credit pays one pack.
 */
export const testPackCredits = pgTable(
  "test_pack_credits",
  {
    id: uuid().primaryKey().defaultRandom(),
    studentId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    source: text({ enum: TEST_PACK_CREDIT_SOURCES }).notNull(),
    /** The payment that bought it (PURCHASE): unique, so one payment issues one credit however often fulfilled. */
    paymentId: uuid()
      .unique()
      .references(() => payments.id),
    claimId: uuid()
      .unique()
      .references(() => testPackClaims.id),
    /** What the learner paid for it ex GST (0 for the pass promise's). */
    valueCents: integer().notNull(),
    usedByBookingId: uuid()
      .unique()
      .references(() => bookings.id),
    usedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("test_pack_credits_student_idx").on(t.studentId),
    check("test_pack_credits_value", sql`${t.valueCents} >= 0`),
    check(
      "test_pack_credits_origin",
      sql`(${t.source} = 'PURCHASE' and ${t.paymentId} is not null and ${t.claimId} is null)
        or (${t.source} = 'PASS_PROMISE' and ${t.claimId} is not null and ${t.paymentId} is null)`,
    ),
    check("test_pack_credits_used", sql`(${t.usedByBookingId} is null) = (${t.usedAt} is null)`),
  ],
);
