import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script shared with `npm run cluster`
import { startReplica } from "../../../scripts/cluster/start-cluster.mjs";
import { scaled } from "../src/test/time-scale.ts";
import {
  createClusterDatabase,
  freePort,
  replicaEnv,
  SERVER_PATH,
  waitForHealthy,
} from "./cluster-fixture.ts";

describe("replicas starting at once on a fresh PostgreSQL database", () => {
  let db: Awaited<ReturnType<typeof createClusterDatabase>>;
  beforeAll(async () => {
    db = await createClusterDatabase();
  });
  afterAll(() => db.drop());

  it("all start: one migrates and seeds under the advisory lock, the others find it done", async () => {
    const env = replicaEnv({ DATABASE_URL: db.url, CLUSTER_MODE: "true" });
    const replicas = await Promise.all(
      ["a", "b", "c", "d"].map(async (id) =>
        startReplica({ id, port: await freePort(), env, serverPath: SERVER_PATH }),
      ),
    );
    try {
      await Promise.all(
        replicas.map((r: { port: number }) =>
          waitForHealthy(`http://127.0.0.1:${r.port}/api/health`, scaled(60_000)),
        ),
      );
      const migrations = await db.pool.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      const { rows: files } = await db.pool.query("select hash from drizzle.__drizzle_migrations");
      expect(new Set(files.map((f) => f.hash)).size).toBe(migrations.rows[0].n);
      // The demo accounts exist once each, not once per replica.
      const demo = await db.pool.query(
        "select email, count(*)::int as n from users where email like '%@demo.test' group by email",
      );
      expect(demo.rows.length).toBeGreaterThan(0);
      expect(demo.rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      const codes = await Promise.all(replicas.map((r: { stop(): Promise<unknown> }) => r.stop()));
      expect(codes).toEqual([0, 0, 0, 0]);
    }
  });

  it("refuses to start a replica in cluster mode without JWT_SECRET, saying why", async () => {
    const { spawnSync } = await import("node:child_process");
    const env = replicaEnv({ DATABASE_URL: db.url });
    delete env.JWT_SECRET;
    const result = spawnSync(process.execPath, [SERVER_PATH], {
      env,
      encoding: "utf8",
      timeout: scaled(20_000),
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/JWT_SECRET is required when several replicas run \(CLUSTER_MODE=true\)/);
  });
});
