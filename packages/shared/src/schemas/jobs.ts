import { z } from "zod";

// The background jobs as the operator console sees them (/api/admin/jobs, ADMIN only).

/**
 * Every scheduled job, by the name it is scheduled under (apps/api lib/scheduled-job.ts takes only these),
 * so the admin's list and the jobs that run cannot drift apart.
 */
export const JOB_NAMES = [
  "outbox-delivery",
  "notification-scan",
  "refund-worker",
  "payout-run",
  "hold-sweep",
  "compliance-scan",
  "time-alerts",
] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** How a job's last run went: still running (or its replica died mid-run), ok, or failed. */
export const JOB_RUN_OUTCOMES = ["running", "ok", "failed"] as const;
export type JobRunOutcome = (typeof JOB_RUN_OUTCOMES)[number];

export const adminJobRun = z.object({
  startedAt: z.string(),
  /** Null while the run is in progress. */
  finishedAt: z.string().nullable(),
  outcome: z.enum(JOB_RUN_OUTCOMES),
  /** The last run's error (failed only). */
  error: z.string().nullable(),
  lastSucceededAt: z.string().nullable(),
  /** Failed runs, ever. */
  failures: z.number().int(),
});
export type AdminJobRun = z.infer<typeof adminJobRun>;

/** A delivery queue's state: waiting (depth), waiting after a failed attempt, and given up on. */
export const adminJobQueue = z.object({
  depth: z.number().int(),
  failing: z.number().int(),
  failed: z.number().int(),
});
export type AdminJobQueue = z.infer<typeof adminJobQueue>;

export const adminJob = z.object({
  name: z.enum(JOB_NAMES),
  /** What the job does, in a line. */
  description: z.string(),
  /** Seconds between ticks; 0 when the job is switched off on this server. */
  intervalSeconds: z.number().int(),
  /** Null until the job has run once. */
  lastRun: adminJobRun.nullable(),
  /** For the jobs that work through a queue (the outbox, card refunds); null for the others. */
  queue: adminJobQueue.nullable(),
});
export type AdminJob = z.infer<typeof adminJob>;
export const adminJobsResponse = z.object({ items: z.array(adminJob) });
export type AdminJobsResponse = z.infer<typeof adminJobsResponse>;
