import { loadEnv } from "../env.ts";
import { openDatabaseFromEnv } from "./open-from-env.ts";

const database = await openDatabaseFromEnv(loadEnv());
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
