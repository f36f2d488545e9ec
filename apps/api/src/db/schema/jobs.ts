import { JOB_RUN_OUTCOMES } from "@kerb/shared";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { isOneOf } from "./one-of.ts";

/**
 * The last run of each scheduled job (platform/jobs/scheduled-job.ts writes it), one row per job: in the database
 * so every replica, the admin's Jobs page and the metrics see the same truth whichever replica ran it.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    /** The job's name, as scheduled (hold-sweep, refund-worker…). */
    name: text().primaryKey(),
    lastStartedAt: timestamp({ withTimezone: true }).notNull(),
    /** Null while the run is in progress (or its replica died mid-run). */
    lastFinishedAt: timestamp({ withTimezone: true }),
    outcome: text({ enum: JOB_RUN_OUTCOMES }).notNull(),
    lastError: text(),
    lastSucceededAt: timestamp({ withTimezone: true }),
    /** Runs that failed, ever: the metrics' failure counter, the same on every replica. */
    failures: integer().notNull().default(0),
  },
  (t) => [check("job_runs_outcome_check", isOneOf(t.outcome, JOB_RUN_OUTCOMES))],
);
