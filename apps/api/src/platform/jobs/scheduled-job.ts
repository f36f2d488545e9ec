/**
 * Background work that runs once per tick across every API replica. Ticks are aligned to the wall
 * clock (every replica's timer for a job fires at the same moment), and a tick runs only in the process
 * that takes the job's lock (a PostgreSQL advisory lock on a connection of its own; see db/client.ts).
 * The winner keeps the lock for a moment after a quick run, so a replica whose timer fired a few
 * milliseconds late finds it still taken instead of running the same tick again. A replica that dies
 * mid-run loses its connection, and with it the lock: the next tick runs elsewhere. Each run is recorded
 * in job_runs (platform/jobs/job-runs.ts), so every replica, the admin's Jobs page and the metrics see how it went.
 */
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../../db/client.ts";
import { recordedRun } from "./job-runs.ts";

export interface ScheduledJob {
  /** Also the lock's name: one name, one job, across all replicas. */
  name: string;
  intervalSeconds: number;
  run(): Promise<unknown>;
}

/** Held locks, released early when the app closes. */
type HeldLocks = Set<() => Promise<void>>;

/** How long the winner keeps a finished tick's lock: well past timer jitter, well short of the next tick. */
const holdAfterRunMs = (intervalMs: number) => Math.min(intervalMs / 2, 5000);

/**
 * One tick of `job` in this process: "ran" when it won the lock, "skipped" when another process (or an
 * overlapping run of this one) has it. A run that throws is recorded as failed and its error rethrown.
 */
export async function runJobTick(
  database: DatabaseHandle,
  job: ScheduledJob,
  held: HeldLocks = new Set(),
  log?: FastifyBaseLogger,
): Promise<"ran" | "skipped"> {
  const release = await database.tryExclusiveLock(`job:${job.name}`);
  if (!release) return "skipped";
  const startedAt = Date.now();
  const releaseOnce = async () => {
    if (!held.delete(releaseOnce)) return;
    await release();
  };
  held.add(releaseOnce);
  try {
    await recordedRun(database.db, job.name, () => job.run(), log);
    return "ran";
  } finally {
    const rest = holdAfterRunMs(job.intervalSeconds * 1000) - (Date.now() - startedAt);
    if (rest > 0) setTimeout(() => void releaseOnce(), rest).unref();
    else await releaseOnce();
  }
}

export function scheduleJob(
  app: FastifyInstance,
  database: DatabaseHandle,
  job: ScheduledJob,
  log: FastifyBaseLogger = app.log,
) {
  const intervalMs = job.intervalSeconds * 1000;
  const held: HeldLocks = new Set();
  let running: Promise<unknown> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  function scheduleNext() {
    timer = setTimeout(tick, intervalMs - (Date.now() % intervalMs));
    timer.unref();
  }
  function tick() {
    if (stopped) return;
    scheduleNext();
    // A run longer than the interval: this tick is skipped, not stacked.
    if (running) return;
    running = runJobTick(database, job, held, log)
      .catch((err: unknown) => log.warn({ err, job: job.name }, "scheduled job tick failed"))
      .finally(() => {
        running = undefined;
      });
  }

  scheduleNext();
  app.addHook("onClose", async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
    await Promise.all([...held].map((release) => release()));
  });
}
