/**
 * Backups of either database. PostgreSQL: pg_dump's custom format and pg_restore (the server's own tools,
 * consistent while Kerb runs). Embedded PGlite: its data directory as a gzipped tarball (PGlite's
 * dumpDataDir), which needs the server stopped, because one process owns a data directory at a time.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";

const run = promisify(execFile);

/** `pg_dump -Fc`: the whole database, restorable into an empty one with restoreServer. */
export async function backupServer(databaseUrl: string, file: string) {
  await run("pg_dump", ["--format=custom", "--no-owner", "--file", file, databaseUrl]);
}

/** `pg_restore` into an empty database (create it first); the schema and the data come back as they were. */
export async function restoreServer(file: string, databaseUrl: string) {
  await run("pg_restore", ["--no-owner", "--exit-on-error", "--dbname", databaseUrl, file]);
}

/** The embedded database's directory as a gzipped tarball. Stop the server first. */
export async function backupEmbedded(dataDir: string, file: string) {
  if (!existsSync(dataDir)) throw new Error(`No embedded database at ${dataDir}`);
  const db = await PGlite.create({ dataDir, extensions: { btree_gist } });
  try {
    const tarball = await db.dumpDataDir("gzip");
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await db.close();
  }
}

/** Unpacks a backup into a new data directory (never over an existing database). */
export async function restoreEmbedded(file: string, dataDir: string) {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} is not empty: restore into a new directory, then point DATA_DIR at it`);
  }
  const db = await PGlite.create({
    dataDir,
    extensions: { btree_gist },
    loadDataDir: new Blob([readFileSync(file)]),
  });
  await db.close();
}
