import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { describe } from "vitest";
import { buildApp } from "../app.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { seedDemoData } from "../db/seed.ts";
import { type Env, loadEnv } from "../env.ts";

export type DatabaseKind = "pglite" | "postgres";

/** PGlite always; the PostgreSQL server too when TEST_DATABASE_URL is set (CI sets it). */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/** Runs a suite once per database kind, each against its own fresh database. */
export function describeEachDatabase(name: string, suite: (kind: DatabaseKind) => void) {
  for (const kind of testDatabaseKinds()) describe(`${name} [${kind}]`, () => suite(kind));
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The throwaway server database's URL (PostgreSQL only), for a second process's connections. */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A brand-new database, migrated unless `migrated: false` (a migration test brings it up to an older
 * version itself): in-memory PGlite, or a throwaway database on the server.
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  { migrated = true }: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  if (kind === "pglite") {
    const handle = await openDatabase({ dataDir: null });
    if (migrated) await handle.migrate();
    return { handle, drop: () => handle.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `kerb_t_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 20 });
  if (migrated) await handle.migrate();
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The throwaway PostgreSQL database's URL; undefined on PGlite. */
  databaseUrl?: string;
  env: Env;
  /** Moves the app's clock; starts at real time. */
  clock: { now: Date; advanceMinutes(minutes: number): void };
  close(): Promise<void>;
}

export async function createTestApp(
  kind: DatabaseKind,
  options: { seed?: boolean; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "kerb-test-"));
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
    AUTH_RATE_LIMIT_MAX: "1000",
    RATE_LIMIT_MAX: "100000",
    HOLD_SWEEP_INTERVAL_SECONDS: "0",
    REFUND_RETRY_INTERVAL_SECONDS: "0",
    COMPLIANCE_SCAN_INTERVAL_SECONDS: "0",
    PAYOUT_RUN_INTERVAL_SECONDS: "0",
    OUTBOX_INTERVAL_SECONDS: "0",
    NOTIFICATION_SCAN_INTERVAL_SECONDS: "0",
    ...options.env,
  });
  const db = await createTestDatabase(kind);
  const clock = {
    now: new Date(),
    advanceMinutes(minutes: number) {
      clock.now = new Date(clock.now.getTime() + minutes * 60_000);
    },
  };
  if (options.seed) await seedDemoData(db.handle.db, clock.now);
  const app = await buildApp({ env, database: db.handle, now: () => clock.now, logger: false });
  await app.ready();
  return {
    app,
    database: db.handle,
    ...(db.url ? { databaseUrl: db.url } : {}),
    env,
    clock,
    async close() {
      await app.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
