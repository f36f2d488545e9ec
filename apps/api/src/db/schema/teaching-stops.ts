import { HELD_LESSON_DECISIONS, TEACHING_STOP_REASONS } from "@kerb/shared/rules";
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bookings } from "./bookings.ts";
import { isOneOf } from "./one-of.ts";
import { users } from "./users.ts";

/**
 * The periods an instructor was not allowed to teach (rules/teaching-stops.ts): opened when an admin
 * rejects or suspends them or a document lapses, ended when that is undone. Kept after they end: a
 * lesson taught inside one stays held until an admin decides it (held_lesson_decisions).
 */
export const instructorTeachingStops = pgTable(
  "instructor_teaching_stops",
  {
    id: uuid().primaryKey().defaultRandom(),
    instructorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text({ enum: TEACHING_STOP_REASONS }).notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("teaching_stops_reason", isOneOf(t.reason, TEACHING_STOP_REASONS)),
    check("teaching_stops_period", sql`${t.endsAt} is null or ${t.endsAt} >= ${t.startsAt}`),
    // One open stop per reason: a second rejection while rejected changes nothing.
    uniqueIndex("teaching_stops_open_idx").on(t.instructorId, t.reason).where(sql`${t.endsAt} is null`),
    index("teaching_stops_instructor_idx").on(t.instructorId, t.startsAt),
  ],
);

/** An admin's decision on a lesson taught during a teaching stop: pay its instructor, or refund it. */
export const heldLessonDecisions = pgTable(
  "held_lesson_decisions",
  {
    bookingId: uuid()
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    decision: text({ enum: HELD_LESSON_DECISIONS }).notNull(),
    note: text().notNull(),
    decidedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [check("held_lesson_decision", isOneOf(t.decision, HELD_LESSON_DECISIONS))],
);
