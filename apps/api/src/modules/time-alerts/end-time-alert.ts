import type { TimeAlert } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { toTimeAlert } from "./time-alert-views.ts";
import * as repo from "./time-alerts.repository.ts";

/** DELETE /student/time-alerts/{id}: the learner ends their alert (ending an ended one changes nothing). */
export async function endOwnTimeAlert(
  ctx: AppContext,
  studentId: string,
  alertId: string,
): Promise<TimeAlert> {
  const alert = await repo.findTimeAlert(ctx.db, alertId);
  if (!alert || alert.studentId !== studentId) throw new AppError("not_found", "Alert not found");
  await repo.endTimeAlert(ctx.db, alertId, { reason: "LEARNER", at: ctx.now() });
  const row = await repo.findTimeAlert(ctx.db, alertId);
  if (!row) throw new AppError("not_found", "Alert not found");
  return toTimeAlert(row);
}
