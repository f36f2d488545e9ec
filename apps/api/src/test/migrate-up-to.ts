/** Migration tests: a database as one deployed before a migration saw it. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseKind, TestDatabase } from "./test-app.ts";

const MIGRATIONS = fileURLToPath(new URL("../../drizzle/", import.meta.url));

/** Applies the committed migrations up to and including `lastTag` (a copy of the folder that stops there). */
export async function migrateUpTo(kind: DatabaseKind, database: TestDatabase, lastTag: string) {
  const folder = mkdtempSync(join(tmpdir(), "kerb-migrations-"));
  try {
    cpSync(MIGRATIONS, folder, { recursive: true });
    const journalPath = join(folder, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((e) => e.tag === lastTag);
    if (last < 0) throw new Error(`no migration ${lastTag}`);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
    const migrateTo = kind === "pglite" ? migratePglite : migratePg;
    await migrateTo(database.handle.db as never, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
