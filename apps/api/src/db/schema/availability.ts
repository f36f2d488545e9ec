import { EXCEPTION_KINDS } from "@kerb/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** Weekly working hours in Sydney wall-clock minutes from midnight; several ranges per weekday allowed. */
export const availabilityRules = pgTable(
  "availability_rules",
  {
    id: uuid().primaryKey().defaultRandom(),
    instructorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 0 = Sunday … 6 = Saturday. */
    weekday: smallint().notNull(),
    startMinute: integer().notNull(),
    endMinute: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("availability_rules_instructor_idx").on(t.instructorId),
    check("availability_rules_weekday", sql`${t.weekday} between 0 and 6`),
    check(
      "availability_rules_window",
      sql`${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute}`,
    ),
  ],
);

/**
 * Date overrides (rules/working-hours.ts): CLOSED without a window takes the whole day off, CLOSED with
 * a window takes that time off; OPEN adds its window to the day's hours. An override changes only the
 * time it covers (migration 0014 rewrote the earlier OPEN rows, which replaced the whole day's hours).
 */
export const availabilityExceptions = pgTable(
  "availability_exceptions",
  {
    id: uuid().primaryKey().defaultRandom(),
    instructorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: date().notNull(),
    kind: text({ enum: EXCEPTION_KINDS }).notNull(),
    startMinute: integer(),
    endMinute: integer(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("availability_exceptions_instructor_date_idx").on(t.instructorId, t.date),
    check(
      "availability_exceptions_window",
      sql`(${t.kind} = 'CLOSED' and ${t.startMinute} is null and ${t.endMinute} is null) or (${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute})`,
    ),
  ],
);

/**
 * A counter per instructor, raised by deferred triggers (migration 0007) in the same transaction as
 * any change to their bookings, weekly rules or date exceptions. The availability cache compares it
 * before trusting what it holds, so every API process sees a committed change on its next request.
 */
export const availabilityVersions = pgTable("availability_versions", {
  instructorId: uuid().primaryKey(),
  version: bigint({ mode: "number" }).notNull().default(0),
});

/**
 * One row: raised by a trigger on any change to instructor profiles or names, which decide who is
 * listed in a suburb, at what rate and in which order.
 */
export const availabilityCatalogue = pgTable(
  "availability_catalogue",
  {
    id: boolean().primaryKey().default(true),
    version: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [check("availability_catalogue_single_row", sql`${t.id}`)],
);
