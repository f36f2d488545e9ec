import { buildApp } from "./app.ts";
import { openDatabaseFromEnv } from "./db/open-from-env.ts";
import { seedDemoData } from "./db/seed.ts";
import { loadEnv } from "./env.ts";

const env = loadEnv();
const database = await openDatabaseFromEnv(env);
await database.migrate();
if (env.SEED_DEMO_DATA) await seedDemoData(database.db, new Date());

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
app.log.info(
  `Kerb is ready on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT} (${database.kind})`,
);
