import { LEGAL_DOCUMENTS } from "@kerb/shared/words";
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { isOneOf } from "./one-of.ts";
import { users } from "./users.ts";

/**
 * Which version of the terms, privacy policy and instructor agreement (words/legal-documents.ts) each
 * user accepted, and when: one row per user, document and version, so accepting twice at once stores one.
 */
export const legalAcceptances = pgTable(
  "legal_acceptances",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    document: text({ enum: LEGAL_DOCUMENTS }).notNull(),
    version: text().notNull(),
    acceptedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("legal_acceptances_version_idx").on(t.userId, t.document, t.version),
    check("legal_acceptances_document_check", isOneOf(t.document, LEGAL_DOCUMENTS)),
  ],
);

/**
 * A user's request to close their account (APP 11.2), open until an admin completes it; completing
 * anonymises the user and sets users.closedAt. One open request per user.
 */
export const accountClosureRequests = pgTable(
  "account_closure_requests",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text(),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    completedBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("closure_requests_open_idx").on(t.userId).where(sql`${t.completedAt} is null`),
    index("closure_requests_requested_idx").on(t.requestedAt),
  ],
);
