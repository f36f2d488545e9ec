/**
 * The messages table (db/schema/learning.ts), owned by this module: one conversation per learner and
 * instructor pair. Reads join `bookings` for the rule that a pair may message only over a lesson
 * (rules/messages.ts MESSAGING_LESSON_STATUSES) and `users` for names; nothing here writes either.
 */
import { MESSAGING_LESSON_STATUSES } from "@kerb/shared/rules";
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  max,
  ne,
  or,
  sql,
} from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookings, messages, users } from "../../db/schema/index.ts";

/** A conversation: the learner and the instructor. */
export interface Pair {
  studentId: string;
  instructorId: string;
}

/** The caller as one side of their conversations. */
export interface Side {
  id: string;
  role: "STUDENT" | "INSTRUCTOR";
}

export type MessageRow = Pick<
  typeof messages.$inferSelect,
  "id" | "senderId" | "body" | "createdAt" | "readAt" | "notifiedAt"
>;

const messageColumns = {
  id: messages.id,
  senderId: messages.senderId,
  body: messages.body,
  createdAt: messages.createdAt,
  readAt: messages.readAt,
  notifiedAt: messages.notifiedAt,
};

const ofPair = (pair: Pair) =>
  and(eq(messages.studentId, pair.studentId), eq(messages.instructorId, pair.instructorId));

/** The caller's column of the messages table, and the other person's. */
function columnsOf(side: Side) {
  return side.role === "STUDENT"
    ? { mine: messages.studentId, theirs: messages.instructorId }
    : { mine: messages.instructorId, theirs: messages.studentId };
}

/** The people the caller has a lesson with (a subquery of user ids). */
function lessonPartners(db: Executor, side: Side) {
  const [mine, theirs] =
    side.role === "STUDENT"
      ? [bookings.studentId, bookings.instructorId]
      : [bookings.instructorId, bookings.studentId];
  return db
    .selectDistinct({ id: theirs })
    .from(bookings)
    .where(and(eq(mine, side.id), inArray(bookings.status, [...MESSAGING_LESSON_STATUSES])));
}

/**
 * The other person of the caller's conversation, when the two have a lesson together (the rule of who
 * may message whom); undefined for anyone else, whether or not they exist.
 */
export async function findCounterpart(db: Executor, pair: Pair, otherId: string) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.id, otherId),
        exists(
          db
            .select({ one: sql`1` })
            .from(bookings)
            .where(
              and(
                eq(bookings.studentId, pair.studentId),
                eq(bookings.instructorId, pair.instructorId),
                inArray(bookings.status, [...MESSAGING_LESSON_STATUSES]),
              ),
            ),
        ),
      ),
    );
  return row;
}

/**
 * Serialises one sender's messages until the transaction ends (an advisory lock per sender), so the
 * count of their recent messages holds when they send several at once, from any replica.
 */
export async function lockSender(tx: Executor, senderId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`kerb:messages:${senderId}`}, 0))`);
}

/**
 * When the sender sent the `n`-th most recent of their messages at or after `since` (null when they sent
 * fewer): rules/messages.ts turns it into the wait.
 */
export async function nthLatestSentSince(
  db: Executor,
  sender: Side,
  since: Date,
  n: number,
): Promise<Date | null> {
  const { mine } = columnsOf(sender);
  const [row] = await db
    .select({ createdAt: messages.createdAt })
    .from(messages)
    // Through the caller's own column first: the conversation index then finds their messages.
    .where(and(eq(mine, sender.id), eq(messages.senderId, sender.id), gte(messages.createdAt, since)))
    .orderBy(desc(messages.createdAt))
    .limit(1)
    .offset(n - 1);
  return row?.createdAt ?? null;
}

export async function insertMessage(
  tx: Executor,
  input: Pair & { senderId: string; body: string; now: Date },
): Promise<MessageRow> {
  const [row] = await tx
    .insert(messages)
    .values({
      studentId: input.studentId,
      instructorId: input.instructorId,
      senderId: input.senderId,
      body: input.body,
      createdAt: input.now,
    })
    .returning(messageColumns);
  if (!row) throw new Error("message insert returned nothing");
  return row;
}

/** The other person's unread messages in the conversation are read now. */
export async function markRead(tx: Executor, pair: Pair, readerId: string, now: Date) {
  await tx
    .update(messages)
    .set({ readAt: now })
    .where(and(ofPair(pair), ne(messages.senderId, readerId), isNull(messages.readAt)));
}

/** A message of this conversation (the `before` cursor), or undefined. */
export async function findMessageOf(db: Executor, pair: Pair, id: string) {
  const [row] = await db
    .select({ id: messages.id, createdAt: messages.createdAt })
    .from(messages)
    .where(and(ofPair(pair), eq(messages.id, id)));
  return row;
}

/**
 * The latest `limit` messages of the conversation (those before `before` when given), oldest first, and
 * whether older ones exist. Ordered by time, then id, so messages of the same instant keep one order.
 */
export async function listConversationMessages(
  db: Executor,
  pair: Pair,
  options: { before?: { id: string; createdAt: Date }; limit: number },
): Promise<{ rows: MessageRow[]; hasOlder: boolean }> {
  const before = options.before;
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .where(
      and(
        ofPair(pair),
        before
          ? or(
              lt(messages.createdAt, before.createdAt),
              and(eq(messages.createdAt, before.createdAt), lt(messages.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(options.limit + 1);
  const hasOlder = rows.length > options.limit;
  return { rows: rows.slice(0, options.limit).reverse(), hasOlder };
}

/**
 * The caller's conversations with people they have a lesson with, a page at a time, the latest message
 * first: the other person, when the last message was sent and how many of theirs are unread.
 */
export async function listConversations(db: Executor, side: Side, page: { limit: number; offset: number }) {
  const { mine, theirs } = columnsOf(side);
  const where = and(eq(mine, side.id), inArray(theirs, lessonPartners(db, side)));
  const lastAt = max(messages.createdAt);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        otherId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        lastAt,
        unread:
          sql<number>`count(*) filter (where ${messages.senderId} <> ${side.id} and ${messages.readAt} is null)`.mapWith(
            Number,
          ),
      })
      .from(messages)
      .innerJoin(users, eq(users.id, theirs))
      .where(where)
      .groupBy(users.id)
      .orderBy(desc(lastAt), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: countDistinct(theirs) })
      .from(messages)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The latest message of each conversation of the caller with these people. */
export async function latestMessagesWith(db: Executor, side: Side, otherIds: string[]) {
  if (otherIds.length === 0) return [];
  const { mine, theirs } = columnsOf(side);
  return db
    .selectDistinctOn([theirs], { otherId: theirs, ...messageColumns })
    .from(messages)
    .where(and(eq(mine, side.id), inArray(theirs, otherIds)))
    .orderBy(theirs, desc(messages.createdAt), desc(messages.id));
}

/** Messages to the caller they have not read, in conversations they may still open. */
export async function countUnread(db: Executor, side: Side): Promise<number> {
  const { mine, theirs } = columnsOf(side);
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(
      and(
        eq(mine, side.id),
        ne(messages.senderId, side.id),
        isNull(messages.readAt),
        inArray(theirs, lessonPartners(db, side)),
      ),
    );
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------------
// The admin's read

/** A learner and an instructor by id (each in their role), for the admin's read of their conversation. */
export async function findParties(db: Executor, pair: Pair) {
  const rows = await db
    .select({
      id: users.id,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.id, [pair.studentId, pair.instructorId]));
  const student = rows.find((r) => r.id === pair.studentId && r.role === "STUDENT");
  const instructor = rows.find((r) => r.id === pair.instructorId && r.role === "INSTRUCTOR");
  return student && instructor ? { student, instructor } : undefined;
}

/** The whole conversation a page at a time, oldest first. */
export async function pageConversation(db: Executor, pair: Pair, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select(messageColumns)
      .from(messages)
      .where(ofPair(pair))
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(messages).where(ofPair(pair)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------------
// The batched email (message-emails.ts)

/** The person a message is for: whichever of the pair did not send it. */
const recipientOf = sql<string>`case when ${messages.senderId} = ${messages.studentId} then ${messages.instructorId} else ${messages.studentId} end`;

const waitingForEmail = and(isNull(messages.notifiedAt), isNull(messages.readAt));

/** Recipients with an unread message sent at or before `dueBefore` that no email has covered yet. */
export async function listRecipientsDue(tx: Executor, dueBefore: Date): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ recipientId: recipientOf })
    .from(messages)
    .where(and(waitingForEmail, lte(messages.createdAt, dueBefore)));
  return rows.map((r) => r.recipientId);
}

/**
 * Every unread message to these recipients that no email has covered, locked for this transaction: a
 * second scan at the same moment (another replica) skips them rather than emailing them again.
 */
export async function lockMessagesAwaitingEmail(tx: Executor, recipientIds: string[]) {
  if (recipientIds.length === 0) return [];
  return tx
    .select({
      id: messages.id,
      studentId: messages.studentId,
      instructorId: messages.instructorId,
      senderId: messages.senderId,
      body: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(and(waitingForEmail, inArray(recipientOf, recipientIds)))
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .for("update", { skipLocked: true });
}

/** The emailed messages are marked so no later email covers them again. */
export async function markEmailed(tx: Executor, ids: string[], now: Date) {
  if (ids.length === 0) return;
  await tx
    .update(messages)
    .set({ notifiedAt: now })
    .where(and(inArray(messages.id, ids), isNull(messages.notifiedAt)));
}

/** Names, emails and roles of the people an email names. */
export function findPeople(tx: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(inArray(users.id, ids));
}
