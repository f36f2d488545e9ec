/**
 * The record of each scheduled job's last run (db/schema/jobs.ts), written by runJobTick in whichever
 * replica ran the tick and read by the admin's Jobs page and the metrics.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { jobRuns } from "../../db/schema/index.ts";
import { errorText } from "./work-queue.ts";

export type JobRunRow = typeof jobRuns.$inferSelect;

/** A tick has started: the job shows as running until it finishes (or for good, if its replica died). */
export async function recordJobStarted(db: Executor, name: string, startedAt: Date) {
  await db
    .insert(jobRuns)
    .values({ name, lastStartedAt: startedAt, outcome: "running" })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { lastStartedAt: startedAt, lastFinishedAt: null, outcome: "running", lastError: null },
    });
}

/** A tick has finished: ok, or failed with its error (counted in `failures`). */
export async function recordJobFinished(
  db: Executor,
  name: string,
  run: { startedAt: Date; finishedAt: Date; error?: unknown },
) {
  // Present, even if undefined (a job may throw anything), means the run failed.
  const failed = "error" in run;
  const values = {
    lastStartedAt: run.startedAt,
    lastFinishedAt: run.finishedAt,
    outcome: failed ? ("failed" as const) : ("ok" as const),
    lastError: failed ? errorText(run.error) : null,
  };
  await db
    .insert(jobRuns)
    .values({ name, ...values, lastSucceededAt: failed ? null : run.finishedAt, failures: failed ? 1 : 0 })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: failed
        ? { ...values, failures: sql`${jobRuns.failures} + 1` }
        : { ...values, lastSucceededAt: run.finishedAt },
    });
}

export function listJobRuns(db: Executor): Promise<JobRunRow[]> {
  return db.select().from(jobRuns);
}
