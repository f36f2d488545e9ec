/**
 * Writes the API's OpenAPI document to a file: `tsx apps/api/src/openapi-export.ts <out.json>`.
 * `npm run lint:openapi` lints that file with spectral. The app is built exactly as it serves, on a
 * throwaway in-memory PGlite, so the document is the one /api/docs shows.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { buildApp } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { loadEnv } from "./env.ts";

const out = resolve(process.argv[2] ?? "openapi.json");
const dataDir = mkdtempSync(join(tmpdir(), "kerb-openapi-"));
const env = loadEnv({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  DATA_DIR: dataDir,
  JWT_SECRET: "openapi-export-only-openapi-export-only-0123",
  // No background work: the app is built, read and closed.
  HOLD_SWEEP_INTERVAL_SECONDS: "0",
  REFUND_RETRY_INTERVAL_SECONDS: "0",
  COMPLIANCE_SCAN_INTERVAL_SECONDS: "0",
  OUTBOX_INTERVAL_SECONDS: "0",
  NOTIFICATION_SCAN_INTERVAL_SECONDS: "0",
  TIME_ALERT_SCAN_INTERVAL_SECONDS: "0",
});
const database = await openDatabase({ dataDir: null });
try {
  await database.migrate();
  const app = await buildApp({ env, database, logger: false });
  await app.ready();
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`OpenAPI document written to ${out}`);
