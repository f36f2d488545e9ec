import {
  DEFAULT_MIN_NOTICE_HOURS,
  DEFAULT_TRAVEL_BUFFER_MINUTES,
  EXPERIENCE_LEVELS,
  GENDERS,
  LICENSE_TYPES,
  VEHICLE_TYPES,
  VERIFICATION_STATUSES,
} from "@kerb/shared";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users.ts";

export const studentProfiles = pgTable("student_profiles", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  suburb: text(),
  licenseType: text({ enum: LICENSE_TYPES }),
  experienceLevel: text({ enum: EXPERIENCE_LEVELS }),
  /**
   * The rest of the learner's latest assessment (with licenseType and experienceLevel above), kept when
   * they book and editable from their account; their instructors see it. Null/empty until given.
   */
  targetTestDate: date(),
  focusSkills: text().array().notNull().default(sql`'{}'::text[]`),
  assessedAt: timestamp({ withTimezone: true }),
  /** Optional: the NSW logbook credit applies to learners under 25 (rules/logbook.ts). */
  dateOfBirth: date(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const instructorProfiles = pgTable(
  "instructor_profiles",
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    licenseNumber: text().notNull(),
    vehicleType: text({ enum: VEHICLE_TYPES }).notNull(),
    standardRateCents: integer().notNull(),
    poolOptIn: boolean().notNull().default(true),
    gender: text({ enum: GENDERS }),
    bio: text(),
    languages: text().array().notNull().default(sql`'{}'::text[]`),
    suburbs: text().array().notNull().default(sql`'{}'::text[]`),
    verificationStatus: text({ enum: VERIFICATION_STATUSES }).notNull().default("PENDING"),
    verifiedAt: timestamp({ withTimezone: true }),
    /** After either date the instructor's availability is hidden until renewed. */
    licenseExpiresOn: date(),
    wwcExpiresOn: date(),
    /** NSW Working With Children Check number, WWC1234567E (rules/contact-formats.ts). */
    wwcNumber: text(),
    /** Aggregate of reviews, kept here so listings need no join over reviews. */
    ratingAverage: numeric({ precision: 3, scale: 2, mode: "number" }),
    ratingCount: integer().notNull().default(0),
    /**
     * The calendar feed's secret as its SHA-256 (hex), like refresh and account tokens: the URL is shown
     * once, when made; a leaked table does not open anyone's feed. Null when the feed is off.
     */
    calendarTokenHash: text().unique(),
    /** For payout statements (recipient-created tax invoices): the instructor's ABN and GST status. */
    abn: text(),
    gstRegistered: boolean().notNull().default(false),
    /** Stripe Connect Express account payouts are transferred to (PAYMENT_PROVIDER=stripe). */
    stripeAccountId: text(),
    /**
     * Scheduling settings (rules/scheduling.ts): minutes kept free between lessons on top of the travel
     * between their suburbs, the hours before a lesson it can still be booked, the most lessons a day
     * (null: no cap), and whether they teach on NSW public holidays.
     */
    travelBufferMinutes: smallint().notNull().default(DEFAULT_TRAVEL_BUFFER_MINUTES),
    minNoticeHours: smallint().notNull().default(DEFAULT_MIN_NOTICE_HOURS),
    dailyLessonCap: smallint(),
    teachesPublicHolidays: boolean().notNull().default(false),
    /** The lesson lengths offered, in minutes (LESSON_LENGTHS): always 60, and 90 and/or 120 if chosen. */
    lessonLengths: smallint().array().notNull().default(sql`'{60}'::smallint[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("instructor_rate_range", sql`${t.standardRateCents} between 3000 and 20000`),
    check("instructor_travel_buffer_range", sql`${t.travelBufferMinutes} between 0 and 60`),
    check("instructor_min_notice_range", sql`${t.minNoticeHours} between 2 and 168`),
    check(
      "instructor_daily_cap_range",
      sql`${t.dailyLessonCap} is null or ${t.dailyLessonCap} between 1 and 12`,
    ),
    check(
      "instructor_lesson_lengths",
      sql`${t.lessonLengths} <@ array[60, 90, 120]::smallint[] and 60 = any(${t.lessonLengths})`,
    ),
    check("instructor_rating_range", sql`${t.ratingAverage} is null or ${t.ratingAverage} between 0 and 5`),
  ],
);

/**
 * How an instructor teaches (rules/scheduling.ts, and the lesson lengths offered): the columns every
 * reader of those settings selects, and the ones the settings use case writes.
 */
export const howInstructorTeaches = {
  travelBufferMinutes: instructorProfiles.travelBufferMinutes,
  minNoticeHours: instructorProfiles.minNoticeHours,
  dailyLessonCap: instructorProfiles.dailyLessonCap,
  teachesPublicHolidays: instructorProfiles.teachesPublicHolidays,
  lessonLengths: instructorProfiles.lessonLengths,
};
