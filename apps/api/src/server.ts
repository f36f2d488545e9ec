import { setTimeout as sleep } from "node:timers/promises";
import { loadEnv } from "./env.ts";
import { startTracing } from "./tracing.ts";

let env: ReturnType<typeof loadEnv>;
let tracing: Awaited<ReturnType<typeof startTracing>>;
try {
  env = loadEnv();
  tracing = await startTracing();
} catch (error) {
  // A configuration mistake is the operator's to fix: say what it is, without a stack trace.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// Imported only now: tracing (when configured) must be in place before `http` and `pg` are loaded.
const { buildApp } = await import("./app.ts");
const { openDatabaseFromEnv } = await import("./db/open-from-env.ts");
const { prepareDatabase } = await import("./seed/prepare-database.ts");
const { serveMetrics } = await import("./modules/health/metrics-server.ts");

const database = await openDatabaseFromEnv(env);
const demoData = await prepareDatabase(env, database, new Date());

const lifecycle = { draining: false };
const app = await buildApp({ env, database, lifecycle });

/** A shutdown that cannot finish (a request that never ends) must not keep the process up for ever. */
const FORCED_EXIT_AFTER_MS = 30_000;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal, drainSeconds: env.SHUTDOWN_DRAIN_SECONDS }, "shutting down");
  setTimeout(
    () => {
      app.log.error("shutdown took too long; exiting anyway");
      process.exit(1);
    },
    FORCED_EXIT_AFTER_MS + env.SHUTDOWN_DRAIN_SECONDS * 1000,
  ).unref();
  // Health answers 503 first, and requests are still served meanwhile, so the load balancer takes this
  // replica out of rotation before its listener closes (no request is refused on the way out).
  lifecycle.draining = true;
  if (env.SHUTDOWN_DRAIN_SECONDS > 0) await sleep(env.SHUTDOWN_DRAIN_SECONDS * 1000);
  // Stop accepting and let in-flight requests finish; the close hooks stop the scheduled jobs (a run in
  // progress completes), let an email being sent finish and close Redis; then the database goes (PGlite
  // flushes to disk).
  await app.close();
  metricsServer?.close();
  await database.close();
  // Last, so the spans of the requests that finished while draining are sent too.
  await tracing?.shutdown().catch((error) => app.log.warn({ err: error }, "traces not flushed"));
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ host: env.HOST, port: env.PORT });
const metricsServer =
  env.METRICS_PORT === undefined ? null : await serveMetrics(app.metrics, env.HOST, env.METRICS_PORT);
if (demoData === "not-wanted" && env.SEED_DEMO_DATA === undefined) {
  app.log.info("demo data not seeded into DATABASE_URL's database (SEED_DEMO_DATA=true would seed it)");
}
app.log.info(
  `Kerb is ready on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT} (${database.kind})`,
);
