import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bookings } from "./bookings.ts";
import { isOneOf } from "./one-of.ts";

/**
 * What a lesson's learner was told about it, kept by the domain that told them rather than read back
 * from the outbox's dedupe keys (an outbox clean-up would have re-sent them): CLASH, the instructor's
 * time off clashes with the lesson (resolved_at once it no longer does); UNAVAILABLE, the instructor can
 * no longer teach.
 */
const LESSON_NOTICE_KINDS = ["CLASH", "UNAVAILABLE"] as const;

export const lessonNotices = pgTable(
  "lesson_notices",
  {
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    kind: text({ enum: LESSON_NOTICE_KINDS }).notNull(),
    /** The n-th notice of this kind: a lesson may clash, be resolved, and clash again. */
    seq: integer().notNull(),
    toldAt: timestamp({ withTimezone: true }).notNull(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.kind, t.seq] }),
    check("lesson_notices_kind", isOneOf(t.kind, LESSON_NOTICE_KINDS)),
    // One open notice of a kind per lesson: two changes at once tell the learner once.
    uniqueIndex("lesson_notices_open_idx").on(t.bookingId, t.kind).where(sql`${t.resolvedAt} is null`),
  ],
);
