import { loadEnv } from "../env.ts";
import { openDatabaseFromEnv } from "./open-from-env.ts";

const database = await openDatabaseFromEnv(loadEnv());
// The same lock the server takes: a deploy's migrate step may overlap replicas starting.
await database.withExclusiveLock("migrate-and-seed", () => database.migrate());
await database.close();
console.log(`Migrations applied (${database.kind}).`);
