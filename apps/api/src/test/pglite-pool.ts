/**
 * Embedded databases reused from one test file to the next inside a worker. Starting PGlite from a
 * snapshot tarball costs about a second of CPU (the WASM Postgres boots and unpacks its files); putting a
 * used instance back to a snapshot's rows (truncate, then COPY each table back) costs a tenth of that,
 * and a test file sees the same thing: a database holding exactly the snapshot's rows.
 *
 * The snapshots all share one schema (migrated, or migrated and seeded), and no test changes the schema
 * of a database it got here (migration tests start from an empty database, which is never pooled).
 */
import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { type DatabaseHandle, embeddedHandle, openDatabase } from "../db/client.ts";
import { pgliteClient } from "./snapshots.ts";

interface Contents {
  tables: Array<{ name: string; rows: Blob | undefined }>;
  sequences: Array<{ name: string; value: string | null; called: boolean }>;
}

const tarballs = new Map<string, Blob>();
const contentsOf = new Map<string, Contents>();
const idle: PGlite[] = [];

async function capture(client: PGlite): Promise<Contents> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  const { rows: sequences } = await client.query<{ name: string; value: string | null; called: boolean }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS value,
            last_value IS NOT NULL AS called
       FROM pg_sequences`,
  );
  const contents: Contents = { tables: [], sequences };
  for (const { name } of tables) {
    const copied = await client.query(`COPY ${name} TO '/dev/blob' WITH (FORMAT binary)`);
    contents.tables.push({ name, rows: copied.blob });
  }
  return contents;
}

/** Puts `client` back to `contents`: a used connection's session state goes too (locks, settings). */
async function restore(client: PGlite, contents: Contents) {
  await client.exec("DISCARD ALL");
  // Replica mode skips the foreign keys and the append-only triggers while the rows are replaced.
  await client.exec(
    `SET session_replication_role = replica;
     TRUNCATE ${contents.tables.map((t) => t.name).join(", ")};`,
  );
  for (const { name, rows } of contents.tables) {
    if (rows) await client.query(`COPY ${name} FROM '/dev/blob' WITH (FORMAT binary)`, [], { blob: rows });
  }
  for (const { name, value, called } of contents.sequences) {
    await client.query("SELECT setval($1, coalesce($2::bigint, 1), $3)", [name, value, called]);
  }
  await client.exec("RESET session_replication_role");
}

/**
 * Lends out `client` as a handle whose close gives it back for the next file. A closed handle refuses
 * queries, as a closed database does (the health test closes it to see the API degrade).
 */
function lend(client: PGlite): DatabaseHandle {
  let lent = true;
  const guarded = new Proxy(client, {
    get(target, property) {
      if (!lent) throw new Error("The database is closed");
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return embeddedHandle(guarded, async () => {
    if (!lent) return;
    lent = false;
    idle.push(client);
  });
}

/** A database holding exactly the rows of the snapshot tarball at `path`. */
export async function openPooledSnapshot(path: string): Promise<DatabaseHandle> {
  const contents = contentsOf.get(path);
  const reused = contents ? idle.pop() : undefined;
  if (reused && contents) {
    try {
      await restore(reused, contents);
      return lend(reused);
    } catch {
      // Something left it unusable: start a fresh one instead.
      await reused.close().catch(() => {});
    }
  }
  let tarball = tarballs.get(path);
  if (!tarball) {
    tarball = new Blob([readFileSync(path)]);
    tarballs.set(path, tarball);
  }
  const fresh = pgliteClient(await openDatabase({ dataDir: null, loadDataDir: tarball }));
  if (!contents) contentsOf.set(path, await capture(fresh));
  return lend(fresh);
}
