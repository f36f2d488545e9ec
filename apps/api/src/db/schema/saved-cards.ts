import { PAYMENT_PROVIDERS } from "@kerb/shared";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { isOneOf } from "./one-of.ts";
import { users } from "./users.ts";

/**
 * The payer's customer record at the card provider (a Stripe Customer), one per user and provider,
 * made the first time they save a card (decision 041). Written only by the saved-cards module.
 */
export const paymentCustomers = pgTable(
  "payment_customers",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's id for the customer (cus_…; a made-up one in demo mode). */
    customerRef: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payment_customers_provider", isOneOf(t.provider, PAYMENT_PROVIDERS)),
    uniqueIndex("payment_customers_user_provider_idx").on(t.userId, t.provider),
  ],
);

/**
 * A card saved with the provider for off-session payments: what is shown (brand, last 4, expiry), never
 * the number. Removing it detaches it at the provider and stamps removedAt; the row stays, so past
 * payments and their records are untouched. Written only by the saved-cards module.
 */
export const savedCards = pgTable(
  "saved_cards",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's payment method (pm_…), charged off-session against customerRef. */
    cardRef: text().notNull(),
    customerRef: text().notNull(),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: integer().notNull(),
    expYear: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("saved_cards_provider", isOneOf(t.provider, PAYMENT_PROVIDERS)),
    check("saved_cards_expiry", sql`${t.expMonth} between 1 and 12`),
    // One row per provider card while saved: confirming the same setup twice saves it once.
    uniqueIndex("saved_cards_card_idx").on(t.provider, t.cardRef).where(sql`${t.removedAt} is null`),
    index("saved_cards_user_idx").on(t.userId),
  ],
);
