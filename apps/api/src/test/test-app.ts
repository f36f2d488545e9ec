import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { describe, inject } from "vitest";
import { buildApp } from "../app.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { type Env, loadEnv } from "../env.ts";
import { openPooledSnapshot } from "./pglite-pool.ts";
import { createDatabaseFrom, databaseUrl, dropDatabase, seedTestDatabase } from "./snapshots.ts";
import { computeTestClockStart, registerFixtureClock } from "./test-clock.ts";

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
 * version itself): in-memory PGlite, or a throwaway database on the server. With `seeded`, with the
 * demo data too, seeded at the run's clock start (a copy of the run's seeded database: seeding one from
 * scratch takes 10–20 s on a loaded machine).
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  { migrated = true, seeded = false }: { migrated?: boolean; seeded?: boolean } = {},
): Promise<TestDatabase> {
  if (!seeded) return openTestDatabase(kind, migrated ? "migrated" : "empty");
  const start = testClockStart();
  if (hasSeededSnapshot(kind, start)) return openTestDatabase(kind, "seeded");
  const db = await openTestDatabase(kind, "migrated");
  await seedTestDatabase(db.handle, start);
  return db;
}

/**
 * A copy of the run's migrated (or migrated and seeded) database, made once in the global setup
 * (snapshots.ts); an empty one is made from scratch. Without the global setup (another config), the
 * migrated one is made from scratch too.
 */
async function openTestDatabase(kind: DatabaseKind, start: "empty" | "migrated" | "seeded") {
  const snapshots = inject("kerbTestSnapshots");
  if (kind === "pglite") {
    const snapshot = start === "empty" ? undefined : snapshots?.pglite[start];
    const handle = snapshot ? await openPooledSnapshot(snapshot) : await openDatabase({ dataDir: null });
    if (!snapshot && start !== "empty") await handle.migrate();
    return { handle, drop: () => handle.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `kerb_t_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const template = start === "empty" ? undefined : snapshots?.postgres?.[start];
  await createDatabaseFrom(serverUrl, name, template);
  const url = databaseUrl(serverUrl, name);
  const handle = await openDatabase({ url, poolSize: 20 });
  if (!template && start !== "empty") await handle.migrate();
  return {
    handle,
    url,
    async drop() {
      await handle.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

let fallbackClockStart: Date | undefined;

/**
 * Where every test app's clock starts: the run's fixed Monday 09:00 in Sydney (test-clock.ts explains
 * the choice), from the global setup; without it (another config), computed once per process.
 */
export function testClockStart(): Date {
  const provided = inject("kerbTestClockStart");
  if (provided) return new Date(provided);
  fallbackClockStart ??= computeTestClockStart();
  return new Date(fallbackClockStart);
}

/** Whether a seeded app can start from a copy of the run's seeded database (seeded at `start`). */
function hasSeededSnapshot(kind: DatabaseKind, start: Date): boolean {
  const snapshots = inject("kerbTestSnapshots");
  if (!snapshots || (kind === "postgres" && !snapshots.postgres)) return false;
  return new Date(snapshots.seededAt).getTime() === start.getTime();
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The throwaway PostgreSQL database's URL; undefined on PGlite. */
  databaseUrl?: string;
  env: Env;
  /**
   * Moves the app's clock. It starts at the run's fixed start (testClockStart(): a Monday 09:00 in
   * Sydney, days ahead of real time), never at real time: a test's "tomorrow" is a Tuesday every day it
   * runs. With `seed`, the demo data was seeded at that moment too.
   */
  clock: { now: Date; advanceMinutes(minutes: number): void };
  close(): Promise<void>;
}

/**
 * Every job a server runs on a timer, off: a test runs the job it is about itself, and a timer firing
 * mid-test would add work (and SQL statements) the test did not ask for.
 */
export const NO_BACKGROUND_JOBS = {
  HOLD_SWEEP_INTERVAL_SECONDS: "0",
  REFUND_RETRY_INTERVAL_SECONDS: "0",
  COMPLIANCE_SCAN_INTERVAL_SECONDS: "0",
  PAYOUT_RUN_INTERVAL_SECONDS: "0",
  OUTBOX_INTERVAL_SECONDS: "0",
  NOTIFICATION_SCAN_INTERVAL_SECONDS: "0",
  TIME_ALERT_SCAN_INTERVAL_SECONDS: "0",
} as const;

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
    ...NO_BACKGROUND_JOBS,
    // Every answer a test gets is held to the OpenAPI document.
    RESPONSE_CONTRACT: "enforce",
    ...options.env,
  });
  // The demo data is relative to the moment it is seeded: the run's seeded database was seeded at the
  // clock's start, so data and clock agree exactly as if seeded here and now.
  const start = testClockStart();
  const fromSnapshot = options.seed === true && hasSeededSnapshot(kind, start);
  const db = await openTestDatabase(kind, fromSnapshot ? "seeded" : "migrated");
  const clock = {
    now: start,
    advanceMinutes(minutes: number) {
      clock.now = new Date(clock.now.getTime() + minutes * 60_000);
    },
  };
  // The fixtures (lesson-use-cases.ts) write at this app's clock, not at real time.
  registerFixtureClock(db.handle.db, () => clock.now);
  if (options.seed && !fromSnapshot) await seedTestDatabase(db.handle, clock.now);
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
