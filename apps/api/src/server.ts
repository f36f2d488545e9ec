import { buildApp } from "./app.ts";
import { openDatabaseFromEnv } from "./db/open-from-env.ts";
import { prepareDatabase } from "./db/prepare-database.ts";
import { loadEnv } from "./env.ts";

const env = loadEnv();
const database = await openDatabaseFromEnv(env);
const demoData = await prepareDatabase(env, database, new Date());

const app = await buildApp({ env, database });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  // Stop accepting, let in-flight requests finish, then release the database (PGlite flushes to disk).
  await app.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ host: env.HOST, port: env.PORT });
if (demoData === "not-wanted" && env.SEED_DEMO_DATA === undefined) {
  app.log.info("demo data not seeded into DATABASE_URL's database (SEED_DEMO_DATA=true would seed it)");
}
app.log.info(
  `Kerb is ready on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT} (${database.kind})`,
);
