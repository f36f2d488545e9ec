import { openDatabaseFromEnv } from "../db/open-from-env.ts";
import { loadEnv } from "../env.ts";
import { seedDemoData } from "./seed.ts";

const database = await openDatabaseFromEnv(loadEnv());
// The lock replicas take at start-up, so seeding by hand never races one of them.
const seeded = await database.withExclusiveLock("migrate-and-seed", async () => {
  await database.migrate();
  return seedDemoData(database, new Date());
});
await database.close();
console.log(seeded ? "Demo data seeded." : "Demo data already present; nothing changed.");
