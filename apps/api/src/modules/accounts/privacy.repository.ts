/**
 * Everything Kerb holds about one user (APP 12), read for their data export, and the writes that close
 * an account (APP 11.2). Every query is keyed by the one user's id: nobody else's rows can come back.
 */
import { and, desc, eq, getTableColumns, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import {
  accountClosureRequests,
  accountTokens,
  auditLog,
  bookings,
  cardRefunds,
  guardianLinks,
  instructorGstRegistrations,
  instructorProfiles,
  legalAcceptances,
  lessonRecords,
  logbookOutsideLessons,
  messages,
  payments,
  payoutItems,
  payouts,
  rctiAgreementAcceptances,
  refreshTokens,
  saferDriversCourses,
  studentProfiles,
  testPackageOffers,
  users,
} from "../../db/schema/index.ts";

/**
 * Every column of the account but its secrets: the password hash and the token version (a session
 * counter) say nothing about the person and would help anyone who got the file. Taken from the table,
 * so a personal field added later is exported without anyone remembering to list it.
 */
const { passwordHash: _hash, tokenVersion: _sessions, ...exportedUserColumns } = getTableColumns(users);

export async function readUserData(db: Executor, userId: string) {
  const [account] = await db.select(exportedUserColumns).from(users).where(eq(users.id, userId));
  const [studentProfile] = await db.select().from(studentProfiles).where(eq(studentProfiles.userId, userId));
  const [instructorProfile] = await db
    .select()
    .from(instructorProfiles)
    .where(eq(instructorProfiles.userId, userId));
  const lessons = await db
    .select()
    .from(bookings)
    .where(or(eq(bookings.studentId, userId), eq(bookings.instructorId, userId)))
    .orderBy(bookings.startTime);
  const userPayments = await db
    .select()
    .from(payments)
    .where(or(eq(payments.userId, userId), eq(payments.payerId, userId)))
    .orderBy(payments.createdAt);
  const userPayouts = await db.select().from(payouts).where(eq(payouts.instructorId, userId));
  const userMessages = await db
    .select()
    .from(messages)
    .where(or(eq(messages.studentId, userId), eq(messages.instructorId, userId)))
    .orderBy(messages.createdAt);
  const records = await db
    .select()
    .from(lessonRecords)
    .where(or(eq(lessonRecords.studentId, userId), eq(lessonRecords.instructorId, userId)));
  const outsideLessons = await db
    .select()
    .from(logbookOutsideLessons)
    .where(eq(logbookOutsideLessons.studentId, userId));
  const saferDrivers = await db
    .select()
    .from(saferDriversCourses)
    .where(eq(saferDriversCourses.studentId, userId));
  const guardians = await db
    .select()
    .from(guardianLinks)
    .where(or(eq(guardianLinks.learnerId, userId), eq(guardianLinks.guardianId, userId)));
  const acceptances = await db
    .select({
      document: legalAcceptances.document,
      version: legalAcceptances.version,
      acceptedAt: legalAcceptances.acceptedAt,
    })
    .from(legalAcceptances)
    .where(eq(legalAcceptances.userId, userId));
  // An instructor's tax standing and offers: the RCTI agreements accepted, GST registrations, test packs.
  const rctiAgreements = await db
    .select()
    .from(rctiAgreementAcceptances)
    .where(eq(rctiAgreementAcceptances.instructorId, userId));
  const gstRegistrations = await db
    .select()
    .from(instructorGstRegistrations)
    .where(eq(instructorGstRegistrations.instructorId, userId));
  const [testPackageOffer] = await db
    .select()
    .from(testPackageOffers)
    .where(eq(testPackageOffers.instructorId, userId));
  const audit = await db
    .select()
    .from(auditLog)
    .where(
      or(eq(auditLog.actorId, userId), and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, userId))),
    )
    .orderBy(auditLog.createdAt);
  return {
    account,
    studentProfile: studentProfile ?? null,
    instructorProfile: instructorProfile ?? null,
    rctiAgreements,
    gstRegistrations,
    testPackageOffer: testPackageOffer ?? null,
    legalAcceptances: acceptances,
    guardianLinks: guardians,
    lessons,
    payments: userPayments,
    payouts: userPayouts,
    messages: userMessages,
    lessonRecords: records,
    logbook: { outsideLessons, saferDriversCourses: saferDrivers },
    audit,
  };
}

/** What stands in the way of closing: lessons still to come, money still moving either way. */
export async function closureBlockers(db: Executor, userId: string, now: Date) {
  const [future] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        or(eq(bookings.studentId, userId), eq(bookings.instructorId, userId)),
        inArray(bookings.status, ["PENDING_PAYMENT", "SCHEDULED"]),
        gt(bookings.endTime, now),
      ),
    );
  const [pendingPayments] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(
      and(or(eq(payments.userId, userId), eq(payments.payerId, userId)), eq(payments.status, "PENDING")),
    );
  const [pendingRefunds] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cardRefunds)
    .innerJoin(payments, eq(payments.id, cardRefunds.paymentId))
    .where(and(eq(payments.userId, userId), eq(cardRefunds.status, "PENDING")));
  // A taught lesson not yet on a payout: Kerb still owes the instructor for it.
  const [unpaidLessons] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .leftJoin(payoutItems, eq(payoutItems.bookingId, bookings.id))
    .where(and(eq(bookings.instructorId, userId), eq(bookings.status, "COMPLETED"), isNull(payoutItems.id)));
  return {
    futureLessons: future?.n ?? 0,
    pendingPayments: pendingPayments?.n ?? 0,
    pendingRefunds: pendingRefunds?.n ?? 0,
    unpaidLessons: unpaidLessons?.n ?? 0,
  };
}

export async function findOpenClosureRequest(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(accountClosureRequests)
    .where(and(eq(accountClosureRequests.userId, userId), isNull(accountClosureRequests.completedAt)));
  return row;
}

export async function insertClosureRequest(
  db: Executor,
  request: { userId: string; reason: string | null; requestedAt: Date },
) {
  const [row] = await db.insert(accountClosureRequests).values(request).onConflictDoNothing().returning();
  return row;
}

export async function listClosureRequests(db: Executor) {
  return db
    .select({
      id: accountClosureRequests.id,
      userId: accountClosureRequests.userId,
      reason: accountClosureRequests.reason,
      requestedAt: accountClosureRequests.requestedAt,
      completedAt: accountClosureRequests.completedAt,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(accountClosureRequests)
    .innerJoin(users, eq(users.id, accountClosureRequests.userId))
    .orderBy(sql`${accountClosureRequests.completedAt} is not null`, desc(accountClosureRequests.requestedAt))
    .limit(200);
}

export async function lockClosureRequest(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(accountClosureRequests)
    .where(eq(accountClosureRequests.id, id))
    .for("update");
  return row;
}

/**
 * Anonymises the user (APP 11.2): name, email, phone, password and profile details go; the rows that tax
 * law keeps (payments, invoices, payouts, the ledger) stay, pointing at a user now called "Former …".
 */
export async function anonymiseUser(
  db: Executor,
  user: { id: string; role: string },
  unusablePasswordHash: string,
  now: Date,
) {
  const formerName =
    user.role === "INSTRUCTOR"
      ? "Former instructor"
      : user.role === "GUARDIAN"
        ? "Former guardian"
        : "Former learner";
  await db
    .update(users)
    .set({
      firstName: formerName,
      lastName: "",
      email: `closed-${user.id}@closed.invalid`,
      phone: null,
      passwordHash: unusablePasswordHash,
      closedAt: now,
      // Suspended too, so that every check that keeps a suspended account out of lists, slots and
      // sign-in keeps the closed one out as well.
      suspendedAt: now,
      suspendedReason: "Account closed at the user's request",
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
  await db
    .update(studentProfiles)
    .set({ suburb: null, dateOfBirth: null, targetTestDate: null, focusSkills: [] })
    .where(eq(studentProfiles.userId, user.id));
  await db
    .update(instructorProfiles)
    .set({ bio: null, gender: null })
    .where(eq(instructorProfiles.userId, user.id));
  await db.delete(accountTokens).where(eq(accountTokens.userId, user.id));
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
  await db
    .delete(guardianLinks)
    .where(or(eq(guardianLinks.learnerId, user.id), eq(guardianLinks.guardianId, user.id)));
  await db.delete(messages).where(or(eq(messages.studentId, user.id), eq(messages.instructorId, user.id)));
  await db.delete(logbookOutsideLessons).where(eq(logbookOutsideLessons.studentId, user.id));
  await db.delete(saferDriversCourses).where(eq(saferDriversCourses.studentId, user.id));
}

export async function completeClosureRequest(db: Executor, id: string, adminId: string, now: Date) {
  await db
    .update(accountClosureRequests)
    .set({ completedAt: now, completedBy: adminId })
    .where(eq(accountClosureRequests.id, id));
}

/** Has the account been closed (anonymised)? It stays closed: nothing reopens it. */
export async function isClosed(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ closedAt: users.closedAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.closedAt);
}
