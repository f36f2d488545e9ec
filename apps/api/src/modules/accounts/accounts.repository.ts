import type { Role } from "@kerb/shared";
import { type AccountTokenPurpose, phoneSearchDigits } from "@kerb/shared/rules";
import { and, count, desc, eq, gt, gte, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { fullNameSql } from "../../db/full-name.ts";
import { containsPattern } from "../../db/like-pattern.ts";
import { accountTokens, instructorProfiles, studentProfiles, users } from "../../db/schema/index.ts";

// Account tokens ---------------------------------------------------------------------------------

export async function insertAccountToken(
  db: Executor,
  token: {
    userId: string;
    purpose: AccountTokenPurpose;
    tokenHash: string;
    newEmail?: string | null;
    expiresAt: Date;
    createdAt: Date;
  },
) {
  await db.insert(accountTokens).values({ ...token, newEmail: token.newEmail ?? null });
}

export async function findAccountToken(db: Executor, tokenHash: string, purpose: AccountTokenPurpose) {
  const [row] = await db
    .select({
      id: accountTokens.id,
      userId: accountTokens.userId,
      newEmail: accountTokens.newEmail,
      expiresAt: accountTokens.expiresAt,
      usedAt: accountTokens.usedAt,
    })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/** Marks a token used, only if nobody has used it yet: of two concurrent uses exactly one wins. */
export async function claimAccountToken(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  return rows.length === 1;
}

/** Ends every still-unused token of that purpose for the user (a newer one replaces them, or they are moot). */
export async function retireUnusedTokens(
  db: Executor,
  userId: string,
  purpose: AccountTokenPurpose,
  now: Date,
) {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    );
}

export async function countTokensSince(
  db: Executor,
  userId: string,
  purpose: AccountTokenPurpose,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        gte(accountTokens.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** The newest address waiting for confirmation, if its link is still alive. */
export async function findPendingEmail(db: Executor, userId: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: accountTokens.newEmail })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, "EMAIL_CHANGE"),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

// Users and credentials --------------------------------------------------------------------------

type AccountUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  tokenVersion: number;
};

const accountUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  tokenVersion: users.tokenVersion,
};

export async function findAccountUser(db: Executor, userId: string): Promise<AccountUser | undefined> {
  const [row] = await db.select(accountUserColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function findAccountUserByEmail(db: Executor, email: string): Promise<AccountUser | undefined> {
  const [row] = await db
    .select(accountUserColumns)
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

export async function findPasswordHash(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.passwordHash;
}

export async function updatePasswordHash(db: Executor, userId: string, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

export async function updateEmail(db: Executor, userId: string, email: string, now: Date) {
  await db.update(users).set({ email, updatedAt: now }).where(eq(users.id, userId));
}

// Profiles ---------------------------------------------------------------------------------------

export async function findStudentAccount(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      suburb: studentProfiles.suburb,
      licenseType: studentProfiles.licenseType,
    })
    .from(users)
    .innerJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function findInstructorAccount(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      bio: instructorProfiles.bio,
      languages: instructorProfiles.languages,
      vehicleType: instructorProfiles.vehicleType,
      gender: instructorProfiles.gender,
      licenseNumber: instructorProfiles.licenseNumber,
      wwcNumber: instructorProfiles.wwcNumber,
      verificationStatus: instructorProfiles.verificationStatus,
    })
    .from(users)
    .innerJoin(instructorProfiles, eq(instructorProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function updateUserDetails(
  db: Executor,
  userId: string,
  changes: { firstName?: string; lastName?: string; phone?: string },
  now: Date,
) {
  if (Object.keys(changes).length === 0) return;
  await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function updateStudentProfile(
  db: Executor,
  userId: string,
  changes: { suburb?: string; licenseType?: "AUTOMATIC" | "MANUAL" },
) {
  if (Object.keys(changes).length === 0) return;
  await db.update(studentProfiles).set(changes).where(eq(studentProfiles.userId, userId));
}

// The admin's user search -------------------------------------------------------------------------

/**
 * A stored phone's national digits: "0412 345 678", "+61 412 345 678" and "+61 (0)412 345 678" all read
 * 0412345678 (rules/contact-formats.ts phoneSearchDigits does the same to the search text).
 */
const nationalPhoneDigitsSql = sql`regexp_replace(regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g'), '^610?([2-478][0-9]{8})$', '0\\1')`;

const adminUserColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  createdAt: users.createdAt,
  suspendedAt: users.suspendedAt,
  suspendedReason: users.suspendedReason,
};
export type AdminUserRow = NonNullable<Awaited<ReturnType<typeof findAdminUser>>>;

export async function findAdminUser(db: Executor, userId: string) {
  const [row] = await db.select(adminUserColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The account row locked for the rest of the transaction: two admins suspending at once take turns. */
export async function lockAdminUser(tx: Executor, userId: string) {
  const [row] = await tx.select(adminUserColumns).from(users).where(eq(users.id, userId)).for("update");
  return row;
}

/** Suspends (a time and a reason) or reactivates (both null) the account. */
export async function setSuspension(
  db: Executor,
  userId: string,
  suspension: { suspendedAt: Date; suspendedReason: string } | { suspendedAt: null; suspendedReason: null },
  now: Date,
) {
  await db
    .update(users)
    .set({ ...suspension, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function listUsers(
  db: Executor,
  filter: { search?: string; role?: Role },
  page: { limit: number; offset: number },
) {
  const conditions: SQL[] = [];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const digits = phoneSearchDigits(filter.search);
    const byText = or(
      ilike(users.email, pattern),
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
      ilike(fullNameSql(users), pattern),
      // The phone by its digits, whatever spaces or +61 either side was written with.
      digits ? sql`${nationalPhoneDigitsSql} like ${containsPattern(digits)}` : undefined,
    );
    if (byText) conditions.push(byText);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
