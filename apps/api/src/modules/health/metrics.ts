/**
 * Prometheus metrics (prom-client): request rate and duration by route and status, the database pool,
 * the backlogs an operator acts on (emails, card refunds, payouts, holds), and each scheduled job's last
 * success and failures (from job_runs, whichever replica ran it). One registry per app, so
 * tests that build several apps in one process never mix their series. Served on METRICS_PORT by
 * server.ts, never on the public port.
 */
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { DatabaseHandle } from "../../db/client.ts";
import { listJobRuns } from "../../platform/jobs/job-runs.ts";
import { readBacklog } from "./backlog.repository.ts";

export interface Metrics {
  registry: Registry;
}

declare module "fastify" {
  interface FastifyInstance {
    /** This app's metrics registry (server.ts serves it on METRICS_PORT). */
    metrics: Metrics;
  }
}

const BACKLOG_SERIES = {
  outboxPending: ["kerb_outbox_pending", "Emails waiting to be sent"],
  outboxFailing: ["kerb_outbox_failing", "Pending emails whose last attempt failed (retried with backoff)"],
  outboxFailed: ["kerb_outbox_failed", "Emails that failed for good (an admin can retry them)"],
  refundsPending: ["kerb_card_refunds_pending", "Card refunds decided but not yet confirmed by the provider"],
  refundsFailing: ["kerb_card_refunds_failing", "Pending card refunds whose last attempt failed"],
  payoutsFailed: ["kerb_payouts_failed", "Instructor payouts that failed"],
  holds: ["kerb_lessons_held", "Lessons held for a checkout not yet paid"],
  scheduledLessons: ["kerb_lessons_scheduled", "Confirmed lessons still to be taught"],
} as const;

export function createMetrics(input: { database: DatabaseHandle; now: () => Date }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "kerb_" });

  new Gauge({
    name: "kerb_db_pool_connections",
    help: "PostgreSQL pool connections by state (total, idle, waiting for a connection); absent on PGlite",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const stats = input.database.poolStats?.();
      if (!stats) return;
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });

  // One query per scrape feeds every backlog gauge: the first gauge collected reads, the rest reuse it.
  const backlog = oncePerScrape(() => readBacklog(input.database.db, input.now()));
  for (const [key, [name, help]] of Object.entries(BACKLOG_SERIES) as [
    keyof typeof BACKLOG_SERIES,
    readonly [string, string],
  ][]) {
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const counts = await backlog();
        // A database that does not answer leaves the series out rather than reporting a false zero.
        if (counts) this.set(counts[key]);
      },
    });
  }

  const jobRuns = oncePerScrape(() => listJobRuns(input.database.db));
  new Gauge({
    name: "kerb_job_last_success_timestamp_seconds",
    help: "When each scheduled job last finished without an error (Unix seconds), in any replica",
    labelNames: ["job"],
    registers: [registry],
    async collect() {
      const runs = await jobRuns();
      if (!runs) return;
      this.reset();
      for (const run of runs) {
        if (run.lastSucceededAt) this.set({ job: run.name }, run.lastSucceededAt.getTime() / 1000);
      }
    },
  });
  new Counter({
    name: "kerb_job_failures_total",
    help: "Runs of each scheduled job that failed, in any replica, ever",
    labelNames: ["job"],
    registers: [registry],
    async collect() {
      const runs = await jobRuns();
      if (!runs) return;
      // The count is kept in job_runs (every replica reports the same one): set, not incremented here.
      this.reset();
      for (const run of runs) this.inc({ job: run.name }, run.failures);
    },
  });
  return { registry };
}

/**
 * A read shared by the series of one scrape: prom-client starts every series' collect in one
 * synchronous pass, so the first starts the read, the others join it, and it is forgotten as soon as
 * it is done (not on a later timer: on PGlite every query settles in microtasks, so a scrape right
 * after would otherwise get the previous one's numbers). A database that does not answer gives null,
 * and the series are left out rather than reporting a false zero.
 */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T | null> {
  let pending: Promise<T | null> | null = null;
  return () => {
    pending ??= read()
      .catch(() => null)
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}

/**
 * The route a series is labelled with. The web app's files are served by one route per file, and their
 * names carry a content hash: one series per file would add new series on every deploy (196 of 278
 * were static files), so every file under /assets/ shares one.
 */
export function routeLabel(routeUrl: string | undefined): string {
  if (routeUrl === undefined) return "unmatched";
  return routeUrl.startsWith("/assets/") ? "/assets/*" : routeUrl;
}

/** Every answer's duration by method, route pattern (never the raw URL: ids would explode the series) and status. */
export function recordRequestMetrics(app: FastifyInstance, metrics: Metrics) {
  const duration = new Histogram({
    name: "kerb_http_request_duration_seconds",
    help: "HTTP request duration by method, route and status code",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metrics.registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: routeLabel(request.routeOptions.url),
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}
