/**
 * The admin's Jobs page: each job of the catalogue with its interval on this server, its last run as
 * recorded by whichever replica ran it, and for the queue workers the queue's depth and failures (the
 * same one-statement backlog the metrics read).
 */
import type { AdminJob, AdminJobQueue } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { type JobRunRow, listJobRuns } from "../../platform/jobs/job-runs.ts";
import { type Backlog, readBacklog } from "./backlog.repository.ts";
import { JOB_CATALOGUE } from "./job-catalogue.ts";

function queueOf(queue: "outbox" | "refunds" | null, backlog: Backlog): AdminJobQueue | null {
  if (queue === "outbox") {
    return { depth: backlog.outboxPending, failing: backlog.outboxFailing, failed: backlog.outboxFailed };
  }
  // A card refund is never given up on: it stays pending, failing, until the provider takes it.
  if (queue === "refunds")
    return { depth: backlog.refundsPending, failing: backlog.refundsFailing, failed: 0 };
  return null;
}

function lastRunOf(run: JobRunRow | undefined): AdminJob["lastRun"] {
  if (!run) return null;
  return {
    startedAt: run.lastStartedAt.toISOString(),
    finishedAt: run.lastFinishedAt?.toISOString() ?? null,
    outcome: run.outcome,
    error: run.lastError,
    lastSucceededAt: run.lastSucceededAt?.toISOString() ?? null,
    failures: run.failures,
  };
}

export async function listJobs(ctx: Pick<AppContext, "db" | "env" | "now">): Promise<AdminJob[]> {
  const [runs, backlog] = await Promise.all([listJobRuns(ctx.db), readBacklog(ctx.db, ctx.now())]);
  const byName = new Map(runs.map((run) => [run.name, run]));
  return JOB_CATALOGUE.map((job) => ({
    name: job.name,
    description: job.description,
    intervalSeconds: job.interval(ctx.env),
    lastRun: lastRunOf(byName.get(job.name)),
    queue: queueOf(job.queue, backlog),
  }));
}
