import type { TimeAlert } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { toTimeAlert } from "./time-alert-views.ts";
import { listTimeAlertsOf } from "./time-alerts.repository.ts";

/** GET /student/time-alerts: the learner's alerts, active ones first. */
export async function listTimeAlerts(ctx: AppContext, studentId: string): Promise<TimeAlert[]> {
  return (await listTimeAlertsOf(ctx.db, studentId)).map(toTimeAlert);
}
