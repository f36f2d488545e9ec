import type { TestPackOutcome } from "@kerb/shared";
import { and, arrayContains, asc, desc, eq, gt, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { testPackageOffers, testPackCredits, testPacks } from "../../db/schema/index.ts";

export type TestPackageOfferRow = typeof testPackageOffers.$inferSelect;

const columns = {
  enabled: testPackageOffers.enabled,
  priceCents: testPackageOffers.priceCents,
  includesWarmUp: testPackageOffers.includesWarmUp,
  centreIds: testPackageOffers.centreIds,
  updatedAt: testPackageOffers.updatedAt,
};

/** The instructor's saved offer; undefined when they never saved one. */
export async function findOffer(db: Executor, instructorId: string) {
  const [row] = await db
    .select(columns)
    .from(testPackageOffers)
    .where(eq(testPackageOffers.instructorId, instructorId))
    .limit(1);
  return row;
}

export interface OfferValues {
  enabled: boolean;
  priceCents: number;
  includesWarmUp: boolean;
  centreIds: string[];
}

/** Inserts or replaces the instructor's offer. */
export async function saveOffer(tx: Executor, instructorId: string, values: OfferValues, at: Date) {
  await tx
    .insert(testPackageOffers)
    .values({ instructorId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: testPackageOffers.instructorId, set: { ...values, updatedAt: at } });
}

/** The switched-on offers that take learners to `centreId`, whoever makes them. */
export function listOffersAtCentre(db: Executor, centreId: string) {
  return db
    .select({
      instructorId: testPackageOffers.instructorId,
      priceCents: testPackageOffers.priceCents,
      includesWarmUp: testPackageOffers.includesWarmUp,
    })
    .from(testPackageOffers)
    .where(and(eq(testPackageOffers.enabled, true), arrayContains(testPackageOffers.centreIds, [centreId])));
}

export type NewTestPack = Pick<
  typeof testPacks.$inferInsert,
  | "bookingId"
  | "centreId"
  | "testAt"
  | "includesWarmUp"
  | "toCentreMinutes"
  | "fromCentreMinutes"
  | "createdAt"
>;

/** What a held block is: written in the transaction that holds its lesson record. */
export async function insertTestPack(tx: Executor, pack: NewTestPack) {
  await tx.insert(testPacks).values(pack);
}

/**
 * The learner's unused, unexpired test-pack credit that expires first, locked until the transaction
 * ends; undefined when they have none.
 */
export async function lockUsableCredit(tx: Executor, studentId: string, now: Date) {
  const [row] = await tx
    .select({
      id: testPackCredits.id,
      expiresAt: testPackCredits.expiresAt,
      source: testPackCredits.source,
      valueCents: testPackCredits.valueCents,
    })
    .from(testPackCredits)
    .where(
      and(
        eq(testPackCredits.studentId, studentId),
        isNull(testPackCredits.usedByBookingId),
        gt(testPackCredits.expiresAt, now),
      ),
    )
    .orderBy(asc(testPackCredits.expiresAt), asc(testPackCredits.createdAt), asc(testPackCredits.id))
    .limit(1)
    .for("update");
  return row;
}

/**
 * A credit bought by `paymentId` (PURCHASE), once: the unique payment id makes a second fulfilment of the
 * same payment (a replayed webhook racing the client's confirmation) insert nothing.
 */
export async function insertPurchasedCredit(
  tx: Executor,
  values: { studentId: string; paymentId: string; valueCents: number; expiresAt: Date; createdAt: Date },
) {
  const [row] = await tx
    .insert(testPackCredits)
    .values({ ...values, source: "PURCHASE" })
    .onConflictDoNothing({ target: testPackCredits.paymentId })
    .returning({ id: testPackCredits.id });
  return row?.id;
}

/** The learner's credits, newest first, used and expired included. */
export function listCredits(db: Executor, studentId: string) {
  return db
    .select({
      id: testPackCredits.id,
      source: testPackCredits.source,
      createdAt: testPackCredits.createdAt,
      expiresAt: testPackCredits.expiresAt,
      usedAt: testPackCredits.usedAt,
    })
    .from(testPackCredits)
    .where(eq(testPackCredits.studentId, studentId))
    .orderBy(desc(testPackCredits.createdAt), desc(testPackCredits.id));
}

/** The credit pays the pack `bookingId`; false when it was used meanwhile (nothing changed). */
export async function markCreditUsed(tx: Executor, creditId: string, bookingId: string, now: Date) {
  const used = await tx
    .update(testPackCredits)
    .set({ usedByBookingId: bookingId, usedAt: now })
    .where(and(eq(testPackCredits.id, creditId), isNull(testPackCredits.usedByBookingId)))
    .returning({ id: testPackCredits.id });
  return used.length === 1;
}

/**
 * The instructor's outcome on a pack, replacing any before (modules/test-pack-outcomes decides when it
 * may be recorded, with the pack locked).
 */
export async function saveTestPackOutcome(
  tx: Executor,
  bookingId: string,
  values: { outcome: TestPackOutcome; outcomeNote: string | null; recordedAt: Date; recordedBy: string },
) {
  await tx
    .update(testPacks)
    .set({
      outcome: values.outcome,
      outcomeNote: values.outcomeNote,
      outcomeRecordedAt: values.recordedAt,
      outcomeRecordedBy: values.recordedBy,
    })
    .where(eq(testPacks.bookingId, bookingId));
}

/**
 * Whether `bookingId` is a pack, and what it needs for its own rules (cancelling, moving): its test time,
 * centre and plan's drives, and the test-pack credit that paid for it (null when a card paid, or
 * nothing). Undefined for an ordinary lesson.
 */
export async function findPackOfLesson(db: Executor, bookingId: string) {
  const [row] = await db
    .select({
      bookingId: testPacks.bookingId,
      centreId: testPacks.centreId,
      testAt: testPacks.testAt,
      includesWarmUp: testPacks.includesWarmUp,
      toCentreMinutes: testPacks.toCentreMinutes,
      fromCentreMinutes: testPacks.fromCentreMinutes,
      creditId: testPackCredits.id,
      creditExpiresAt: testPackCredits.expiresAt,
    })
    .from(testPacks)
    .leftJoin(testPackCredits, eq(testPackCredits.usedByBookingId, testPacks.bookingId))
    .where(eq(testPacks.bookingId, bookingId))
    .limit(1);
  return row;
}

export type PackOfLesson = NonNullable<Awaited<ReturnType<typeof findPackOfLesson>>>;

/**
 * The credit that paid for the cancelled pack `bookingId` is unused again, with the expiry it always
 * had; its id, or undefined when no credit paid for it. The caller holds the pack's lesson locked.
 */
export async function returnCreditOfPack(tx: Executor, bookingId: string) {
  const [row] = await tx
    .update(testPackCredits)
    .set({ usedByBookingId: null, usedAt: null })
    .where(eq(testPackCredits.usedByBookingId, bookingId))
    .returning({ id: testPackCredits.id, expiresAt: testPackCredits.expiresAt });
  return row;
}

/** The pack's test moved (Service NSW's new time, perhaps another centre), with its plan's drives. */
export async function moveTestPack(
  tx: Executor,
  bookingId: string,
  values: { testAt: Date; centreId: string; toCentreMinutes: number; fromCentreMinutes: number },
) {
  await tx.update(testPacks).set(values).where(eq(testPacks.bookingId, bookingId));
}
