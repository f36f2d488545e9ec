import {
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  REFUND_REASONS,
  REFUND_STATUSES,
} from "@kerb/shared";
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** What a bundle payment buys; kept on the payment so confirmation needs nothing from the client. */
interface BundlePurchaseSpec {
  totalLessons: number;
  pricePerLessonCents: number;
  instructorId: string | null;
  /** Where the credits will be spent (absent on purchases made before suburbs were recorded). */
  suburb?: string | null;
}

export const payments = pgTable(
  "payments",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * Who paid, when not the learner (`userId`) themselves: a guardian paying for their learner (issue 23).
     * The learner owns the lessons and credits; the payer gets the tax invoice.
     */
    payerId: uuid().references(() => users.id, { onDelete: "set null" }),
    type: text({ enum: PAYMENT_TYPES }).notNull(),
    status: text({ enum: PAYMENT_STATUSES }).notNull().default("PENDING"),
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull(),
    providerRef: text(),
    subtotalCents: integer().notNull(),
    gstCents: integer().notNull(),
    /** Subtotal + GST: what the card is charged. */
    amountCents: integer().notNull(),
    /**
     * Sum of the payment's card refunds and the GST in them: kept by a trigger on card_refunds
     * (migration 0009), so the checks below refuse any refund that would give back more than was paid.
     */
    refundedCents: integer().notNull().default(0),
    refundedGstCents: integer().notNull().default(0),
    invoiceNumber: text().notNull().unique(),
    bundleSpec: jsonb().$type<BundlePurchaseSpec>(),
    expiresAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payments_user_idx").on(t.userId),
    // The payments export reads a year a page at a time in (paid_at, invoice) order: each page an index range.
    index("payments_paid_at_idx").on(t.paidAt, t.invoiceNumber),
    check(
      "payments_amounts",
      sql`${t.amountCents} = ${t.subtotalCents} + ${t.gstCents} and ${t.subtotalCents} >= 0`,
    ),
    check(
      "payments_refunds_within_charge",
      sql`${t.refundedCents} between 0 and ${t.amountCents} and ${t.refundedGstCents} between 0 and ${t.gstCents} and ${t.refundedGstCents} <= ${t.refundedCents}`,
    ),
  ],
);

/** Provider events (e.g. Stripe webhooks), recorded once each so fulfilment is idempotent. */
export const paymentEvents = pgTable("payment_events", {
  id: uuid().primaryKey().defaultRandom(),
  paymentId: uuid().references(() => payments.id, { onDelete: "set null" }),
  provider: text().notNull(),
  eventId: text().notNull().unique(),
  type: text().notNull(),
  payload: jsonb().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The durable refund queue: a row is written in the transaction that decides a card refund and is
 * delivered to the provider after commit, retried with backoff until it succeeds. Its id is the
 * provider's idempotency key, so a retry after a lost answer never refunds twice.
 */
export const cardRefunds = pgTable(
  "card_refunds",
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    /** The lesson whose cancellation caused it; null for a whole unfulfilled payment. */
    bookingId: uuid(),
    amountCents: integer().notNull(),
    /** The GST part of amountCents, decided with the refund (rules/payment-refunds.ts) and never re-derived. */
    gstCents: integer().notNull(),
    reason: text({ enum: REFUND_REASONS }).notNull(),
    status: text({ enum: REFUND_STATUSES }).notNull().default("PENDING"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    providerRef: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    succeededAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("card_refunds_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    index("card_refunds_payment_idx").on(t.paymentId),
    // The refunds export's pages, in (created_at, id) order.
    index("card_refunds_created_idx").on(t.createdAt, t.id),
    check("card_refunds_amount", sql`${t.amountCents} > 0`),
    check("card_refunds_gst", sql`${t.gstCents} between 0 and ${t.amountCents}`),
  ],
);
