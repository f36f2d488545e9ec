/**
 * The payment_customers and saved_cards tables: written here only (decision 041). A removed card keeps
 * its row (removedAt set): payments made with it stay as they were.
 */
import type { PaymentProvider } from "@kerb/shared";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { paymentCustomers, savedCards, users } from "../../db/schema/index.ts";

export type SavedCardRow = typeof savedCards.$inferSelect;

export async function findUserEmail(db: Executor, userId: string) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

export async function findCustomerRef(db: Executor, userId: string, provider: PaymentProvider) {
  const [row] = await db
    .select({ customerRef: paymentCustomers.customerRef })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
  return row?.customerRef;
}

/**
 * Keeps the customer the provider made for the payer; when two requests raced, the first one kept
 * wins and is returned (the provider's idempotency key made them the same customer anyway).
 */
export async function keepCustomerRef(
  db: Executor,
  row: { userId: string; provider: PaymentProvider; customerRef: string; createdAt: Date },
) {
  await db
    .insert(paymentCustomers)
    .values(row)
    .onConflictDoNothing({ target: [paymentCustomers.userId, paymentCustomers.provider] });
  return (await findCustomerRef(db, row.userId, row.provider)) ?? row.customerRef;
}

/** The payer's cards still saved with this provider, oldest first. */
export function listActiveCards(db: Executor, userId: string, provider: PaymentProvider) {
  return db
    .select()
    .from(savedCards)
    .where(
      and(eq(savedCards.userId, userId), eq(savedCards.provider, provider), isNull(savedCards.removedAt)),
    )
    .orderBy(asc(savedCards.createdAt), asc(savedCards.id));
}

/** One of the payer's cards still saved with this provider; undefined for anyone else's or a removed one. */
export async function findActiveCard(
  db: Executor,
  userId: string,
  provider: PaymentProvider,
  cardId: string,
) {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(
      and(
        eq(savedCards.id, cardId),
        eq(savedCards.userId, userId),
        eq(savedCards.provider, provider),
        isNull(savedCards.removedAt),
      ),
    );
  return row;
}

/** Saves the card once: the same provider card confirmed again (a reload) answers the row kept first. */
export async function insertCard(db: Executor, card: typeof savedCards.$inferInsert): Promise<SavedCardRow> {
  const [inserted] = await db.insert(savedCards).values(card).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [kept] = await db
    .select()
    .from(savedCards)
    .where(
      and(
        eq(savedCards.provider, card.provider),
        eq(savedCards.cardRef, card.cardRef),
        isNull(savedCards.removedAt),
      ),
    );
  if (!kept || kept.userId !== card.userId) throw new Error("saved card vanished between insert and read");
  return kept;
}

export async function markCardRemoved(db: Executor, cardId: string, removedAt: Date) {
  const rows = await db
    .update(savedCards)
    .set({ removedAt })
    .where(and(eq(savedCards.id, cardId), isNull(savedCards.removedAt)))
    .returning({ id: savedCards.id });
  return rows.length === 1;
}

/** Every card the user still has saved, marked removed: their account is closing. Returns them. */
export function markAllCardsRemoved(db: Executor, userId: string, removedAt: Date) {
  return db
    .update(savedCards)
    .set({ removedAt })
    .where(and(eq(savedCards.userId, userId), isNull(savedCards.removedAt)))
    .returning({ provider: savedCards.provider, cardRef: savedCards.cardRef });
}

/** What the user's own data export shows of their cards: never the provider's references. */
export function listCardsForExport(db: Executor, userId: string) {
  return db
    .select({
      provider: savedCards.provider,
      brand: savedCards.brand,
      last4: savedCards.last4,
      expMonth: savedCards.expMonth,
      expYear: savedCards.expYear,
      createdAt: savedCards.createdAt,
      removedAt: savedCards.removedAt,
    })
    .from(savedCards)
    .where(eq(savedCards.userId, userId))
    .orderBy(asc(savedCards.createdAt));
}
