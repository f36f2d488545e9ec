/**
 * `npm run db:backup -- <file>` and `npm run db:restore -- <file> [target]`, for the database the
 * environment names (DATABASE_URL, else the embedded one under DATA_DIR). See README "Backups".
 */
import { resolve } from "node:path";
import { loadEnv } from "../env.ts";
import { backupEmbedded, backupServer, restoreEmbedded, restoreServer } from "./backup.ts";

// npm runs this inside apps/api; paths the operator typed are relative to where they typed them.
const fromCaller = (path: string | undefined) =>
  path === undefined || path.startsWith("postgres")
    ? path
    : resolve(process.env.INIT_CWD ?? process.cwd(), path);
const [command, fileArg, targetArg] = process.argv.slice(2);
const [file, target] = [fromCaller(fileArg), fromCaller(targetArg)];
const env = loadEnv();
if ((command !== "backup" && command !== "restore") || !file) {
  console.error("Usage: backup-cli.ts backup <file> | restore <file> [database URL or data directory]");
  process.exit(2);
}
try {
  if (command === "backup") {
    if (env.DATABASE_URL) await backupServer(env.DATABASE_URL, file);
    else await backupEmbedded(env.DATA_DIR, file);
    console.log(`Backed up ${env.DATABASE_URL ? "the PostgreSQL database" : env.DATA_DIR} to ${file}`);
  } else {
    // Restoring goes into a new, empty database: never over the one in use.
    const into = target ?? (env.DATABASE_URL ? undefined : `${env.DATA_DIR}-restored`);
    if (!into) throw new Error("Name the empty database to restore into: restore <file> <postgres://…>");
    if (into.startsWith("postgres")) await restoreServer(file, into);
    else await restoreEmbedded(file, into);
    console.log(`Restored ${file} into ${into}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
