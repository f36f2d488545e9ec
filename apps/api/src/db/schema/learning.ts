import { GUARDIAN_LINK_STATUSES, MESSAGE_MAX_LENGTH } from "@kerb/shared";
import { OUTSIDE_LESSON_MAX_MINUTES } from "@kerb/shared/rules";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bookings } from "./bookings.ts";
import { isOneOf } from "./one-of.ts";
import { users } from "./users.ts";

/**
 * What one lesson taught, recorded by its instructor after it (issue 23): the skills practised with a
 * level each, and a short note. One per lesson. `logbookConfirmedAt` is the instructor confirming it as a
 * structured lesson for the learner's NSW logbook (rules/logbook.ts).
 */
export const lessonRecords = pgTable(
  "lesson_records",
  {
    bookingId: uuid()
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    instructorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    studentId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** [{ skill: FOCUS_SKILLS[number], level: SKILL_LEVELS[number] }], validated by the shared schema. */
    skills: jsonb().$type<Array<{ skill: string; level: string }>>().notNull(),
    note: text().notNull().default(""),
    logbookConfirmedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("lesson_records_student_idx").on(t.studentId, t.createdAt),
    check("lesson_records_note_length", sql`char_length(${t.note}) <= 1000`),
  ],
);

/**
 * A lesson the learner declared from another driving school (issue 31): it counts in their NSW logbook
 * as declared, and a structured one shares the 10-hour 3-for-1 cap with their lessons with us.
 */
export const logbookOutsideLessons = pgTable(
  "logbook_outside_lessons",
  {
    id: uuid().primaryKey().defaultRandom(),
    studentId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    school: text().notNull(),
    /** The lesson's Sydney date. */
    date: date().notNull(),
    minutes: integer().notNull(),
    structured: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("logbook_outside_lessons_student_idx").on(t.studentId, t.date),
    check(
      "logbook_outside_lessons_minutes",
      sql`${t.minutes} between 1 and ${sql.raw(String(OUTSIDE_LESSON_MAX_MINUTES))}`,
    ),
    check("logbook_outside_lessons_school", sql`char_length(${t.school}) between 1 and 120`),
  ],
);

/**
 * The learner's completed Safer Drivers Course (issue 31): 20 logbook hours, once. The learner is the
 * key, so a second completion is refused by the database whatever the caller does.
 */
export const saferDriversCourses = pgTable("safer_drivers_courses", {
  studentId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The Sydney date the course was completed. */
  completedOn: date().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Messages between a learner and an instructor who have a lesson together (issue 23): one conversation
 * per (student, instructor) pair. `notifiedAt` is set when an email notification has covered the message,
 * so notifications are batched and each message is told of once.
 */
export const messages = pgTable(
  "messages",
  {
    id: uuid().primaryKey().defaultRandom(),
    studentId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    instructorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    senderId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("messages_conversation_idx").on(t.studentId, t.instructorId, t.createdAt),
    index("messages_unnotified_idx")
      .on(t.createdAt)
      .where(sql`${t.notifiedAt} is null and ${t.readAt} is null`),
    check(
      "messages_body_length",
      sql`char_length(${t.body}) between 1 and ${sql.raw(String(MESSAGE_MAX_LENGTH))}`,
    ),
    check("messages_sender", sql`${t.senderId} in (${t.studentId}, ${t.instructorId})`),
  ],
);

/**
 * A learner's parent or guardian (issue 23): invited by email (the token's SHA-256 only, as for account
 * tokens), ACTIVE once a guardian account accepts, REMOVED by the learner at any time, which ends the
 * guardian's access at once. One guardian may follow several learners. `copyEmails`: the learner chose
 * to copy their booking and cancellation emails to this guardian.
 */
export const guardianLinks = pgTable(
  "guardian_links",
  {
    id: uuid().primaryKey().defaultRandom(),
    learnerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text().notNull(),
    guardianId: uuid().references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().unique(),
    status: text({ enum: GUARDIAN_LINK_STATUSES }).notNull().default("INVITED"),
    copyEmails: boolean().notNull().default(false),
    invitedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    removedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("guardian_links_status", isOneOf(t.status, GUARDIAN_LINK_STATUSES)),
    check("guardian_links_active_has_guardian", sql`${t.status} <> 'ACTIVE' or ${t.guardianId} is not null`),
    // One live invitation or link per learner and email, whatever its case.
    uniqueIndex("guardian_links_live_idx")
      .on(t.learnerId, sql`lower(${t.email})`)
      .where(sql`${t.status} <> 'REMOVED'`),
    index("guardian_links_guardian_idx").on(t.guardianId),
  ],
);
