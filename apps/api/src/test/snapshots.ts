import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { seedDemoData } from "../seed/seed.ts";

/**
 * Databases made once per test run (in the API suite's global setup) for every test file to start
 * from, instead of each file migrating (and seeding) a database of its own: PGlite data directories
 * dumped to tarballs, and on the PostgreSQL server template databases that `CREATE DATABASE … TEMPLATE`
 * copies. "seeded" is the migrated database with the demo data, seeded at `seededAt`.
 */
export interface TestSnapshots {
  pglite: { migrated: string; seeded: string };
  postgres?: { migrated: string; seeded: string };
  /** The moment the demo data was seeded (ISO): the run's test clock start (test-clock.ts). */
  seededAt: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's migrated and seeded databases to copy, from the global setup. */
    kerbTestSnapshots: TestSnapshots;
    /** The run's test clock start (ISO), from the global setup (test-clock.ts). */
    kerbTestClockStart: string;
  }
}

/** The one place tests seed the demo data, as the server does on an empty database. */
export function seedTestDatabase(handle: DatabaseHandle, now: Date): Promise<boolean> {
  return seedDemoData(handle, now);
}

/** The PGlite instance under an embedded database's handle. */
export function pgliteClient(handle: DatabaseHandle): PGlite {
  return (handle.db as unknown as { $client: PGlite }).$client;
}

async function writeDump(handle: DatabaseHandle, path: string) {
  const tarball = await pgliteClient(handle).dumpDataDir("none");
  writeFileSync(path, Buffer.from(await tarball.arrayBuffer()));
}

/** The server database of the same name as `serverUrl`'s, but `name`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * `CREATE DATABASE name TEMPLATE template`. PostgreSQL refuses while anything is connected to the
 * template (an autovacuum worker can be, briefly): then it tries again.
 */
export async function createDatabaseFrom(serverUrl: string, name: string, template?: string) {
  const statement = template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(serverUrl, statement);
      return;
    } catch (error) {
      const inUse = (error as { code?: string }).code === "55006";
      if (!inUse || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function dropDatabase(serverUrl: string, name: string) {
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** Builds the run's snapshots, the seeded one seeded at `seededAt`; the returned function removes them. */
export async function buildTestSnapshots(
  serverUrl: string | undefined,
  seededAt: Date,
): Promise<{
  snapshots: TestSnapshots;
  remove(): Promise<void>;
}> {
  const dir = mkdtempSync(join(tmpdir(), "kerb-test-snapshots-"));
  const templates: string[] = [];
  const remove = async () => {
    rmSync(dir, { recursive: true, force: true });
    // In reverse: the seeded template was copied from the migrated one.
    if (serverUrl) for (const name of templates.reverse()) await dropDatabase(serverUrl, name);
  };
  try {
    const pglite = { migrated: join(dir, "migrated.tar"), seeded: join(dir, "seeded.tar") };
    const embedded = await openDatabase({ dataDir: null });
    try {
      await embedded.migrate();
      await writeDump(embedded, pglite.migrated);
      await seedTestDatabase(embedded, seededAt);
      await writeDump(embedded, pglite.seeded);
    } finally {
      await embedded.close();
    }
    const snapshots: TestSnapshots = { pglite, seededAt: seededAt.toISOString() };
    if (serverUrl) {
      // Unique per run: other runs may be using the same server at the same time.
      const prefix = `kerb_tpl_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
      const postgres = { migrated: `${prefix}_migrated`, seeded: `${prefix}_seeded` };
      for (const [name, template] of [
        [postgres.migrated, undefined],
        [postgres.seeded, postgres.migrated],
      ] as const) {
        await createDatabaseFrom(serverUrl, name, template);
        templates.push(name);
        // A template must have no open connections when copied: each is closed before the next step.
        const server = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 4 });
        try {
          if (name === postgres.migrated) await server.migrate();
          else await seedTestDatabase(server, seededAt);
        } finally {
          await server.close();
        }
      }
      snapshots.postgres = postgres;
    }
    return { snapshots, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
