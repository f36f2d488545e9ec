import type { Env } from "../env.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";

/** PostgreSQL server when DATABASE_URL is set, else the embedded PGlite under DATA_DIR. */
export function openDatabaseFromEnv(env: Env): Promise<DatabaseHandle> {
  return env.DATABASE_URL
    ? openDatabase({
        url: env.DATABASE_URL,
        poolSize: env.DATABASE_POOL_SIZE,
        connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
        queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
      })
    : openDatabase({ dataDir: env.DATA_DIR });
}
