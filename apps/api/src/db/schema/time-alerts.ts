import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { isOneOf } from "./one-of.ts";
import { users } from "./users.ts";

const TIME_ALERT_STATUSES = ["ACTIVE", "ENDED"] as const;
const TIME_ALERT_END_REASONS = ["LEARNER", "WINDOW_PASSED", "INSTRUCTOR_UNAVAILABLE", "TIME_HELD"] as const;

/**
 * Earlier-time alerts (issue 34, decision 044), owned by modules/time-alerts: a learner asks to be
 * emailed when a time frees up with one instructor (or any in the suburb) inside a window. The scan
 * (time-alerts-scan job) compares the availability engine's slot list with `known_slots`, the times
 * the learner already could have had or was told about, whenever the availability counters move.
 */
export const timeAlerts = pgTable(
  "time_alerts",
  {
    id: uuid().primaryKey().defaultRandom(),
    studentId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Null: any instructor who teaches in the suburb. */
    instructorId: uuid().references(() => users.id, { onDelete: "cascade" }),
    suburb: text().notNull(),
    fromDate: date({ mode: "string" }).notNull(),
    toDate: date({ mode: "string" }).notNull(),
    /** Earliest start and latest finish, minutes from Sydney midnight; null: any. */
    fromMinute: integer(),
    toMinute: integer(),
    /** 0 = Sunday … 6 = Saturday; null: every day. */
    weekdays: integer().array(),
    lessonMinutes: integer().notNull(),
    status: text({ enum: TIME_ALERT_STATUSES }).notNull().default("ACTIVE"),
    endedReason: text({ enum: TIME_ALERT_END_REASONS }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    lastNotifiedAt: timestamp({ withTimezone: true }),
    /** The availability counters (catalogue:instructor or catalogue:all) when the alert was last compared. */
    seenVersion: text().notNull(),
    /** `instructorId@startISO` of every open time the learner could already have or was told of. */
    knownSlots: text().array().notNull().default(sql`'{}'::text[]`),
    /** Times opened while the alert was quiet (once a day): looked at again when it may email. */
    hasUnsent: boolean().notNull().default(false),
  },
  (t) => [
    check("time_alerts_status", isOneOf(t.status, TIME_ALERT_STATUSES)),
    check(
      "time_alerts_end_reason",
      sql`(${t.status} = 'ACTIVE' and ${t.endedReason} is null and ${t.endedAt} is null) or (${t.status} = 'ENDED' and ${t.endedReason} is not null and ${t.endedAt} is not null)`,
    ),
    check("time_alerts_window", sql`${t.fromDate} <= ${t.toDate}`),
    check(
      "time_alerts_minutes",
      sql`(${t.fromMinute} is null or ${t.fromMinute} between 0 and 1440) and (${t.toMinute} is null or ${t.toMinute} between 0 and 1440)`,
    ),
    index("time_alerts_student_idx").on(t.studentId, t.status),
    index("time_alerts_active_idx").on(t.status).where(sql`${t.status} = 'ACTIVE'`),
  ],
);
