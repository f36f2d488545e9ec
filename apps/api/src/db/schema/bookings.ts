import { BOOKING_STATUSES } from "@kerb/shared";
import { CANCELLERS } from "@kerb/shared/rules";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { payments } from "./payments.ts";
import { users } from "./users.ts";

export const bundles = pgTable(
  "bundles",
  {
    id: uuid().primaryKey().defaultRandom(),
    studentId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    instructorId: uuid().references(() => users.id, { onDelete: "set null" }),
    paymentId: uuid()
      .notNull()
      .unique()
      .references(() => payments.id),
    totalLessons: integer().notNull(),
    usedLessons: integer().notNull().default(0),
    pricePerLessonCents: integer().notNull(),
    /** Where the credits are spent: the suburb chosen in Flow A (null only on bundles bought before 0004). */
    suburb: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("bundles_student_idx").on(t.studentId),
    check("bundles_usage", sql`${t.usedLessons} >= 0 and ${t.usedLessons} <= ${t.totalLessons}`),
  ],
);

/**
 * A weekly lesson (issue 34, decision 043): lessons with one instructor at the same weekday and Sydney
 * time, booked in one checkout. Its lessons name it (bookings.series_id); each is then cancelled or moved
 * on its own, or all the future ones at once.
 */
export const lessonSeries = pgTable(
  "lesson_series",
  {
    id: uuid().primaryKey().defaultRandom(),
    studentId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    instructorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** How many weeks were asked for (2–12), skipped ones included. */
    weeks: integer().notNull(),
    /** The first week's start: its weekday and Sydney wall-clock time are the series'. */
    firstStartTime: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("lesson_series_student_idx").on(t.studentId),
    check("lesson_series_weeks", sql`${t.weeks} between 2 and 12`),
  ],
);

/**
 * One lesson. No two active bookings (PENDING_PAYMENT or SCHEDULED) of one instructor may overlap:
 * the exclusion constraint `bookings_no_overlap` (migration 0001) enforces it in the database.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid().primaryKey().defaultRandom(),
    studentId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    instructorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startTime: timestamp({ withTimezone: true }).notNull(),
    endTime: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: BOOKING_STATUSES }).notNull(),
    priceCents: integer().notNull(),
    isPoolHours: boolean().notNull().default(false),
    suburb: text().notNull(),
    pickupLocation: text(),
    paymentId: uuid().references(() => payments.id),
    bundleId: uuid().references(() => bundles.id),
    /** The weekly series it was booked in (issue 34); null for a lesson booked on its own. */
    seriesId: uuid().references(() => lessonSeries.id),
    holdExpiresAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    /** Who cancelled (rules/cancellation.ts `CancelledBy`: a role). */
    cancelledBy: text({ enum: CANCELLERS }),
    /** Cents given back on cancellation, GST included (card) or 0 (credit). */
    refundCents: integer(),
    /**
     * On a CANCELLED lesson: the lesson value (ex GST) the platform keeps after the refund or a
     * forfeited credit. The instructor earns 75% of it (rules/cancellation.ts); 0 when all went back.
     */
    keptCents: integer(),
    /**
     * The SEQUENCE of the lesson's event in the student's calendar: 0 as the confirmation's .ics sent it,
     * raised by one in the same UPDATE as each change the calendar must take (a move, the cancellation).
     * A counter rather than a timestamp's epoch: it only rises, whatever the clock says, two changes in
     * one second still differ, and it stays a small integer as the RFC's readers expect.
     */
    calendarSequence: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("bookings_instructor_start_idx").on(t.instructorId, t.startTime),
    index("bookings_student_start_idx").on(t.studentId, t.startTime),
    index("bookings_payment_idx").on(t.paymentId),
    // The hold sweep and the lazy expiry look only at open holds.
    index("bookings_open_holds_idx").on(t.holdExpiresAt).where(sql`${t.status} = 'PENDING_PAYMENT'`),
    check("bookings_period", sql`${t.endTime} > ${t.startTime}`),
    check("bookings_price", sql`${t.priceCents} >= 0`),
    check("bookings_kept", sql`${t.keptCents} is null or ${t.keptCents} between 0 and ${t.priceCents}`),
    index("bookings_bundle_idx").on(t.bundleId),
    index("bookings_series_idx").on(t.seriesId).where(sql`${t.seriesId} is not null`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid().primaryKey().defaultRandom(),
    bookingId: uuid()
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: "cascade" }),
    studentId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    instructorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint().notNull(),
    comment: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set when an admin hides the review: it stops counting towards the rating and is not shown. */
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("reviews_rating", sql`${t.rating} between 1 and 5`),
    index("reviews_instructor_idx").on(t.instructorId, t.createdAt),
  ],
);
