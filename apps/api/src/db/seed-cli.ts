import { loadEnv } from "../env.ts";
import { openDatabaseFromEnv } from "./open-from-env.ts";
import { seedDemoData } from "./seed.ts";

const database = await openDatabaseFromEnv(loadEnv());
await database.migrate();
const seeded = await seedDemoData(database.db, new Date());
await database.close();
console.log(seeded ? "Demo data seeded." : "Demo data already present; nothing changed.");
