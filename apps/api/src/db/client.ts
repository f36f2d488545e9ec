import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { findPath } from "../lib/find-path.ts";
import * as schema from "./schema/index.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; repositories accept either so services can compose them in one transaction. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The rows of a raw statement: both drivers answer `execute` with `{ rows }`, which drizzle leaves untyped. */
export async function executeRows<T>(db: Executor, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Runs `fn` while this process holds the named lock, waiting for it first: PostgreSQL serialises
   * processes on a session advisory lock; the embedded database has one process, so `fn` just runs.
   */
  withExclusiveLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** Takes the named lock only if no process holds it: a release function, or null when it is taken. */
  tryExclusiveLock(name: string): Promise<(() => Promise<void>) | null>;
  /** The connection pool's state, for the metrics (PostgreSQL only: PGlite has no pool). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

interface ServerDatabaseOptions {
  url: string;
  poolSize?: number;
  /** Waiting for a connection (new or pooled) longer than this fails the query instead of hanging. */
  connectTimeoutMs?: number;
  /** Client-side limit per query (0 = none). */
  queryTimeoutMs?: number;
}

interface EmbeddedDatabaseOptions {
  /** A directory to keep the data in; null keeps it in memory. */
  dataDir: string | null;
  /**
   * Starts from a copy of another database's files (a `dumpDataDir()` tarball) instead of an empty
   * one: tests load one database migrated once per run rather than migrating their own.
   */
  loadDataDir?: Blob;
}

type DatabaseOptions = ServerDatabaseOptions | EmbeddedDatabaseOptions;

const migrationsFolder = () => {
  const found = findPath(import.meta.url, ["../drizzle/", "../../drizzle/"]);
  if (!found) throw new Error("Migrations folder (apps/api/drizzle) not found");
  return found;
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ("url" in options) return openServerDatabase(options);
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir ?? undefined,
    extensions: { btree_gist },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  return embeddedHandle(client);
}

/**
 * The handle over an open embedded database; `close` is what closing the handle does (the client's own
 * close, unless the test suite lends out PGlite instances it reuses).
 */
export function embeddedHandle(
  client: PGlite,
  close: () => Promise<void> = () => client.close(),
): DatabaseHandle {
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Database;
  // One process per data directory: only overlapping runs inside this process need keeping apart.
  const held = new Set<string>();
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    ping: () => ping(db),
    close,
    withExclusiveLock: (_name, fn) => fn(),
    async tryExclusiveLock(name) {
      if (held.has(name)) return null;
      held.add(name);
      return async () => {
        held.delete(name);
      };
    },
  };
}

function openServerDatabase(options: ServerDatabaseOptions): DatabaseHandle {
  const connectionTimeoutMillis = options.connectTimeoutMs ?? 5000;
  const queryTimeout = options.queryTimeoutMs ? { query_timeout: options.queryTimeoutMs } : {};
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis,
    keepAlive: true,
    ...queryTimeout,
  });
  // A client losing its server must not crash the process, idle (the pool's "error") or checked out in
  // the middle of a transaction (the client's own "error", which the pool stops listening to while it
  // is lent out): the query in flight, or the next one, reports it and the pool discards the client.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Database;

  // Advisory locks live on a connection of their own, outside the pool: a held lock never takes a slot
  // requests need, a pool of one cannot deadlock on it, and a crashed holder's lock dies with its socket.
  async function lockConnection() {
    const client = new pg.Client({ connectionString: options.url, connectionTimeoutMillis, keepAlive: true });
    client.on("error", () => {});
    await client.connect();
    return client;
  }
  const lockKey = (name: string) => `kerb:${name}`;
  /** Locks this process holds, or is taking, through tryExclusiveLock. */
  const held = new Set<string>();

  return {
    db,
    kind: "postgres",
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
    ping: () => ping(db),
    close: () => pool.end(),
    async withExclusiveLock(name, fn) {
      const client = await lockConnection();
      try {
        await client.query("select pg_advisory_lock(hashtextextended($1, 0))", [lockKey(name)]);
        return await fn();
      } finally {
        // Closing the session releases its advisory locks, whatever state the query above left.
        await client.end().catch(() => {});
      }
    },
    async tryExclusiveLock(name) {
      // Held by this process already: taken, without opening a connection to learn it (a burst of
      // requests for one lock would otherwise open one each).
      if (held.has(name)) return null;
      held.add(name);
      const client = await lockConnection().catch((error: unknown) => {
        held.delete(name);
        throw error;
      });
      let released = false;
      const release = async () => {
        if (released) return;
        released = true;
        // Closing the session releases its advisory lock; only then is it free in this process too.
        await client.end().catch(() => {});
        held.delete(name);
      };
      try {
        const result = await client.query<{ locked: boolean }>(
          "select pg_try_advisory_lock(hashtextextended($1, 0)) as locked",
          [lockKey(name)],
        );
        if (result.rows[0]?.locked) return release;
      } catch (error) {
        await release();
        throw error;
      }
      await release();
      return null;
    },
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 2000)),
    ]);
    return true;
  } catch {
    return false;
  }
}
