import { PAYMENT_PROVIDERS, PAYOUT_STATUSES } from "@kerb/shared";
import { LEDGER_ACCOUNT_NAMES } from "@kerb/shared/rules";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bookings } from "./bookings.ts";
import { isOneOf } from "./one-of.ts";
import { payments } from "./payments.ts";
import { users } from "./users.ts";

/**
 * One balanced posting: what happened (a payment, a refund, a lesson earned, a payout…), once. Its key
 * (e.g. `payment:<id>:captured`) is unique, so posting the same event twice is a no-op. Append-only:
 * a trigger refuses UPDATE and DELETE (migration 0006); corrections are new journals.
 */
export const ledgerJournals = pgTable(
  "ledger_journals",
  {
    id: uuid().primaryKey().defaultRandom(),
    key: text().notNull().unique(),
    event: text().notNull(),
    paymentId: uuid().references(() => payments.id),
    bookingId: uuid().references(() => bookings.id),
    payoutId: uuid(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_journals_payment_idx").on(t.paymentId),
    index("ledger_journals_occurred_idx").on(t.occurredAt),
  ],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid().primaryKey().defaultRandom(),
    journalId: uuid()
      .notNull()
      .references(() => ledgerJournals.id),
    /** Debits are positive, credits negative; every journal sums to zero. */
    account: text({ enum: LEDGER_ACCOUNT_NAMES }).notNull(),
    /** Whose payable it is (INSTRUCTOR_PAYABLE lines). */
    instructorId: uuid().references(() => users.id),
    amountCents: integer().notNull(),
  },
  (t) => [
    index("ledger_entries_journal_idx").on(t.journalId),
    index("ledger_entries_account_idx").on(t.account, t.instructorId),
    check("ledger_entries_account_check", isOneOf(t.account, LEDGER_ACCOUNT_NAMES)),
  ],
);

/**
 * What one instructor is paid for one payout period. (instructor, period) is unique, so a second run
 * of the same week, or two runs at once, cannot create a second payout.
 */
export const payouts = pgTable(
  "payouts",
  {
    id: uuid().primaryKey().defaultRandom(),
    instructorId: uuid()
      .notNull()
      .references(() => users.id),
    periodStart: date().notNull(),
    periodEnd: date().notNull(),
    lessonCount: integer().notNull(),
    /**
     * Lesson value earned in the period (ex GST), the 25% platform fee, and what is paid: the 75% share,
     * plus the GST on it for an instructor registered for GST when the payout was made up (`gstCents`,
     * fixed then: the RCTI it prints must not change when the registration later does).
     */
    grossCents: integer().notNull(),
    feeCents: integer().notNull(),
    gstCents: integer().notNull().default(0),
    amountCents: integer().notNull(),
    /** The instructor's GST registration the payout (and its RCTI) was made up with. */
    supplierGstRegistered: boolean().notNull().default(false),
    /** The ABN it was made up with: the RCTI prints this one, whatever the instructor changes later. */
    supplierAbn: text(),
    /** The RCTI agreement version the payout's RCTI was issued under (null on payouts made before them). */
    rctiAgreementVersion: text(),
    status: text({ enum: PAYOUT_STATUSES }).notNull().default("PENDING"),
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull(),
    providerRef: text(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payouts_instructor_period_idx").on(t.instructorId, t.periodEnd),
    // The payouts export's pages, in (created_at, id) order.
    index("payouts_created_idx").on(t.createdAt, t.id),
    check(
      "payouts_amounts",
      sql`${t.amountCents} = ${t.grossCents} - ${t.feeCents} + ${t.gstCents} and ${t.gstCents} >= 0 and ${t.amountCents} >= 0`,
    ),
  ],
);

/** The lessons (or kept late-cancellation value) a payout pays for: each booking is paid out once. */
export const payoutItems = pgTable(
  "payout_items",
  {
    id: uuid().primaryKey().defaultRandom(),
    payoutId: uuid()
      .notNull()
      .references(() => payouts.id),
    bookingId: uuid()
      .notNull()
      .unique()
      .references(() => bookings.id),
    grossCents: integer().notNull(),
    /** The instructor's share (ex GST) and the GST on it (0 unless registered): per line, like the fee. */
    amountCents: integer().notNull(),
    gstCents: integer().notNull().default(0),
  },
  (t) => [index("payout_items_payout_idx").on(t.payoutId)],
);
