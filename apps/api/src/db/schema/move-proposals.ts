import { MOVE_PROPOSAL_STATUSES, MOVE_PROPOSER_ROLES } from "@kerb/shared";
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bookings } from "./bookings.ts";
import { users } from "./users.ts";

/**
 * A new time for a lesson proposed by its instructor or an admin (issue 21 item 4). Nothing about the
 * lesson changes until the student accepts; at most one proposal per lesson is open (PROPOSED) at a
 * time. A PROPOSED proposal lapses 24 hours before the lesson starts: computed on read (`lapsesAt`),
 * and written as LAPSED only when a new proposal takes its place.
 */
export const lessonMoveProposals = pgTable(
  "lesson_move_proposals",
  {
    id: uuid().primaryKey().defaultRandom(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    proposedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    proposerRole: text({ enum: MOVE_PROPOSER_ROLES }).notNull(),
    startTime: timestamp({ withTimezone: true }).notNull(),
    endTime: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: MOVE_PROPOSAL_STATUSES }).notNull().default("PROPOSED"),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("lesson_move_proposals_one_open").on(t.bookingId).where(sql`${t.status} = 'PROPOSED'`),
    index("lesson_move_proposals_booking_idx").on(t.bookingId, t.createdAt),
    check("lesson_move_proposals_period", sql`${t.endTime} > ${t.startTime}`),
    check("lesson_move_proposals_decided", sql`(${t.status} = 'PROPOSED') = (${t.decidedAt} is null)`),
  ],
);
