import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runJobTick } from "../../platform/jobs/scheduled-job.ts";
import { type Http, startSeededApp } from "../../test/seeded-app.ts";
import { describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { serveMetrics } from "./metrics-server.ts";

/** The value of one series in Prometheus' text format, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachDatabase("Prometheus metrics", (kind) => {
  let t: TestApp;
  let http: Http;
  beforeAll(async () => {
    ({ t, http } = await startSeededApp(kind));
  });
  afterAll(() => t.close());

  it("times every answer by method, route pattern and status, never by raw URL", async () => {
    await http.get("/api/health");
    await http.get("/api/health");
    await http.get("/api/payment/00000000-0000-4000-8000-000000000000");
    await http.get("/api/no-such-route");
    const text = await t.app.metrics.registry.metrics();
    expect(
      sample(text, 'kerb_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}'),
    ).toBe(2);
    expect(
      sample(
        text,
        'kerb_http_request_duration_seconds_count{method="GET",route="/api/payment/:id",status="401"}',
      ),
    ).toBe(1);
    expect(text).not.toContain("00000000-0000-4000-8000-000000000000");
    expect(text).not.toContain("no-such-route");
  });

  it("reports the backlogs from the database: held and scheduled lessons, emails, refunds, payouts", async () => {
    const text = await t.app.metrics.registry.metrics();
    expect(sample(text, "kerb_lessons_scheduled")).toBeGreaterThan(0);
    for (const series of [
      "kerb_lessons_held",
      "kerb_outbox_pending",
      "kerb_outbox_failing",
      "kerb_outbox_failed",
      "kerb_card_refunds_pending",
      "kerb_card_refunds_failing",
      "kerb_payouts_failed",
    ]) {
      expect(sample(text, series), series).toBeGreaterThanOrEqual(0);
    }
    // The pool exists only on a PostgreSQL server.
    if (kind === "postgres")
      expect(sample(text, 'kerb_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    else expect(text).not.toContain('kerb_db_pool_connections{state="total"}');
  });

  it("reports each job's last success and its failures, as recorded in the database", async () => {
    const job = (name: string, run: () => Promise<void>) => ({ name, intervalSeconds: 60, run });
    const before = Date.now() / 1000;
    await runJobTick(
      t.database,
      job("hold-sweep", async () => {}),
    );
    const boom = async () => {
      throw new Error("boom");
    };
    await expect(runJobTick(t.database, job("payout-run", boom))).rejects.toThrow("boom");
    const text = await t.app.metrics.registry.metrics();
    expect(sample(text, 'kerb_job_last_success_timestamp_seconds{job="hold-sweep"}')).toBeGreaterThanOrEqual(
      Math.floor(before),
    );
    expect(sample(text, 'kerb_job_failures_total{job="hold-sweep"}')).toBe(0);
    expect(sample(text, 'kerb_job_failures_total{job="payout-run"}')).toBe(1);
    // Never succeeded: no timestamp rather than a false one.
    expect(text).not.toContain('kerb_job_last_success_timestamp_seconds{job="payout-run"}');
  });

  it("counts a payout run from the admin's button in the payout job's series", async () => {
    const before = Math.floor(Date.now() / 1000);
    const admin = await http.login("admin@demo.test");
    const run = await http.post("/api/admin/payouts/run", undefined, admin.accessToken);
    expect(run.status).toBe(200);
    const text = await t.app.metrics.registry.metrics();
    expect(sample(text, 'kerb_job_last_success_timestamp_seconds{job="payout-run"}')).toBeGreaterThanOrEqual(
      before,
    );
  });

  it("has the event loop's lag, the series to alert on when rendering or hashing blocks it", async () => {
    const text = await t.app.metrics.registry.metrics();
    expect(sample(text, "kerb_nodejs_eventloop_lag_max_seconds")).toBeGreaterThanOrEqual(0);
  });

  it("serves /metrics on its own listener and nothing else there", async () => {
    const server = await serveMetrics(t.app.metrics, "127.0.0.1", 0);
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/plain");
      expect(await res.text()).toContain("kerb_process_cpu_seconds_total");
      expect((await fetch(`${base}/api/health`)).status).toBe(404);
      const head = await fetch(`${base}/metrics`, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-type")).toContain("text/plain");
      expect(await head.text()).toBe("");
    } finally {
      server.close();
    }
  });
});
