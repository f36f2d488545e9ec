import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * The answers to requests sent with an `Idempotency-Key` (plugins/idempotency.ts): a purchase, a
 * payment or a lesson move repeated with the same key gets the first answer again instead of happening
 * twice. A row without `statusCode` is a request still being answered; a failed request leaves no row,
 * so a retry runs again. Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The route, e.g. `POST /api/guardian/learners/:learnerId/bundles`: a key is the caller's per route. */
    operation: text().notNull(),
    key: text().notNull(),
    /** A hash of the request's path parameters and body: the same key for another request is refused. */
    fingerprint: text().notNull(),
    statusCode: integer(),
    response: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.operation, t.key] })],
);
