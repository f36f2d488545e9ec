/**
 * Migration 0012 on a database with calendar feeds already subscribed: the feed secret was stored as
 * it is in the URL; now only its SHA-256 is. A calendar app that subscribed before must keep its feed.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "../context.ts";
import { renderCalendarFeed } from "../modules/calendar/render-calendar-feed.ts";
import { migrateUpTo } from "../test/migrate-up-to.ts";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../test/test-app.ts";

const SECRET = "Qm9va2VkIGJlZm9yZSAwMDEyOiBrZWVwIG15IGZlZWQh";

describeEachDatabase("migration 0012: calendar feed secrets kept as hashes", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrated: false });
    const db = database.handle.db;
    await migrateUpTo(kind, database, "0011_account_suspension_wwc_number");
    // Plain SQL in the columns of 0011: today's schema no longer has calendar_token.
    await db.execute(sql`
      with instructor as (
        insert into users (email, password_hash, role, first_name, last_name)
        values ('feed-before@example.test', 'x', 'INSTRUCTOR', 'Fay', 'Before')
        returning id)
      insert into instructor_profiles (user_id, license_number, vehicle_type, standard_rate_cents, calendar_token)
      select id, '12345678', 'AUTOMATIC', 7500, ${SECRET} from instructor`);
    await database.handle.migrate();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("keeps an existing feed URL working, with only its hash stored", async () => {
    const ctx = { db: database.handle.db, now: () => new Date() } as AppContext;
    await expect(renderCalendarFeed(ctx, SECRET)).resolves.toContain("BEGIN:VCALENDAR");
    const stored = (await database.handle.db.execute(
      sql`select calendar_token_hash as hash from instructor_profiles`,
    )) as unknown as { rows: { hash: string }[] };
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored.rows)).not.toContain(SECRET);
  });
});
