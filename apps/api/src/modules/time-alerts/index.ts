/**
 * The earlier-time alerts module's public entry (issue 34, decision 044). It sits at the top tier: it
 * reads the availability counters and slots, instructor listings and the learner, and holds a time
 * through checkout. Nothing below it knows it exists; it learns of changes from the availability
 * counters (scan-time-alerts.ts).
 */
export { type ScanOutcome, scanTimeAlerts } from "./scan-time-alerts.ts";
export { startTimeAlertScan, timeAlertsJob } from "./time-alerts-job.ts";
