import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadEnv } from "../env.ts";
import { api } from "../test/http.ts";
import { createTestApp, createTestDatabase, describeEachDatabase, type TestApp } from "../test/test-app.ts";
import { scaled } from "../test/time-scale.ts";
import { backupEmbedded, backupServer, restoreEmbedded, restoreServer } from "./backup.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";
import { bookings, ledgerEntries, payments, users } from "./schema/index.ts";

async function counts(handle: DatabaseHandle) {
  const of = async (table: typeof users | typeof payments | typeof bookings | typeof ledgerEntries) =>
    (await handle.db.select({ n: count() }).from(table))[0]?.n;
  return {
    users: await of(users),
    payments: await of(payments),
    lessons: await of(bookings),
    entries: await of(ledgerEntries),
  };
}

/** The restored database served by a real app: the admin's ledger check must say it balances. */
async function ledgerOf(handle: DatabaseHandle) {
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    database: handle,
    logger: false,
  });
  try {
    const http = api(app);
    const admin = await http.login("admin@demo.test");
    return (await http.get("/api/admin/ledger/balance", admin.accessToken)).body as { balanced: boolean };
  } finally {
    await app.close();
  }
}

describeEachDatabase("backup and restore", (kind) => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), "kerb-backup-"));
  beforeAll(async () => {
    // The demo data: paid lessons, refunds, payouts and their journals, made through the use cases.
    t = await createTestApp(kind, { seed: true });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    "restores a backup into a fresh database with every row, and the ledger still balances",
    async () => {
      const before = await counts(t.database);
      expect(before.entries).toBeGreaterThan(0);
      const file = join(dir, kind === "pglite" ? "kerb.tar.gz" : "kerb.dump");
      let restored: DatabaseHandle;
      let dropRestored: () => Promise<void>;
      if (kind === "pglite") {
        // The embedded database as it lives on disk: the test app's copy written to a data directory first.
        const live = join(dir, "live");
        const client = (t.database.db as unknown as { $client: PGlite }).$client;
        const snapshot = join(dir, "snapshot.tar");
        writeFileSync(snapshot, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
        await restoreEmbedded(snapshot, live);
        await backupEmbedded(live, file);
        await expect(restoreEmbedded(file, live)).rejects.toThrow(/not empty/);
        await restoreEmbedded(file, join(dir, "restored"));
        restored = await openDatabase({ dataDir: join(dir, "restored") });
        dropRestored = () => restored.close();
      } else {
        const url = t.databaseUrl;
        if (!url) throw new Error("no database URL");
        await backupServer(url, file);
        const empty = await createTestDatabase("postgres", { migrated: false });
        await empty.handle.close();
        if (!empty.url) throw new Error("no database URL");
        await restoreServer(file, empty.url);
        restored = await openDatabase({ url: empty.url });
        dropRestored = async () => {
          await restored.close();
          await empty.drop().catch(() => {});
        };
      }
      try {
        expect(await counts(restored)).toEqual(before);
        expect((await ledgerOf(restored)).balanced).toBe(true);
      } finally {
        await dropRestored();
      }
    },
    scaled(120_000),
  );
});
