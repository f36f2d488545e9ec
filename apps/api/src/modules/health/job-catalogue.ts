/**
 * Every scheduled job the API runs (platform/jobs/scheduled-job.ts), as the admin's Jobs page lists it: the name
 * each is scheduled under, the setting that sets its interval, and the queue it works through, if any.
 * A job switched off on this server (its interval 0) is still listed, so an operator sees it is off.
 */
import type { JobName } from "@kerb/shared";
import type { Env } from "../../env.ts";

interface CatalogueJob {
  /** As in the job's scheduleJob call: also its row in job_runs. */
  name: JobName;
  description: string;
  interval: (env: Env) => number;
  queue: "outbox" | "refunds" | null;
}

/** In JOB_NAMES order; jobs.admin.integration.test.ts checks that every name has its entry. */
export const JOB_CATALOGUE: readonly CatalogueJob[] = [
  {
    name: "outbox-delivery",
    description: "Sends due emails from the outbox, retrying failed ones with backoff",
    interval: (env) => env.OUTBOX_INTERVAL_SECONDS,
    queue: "outbox",
  },
  {
    name: "notification-scan",
    description: "Writes reminders, unread-message emails and other scheduled emails to the outbox",
    interval: (env) => env.NOTIFICATION_SCAN_INTERVAL_SECONDS,
    queue: null,
  },
  {
    name: "refund-worker",
    description: "Retries card refunds the provider has not yet accepted",
    interval: (env) => env.REFUND_RETRY_INTERVAL_SECONDS,
    queue: "refunds",
  },
  {
    name: "payout-run",
    description: "Creates the weekly instructor payouts (real work once a week)",
    interval: (env) => env.PAYOUT_RUN_INTERVAL_SECONDS,
    queue: null,
  },
  {
    name: "hold-sweep",
    description: "Releases lessons held for a checkout that was never paid",
    interval: (env) => env.HOLD_SWEEP_INTERVAL_SECONDS,
    queue: null,
  },
  {
    name: "compliance-scan",
    description: "Looks for lapsed licences and Working-With-Children checks and tells who is affected",
    interval: (env) => env.COMPLIANCE_SCAN_INTERVAL_SECONDS,
    queue: null,
  },
  {
    name: "time-alerts",
    description: "Emails learners whose earlier-time alert matches a time that just opened (once a day each)",
    interval: (env) => env.TIME_ALERT_SCAN_INTERVAL_SECONDS,
    queue: null,
  },
];
