import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { instructorProfiles } from "./profiles.ts";

/**
 * An instructor's driving-test package offer (issue 33), one row per instructor once they save it: on or
 * off, the price in cents ex GST (GST is added as for lessons), whether a 60-minute warm-up lesson comes
 * before the test, and the test centres (ids of TEST_CENTRES in packages/shared rules/test-centres.ts)
 * they take learners to. The ids are checked against that list by the request schema, not here: adding a
 * centre is then a change of data, not a migration. A switched-off offer keeps its price and centres.
 */
export const testPackageOffers = pgTable(
  "test_package_offers",
  {
    instructorId: uuid()
      .primaryKey()
      .references(() => instructorProfiles.userId, { onDelete: "cascade" }),
    enabled: boolean().notNull().default(false),
    priceCents: integer().notNull(),
    includesWarmUp: boolean().notNull().default(true),
    centreIds: text().array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The request schema's bounds (MIN/MAX_TEST_PACKAGE_PRICE_DOLLARS), in cents.
    check("test_package_price_range", sql`${t.priceCents} between 6000 and 90000`),
    check("test_package_enabled_centres", sql`not ${t.enabled} or cardinality(${t.centreIds}) > 0`),
  ],
);
