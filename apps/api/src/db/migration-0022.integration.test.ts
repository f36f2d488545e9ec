/**
 * Migration 0022 on a database where GST registration was a checkbox: a registered instructor gets a
 * registration period that covers everything they taught (from their account's creation, or an earlier
 * lesson), unchecked; an unregistered one gets none. Nobody is given an RCTI agreement they never saw.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { migrateUpTo } from "../test/migrate-up-to.ts";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../test/test-app.ts";

describeEachDatabase("migration 0022: GST registrations from the checkbox", (kind) => {
  let database: TestDatabase;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.handle.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrated: false });
    await migrateUpTo(kind, database, "0021_logbook_declarations");
    // Account created on 1 March 2026 (Sydney); the registered instructor has no lesson.
    await database.handle.db.execute(sql`
      insert into users (email, password_hash, role, first_name, last_name, created_at) values
        ('gst-before@example.test', 'x', 'INSTRUCTOR', 'Gia', 'Before', '2026-02-28T14:00:00Z'),
        ('plain-before@example.test', 'x', 'INSTRUCTOR', 'Pat', 'Plain', '2026-02-28T14:00:00Z')`);
    await database.handle.db.execute(sql`
      insert into instructor_profiles (user_id, license_number, vehicle_type, standard_rate_cents, abn, gst_registered)
      select id, case first_name when 'Gia' then '12345678' else '12345679' end, 'AUTOMATIC', 7500,
        '53004085616', first_name = 'Gia'
      from users`);
    await database.handle.migrate();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("gives a registered instructor a registration from their account's Sydney creation date, unchecked", async () => {
    const registrations = await rows<{
      first_name: string;
      from: string;
      to: string | null;
      checked: boolean;
    }>(sql`
      select u.first_name, r.effective_from::text as "from", r.effective_to::text as "to",
        r.checked_at is not null as checked
      from instructor_gst_registrations r join users u on u.id = r.instructor_id`);
    expect(registrations).toEqual([{ first_name: "Gia", from: "2026-03-01", to: null, checked: false }]);
  });

  it("accepts no RCTI agreement on anyone's behalf", async () => {
    expect(await rows(sql`select * from rcti_agreement_acceptances`)).toEqual([]);
  });
});
