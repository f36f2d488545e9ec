import type { DatabaseHandle } from "../db/client.ts";
import type { Env } from "../env.ts";
import { seedDemoData } from "./seed.ts";

/**
 * Demo accounts share a published password, so they go only where nobody can mistake them for real
 * ones: the embedded database by default, a PostgreSQL server (DATABASE_URL) only with SEED_DEMO_DATA=true.
 */
export function shouldSeedDemoData(env: Pick<Env, "SEED_DEMO_DATA" | "DATABASE_URL">): boolean {
  return env.SEED_DEMO_DATA ?? env.DATABASE_URL === undefined;
}

/**
 * What the server does before it listens: migrate, then seed the demo data where it is wanted. Several
 * replicas starting at once on one PostgreSQL database take turns under an advisory lock: the first
 * migrates and seeds, the others find both done (two migrating at once collide on catalog rows).
 */
export async function prepareDatabase(
  env: Pick<Env, "SEED_DEMO_DATA" | "DATABASE_URL">,
  database: DatabaseHandle,
  now: Date,
): Promise<"seeded" | "already-present" | "not-wanted"> {
  return database.withExclusiveLock("migrate-and-seed", async () => {
    await database.migrate();
    if (!shouldSeedDemoData(env)) return "not-wanted";
    return (await seedDemoData(database, now)) ? "seeded" : "already-present";
  });
}
