import { ROLES } from "@kerb/shared";
import { ACCOUNT_TOKEN_PURPOSES } from "@kerb/shared/rules";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { isOneOf } from "./one-of.ts";

export const users = pgTable(
  "users",
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: ROLES }).notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    /**
     * Carried in every access token and compared on each request: bumping it (logout, role change,
     * deletion) makes that user's outstanding access tokens worthless at once.
     */
    tokenVersion: integer().notNull().default(0),
    /**
     * Set while an admin has the account suspended: it cannot sign in or refresh a session, and an
     * instructor is not listed (rules/instructor-listing.ts). Cleared on reactivation; the audit log
     * keeps the history.
     */
    suspendedAt: timestamp({ withTimezone: true }),
    suspendedReason: text(),
    /** Set when an admin completed the user's closure request: the row is anonymised and cannot sign in. */
    closedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Emails are unique whatever their case: Bob@x.com and bob@x.com are one person.
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    check("users_role_check", isOneOf(t.role, ROLES)),
    check("users_suspension_reason", sql`(${t.suspendedAt} is null) = (${t.suspendedReason} is null)`),
  ],
);

export const refreshTokens = pgTable("refresh_tokens", {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Every token descended from one login shares a family; reuse of a rotated token revokes it all. */
  familyId: uuid().notNull(),
  /** SHA-256 of the opaque token: a leaked table cannot be replayed. */
  tokenHash: text().notNull().unique(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  rotatedAt: timestamp({ withTimezone: true }),
  revokedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Single-use account tokens sent by email: password resets (1 h) and confirmations of a new email
 * address. Only the SHA-256 of the token is stored, as for refresh tokens.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text({ enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text().notNull().unique(),
    /** The address being confirmed (EMAIL_CHANGE only). */
    newEmail: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("account_tokens_user_idx").on(t.userId, t.purpose),
    check("account_tokens_purpose_check", isOneOf(t.purpose, ACCOUNT_TOKEN_PURPOSES)),
  ],
);
