import type { Role } from "@kerb/shared";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { refreshTokens, studentProfiles, users } from "../../db/schema/index.ts";

const userColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  tokenVersion: users.tokenVersion,
};

export type UserRow = {
  id: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  phone: string | null;
  tokenVersion: number;
};

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Is the account suspended by an admin (it may not sign in or refresh)? False for an unknown id. */
export async function isSuspended(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return Boolean(row?.suspendedAt);
}

// The guard's per-request read, a primary-key lookup of the two columns it needs: run on every signed-in
// request, so prepared once per database.
const sessionState = preparedPerDatabase((db) =>
  db
    .select({ role: users.role, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1)
    .prepare("session_state"),
);

export async function findSessionState(db: Executor, id: string) {
  const [row] = await sessionState(db).execute({ id });
  return row;
}

/**
 * Makes every access token issued to the user so far worthless (the guard compares versions). Call it
 * on logout and wherever a user's role changes or the account is deleted or deactivated.
 */
export async function bumpTokenVersion(db: Executor, userId: string) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

interface NewUser {
  email: string;
  passwordHash: string;
  role: Role;
  firstName: string;
  lastName: string;
  /** Null only for a guardian, who is not asked for one. */
  phone: string | null;
  /** The app's clock; the database's now() when left out. */
  createdAt?: Date;
}

export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning(userColumns);
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function insertStudentProfile(db: Executor, profile: typeof studentProfiles.$inferInsert) {
  await db.insert(studentProfiles).values(profile);
}

export async function insertRefreshToken(
  db: Executor,
  token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(refreshTokens).values(token);
}

/** Ends every refresh token of the user: no device can get a new access token with an old one. */
export async function revokeAllRefreshTokens(db: Executor, userId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/**
 * Marks a token used, only if nobody has used it yet. Two concurrent refreshes with one token:
 * exactly one gets the row back, the other is treated as reuse.
 */
export async function claimRefreshToken(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeTokenFamily(db: Executor, familyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
