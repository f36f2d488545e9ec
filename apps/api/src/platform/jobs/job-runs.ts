/**
 * The record of each scheduled job's last run (db/schema/jobs.ts), written by runJobTick in whichever
 * replica ran the tick and read by the admin's Jobs page and the metrics.
 */
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
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

/**
 * Runs `work` as a run of job `name`: recorded as started, then as ok or failed (its error rethrown).
 * For a timer's tick and for the same job started by hand (the admin's payout button), so the job's
 * series show every run. The record is for watching the job, not part of it: failing to write it never
 * stops or fails a run.
 */
export async function recordedRun<T>(
  db: Executor,
  name: string,
  work: () => Promise<T>,
  log?: FastifyBaseLogger,
): Promise<T> {
  const record = (write: Promise<void>) =>
    write.catch((err: unknown) => log?.warn({ err, job: name }, "could not record the job's run"));
  const startedAt = new Date();
  await record(recordJobStarted(db, name, startedAt));
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await record(recordJobFinished(db, name, { startedAt, finishedAt: new Date(), error }));
    throw error;
  }
  await record(recordJobFinished(db, name, { startedAt, finishedAt: new Date() }));
  return result;
}

export function listJobRuns(db: Executor): Promise<JobRunRow[]> {
  return db.select().from(jobRuns);
}
