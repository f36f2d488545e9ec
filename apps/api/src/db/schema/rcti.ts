import { sql } from "drizzle-orm";
import { check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * An instructor's GST registration periods (rules/rcti.ts): registered from `effectiveFrom` up to, not
 * including, `effectiveTo` (null while registered). A lesson's GST follows the period its Sydney date is
 * in. An admin can record having checked a period against the ABN Lookup: who, when and what was seen.
 */
export const instructorGstRegistrations = pgTable(
  "instructor_gst_registrations",
  {
    id: uuid().primaryKey().defaultRandom(),
    instructorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    effectiveFrom: date().notNull(),
    effectiveTo: date(),
    checkedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    checkedAt: timestamp({ withTimezone: true }),
    checkNote: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("gst_registration_period", sql`${t.effectiveTo} is null or ${t.effectiveTo} > ${t.effectiveFrom}`),
    check("gst_registration_check", sql`(${t.checkedAt} is null) = (${t.checkNote} is null)`),
    // One open registration at a time; the use case keeps closed ones from overlapping.
    uniqueIndex("gst_registrations_open_idx").on(t.instructorId).where(sql`${t.effectiveTo} is null`),
    index("gst_registrations_instructor_idx").on(t.instructorId, t.effectiveFrom),
  ],
);

/**
 * Acceptances of Kerb's recipient-created tax invoice agreement (words/rcti-agreement.ts), one per
 * instructor and version. `reaskedAt` is set when a change to what the agreement names (the ABN, the GST
 * registration) needs it accepted again; such a row is kept as the record of the old agreement.
 */
export const rctiAgreementAcceptances = pgTable(
  "rcti_agreement_acceptances",
  {
    id: uuid().primaryKey().defaultRandom(),
    instructorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    version: text().notNull(),
    acceptedAt: timestamp({ withTimezone: true }).notNull(),
    reaskedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Accepting twice at once: one row wins, the other gets a clear 409.
    uniqueIndex("rcti_acceptances_current_idx")
      .on(t.instructorId, t.version)
      .where(sql`${t.reaskedAt} is null`),
  ],
);
