import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../src/test/time-scale.ts";
import { createClusterDatabase, freePort, replicaEnv, startTestCluster } from "./cluster-fixture.ts";

/** Debian's prometheus scraping a running Kerb every second, asked back through its HTTP API. */
describe("a real Prometheus scrapes Kerb", () => {
  let db: Awaited<ReturnType<typeof createClusterDatabase>>;
  let cluster: Awaited<ReturnType<typeof startTestCluster>>;
  let prometheus: ChildProcess;
  let promUrl: string;
  const dir = mkdtempSync(join(tmpdir(), "kerb-prometheus-"));

  beforeAll(async () => {
    db = await createClusterDatabase();
    const metricsPort = await freePort();
    cluster = await startTestCluster(
      replicaEnv({ DATABASE_URL: db.url, METRICS_PORT: String(metricsPort) }),
      1,
    );
    const promPort = await freePort();
    promUrl = `http://127.0.0.1:${promPort}`;
    writeFileSync(
      join(dir, "prometheus.yml"),
      [
        "global:",
        "  scrape_interval: 1s",
        "scrape_configs:",
        "  - job_name: kerb",
        "    static_configs:",
        `      - targets: ["127.0.0.1:${metricsPort}"]`,
        "",
      ].join("\n"),
    );
    prometheus = spawn(
      "prometheus",
      [
        `--config.file=${join(dir, "prometheus.yml")}`,
        `--storage.tsdb.path=${join(dir, "data")}`,
        `--web.listen-address=127.0.0.1:${promPort}`,
      ],
      { stdio: "ignore" },
    );
  }, scaled(60_000));
  afterAll(async () => {
    prometheus?.kill("SIGTERM");
    await cluster?.stop();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The first sample of an instant query, once Prometheus has one (it scrapes every second). */
  async function query(expr: string, accept: (value: number) => boolean) {
    let last: unknown;
    for (let waited = 0; waited < scaled(30_000); waited += 500) {
      const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(expr)}`).catch(() => null);
      if (res?.ok) {
        last = await res.json();
        const value = Number(
          (last as { data: { result: { value: [number, string] }[] } }).data.result[0]?.value[1],
        );
        if (accept(value)) return value;
      }
      await sleep(500);
    }
    throw new Error(`Prometheus never answered ${expr} acceptably: ${JSON.stringify(last)}`);
  }

  it("collects request counts by route and status, the backlogs and the pool", async () => {
    for (let i = 0; i < 5; i++) expect((await fetch(`${cluster.url}/api/health`)).status).toBe(200);
    expect(await query('up{job="kerb"}', (v) => v === 1)).toBe(1);
    expect(
      await query(
        'sum(kerb_http_request_duration_seconds_count{route="/api/health",status="200"})',
        (v) => v >= 5,
      ),
    ).toBeGreaterThanOrEqual(5);
    // The demo data seeded into the cluster's database has lessons to teach.
    expect(await query("kerb_lessons_scheduled", (v) => v > 0)).toBeGreaterThan(0);
    expect(await query("kerb_outbox_failed", (v) => v >= 0)).toBeGreaterThanOrEqual(0);
    expect(await query('kerb_db_pool_connections{state="total"}', (v) => v > 0)).toBeGreaterThan(0);
  });
});
