import type { AvailabilityChangeResponse } from "@kerb/shared";
import { AppError } from "../../lib/app-error.ts";
import { toException } from "./override-rules.ts";
import * as repo from "./schedule.repository.ts";
import {
  auditScheduleChange,
  type ScheduleContext,
  scheduleAfterChange,
  tellLearnersOfClashes,
} from "./schedule-view.ts";

/** DELETE /instructor/availability/exceptions/:id: one of the instructor's own overrides removed. */
export async function removeOverride(
  ctx: ScheduleContext,
  instructorId: string,
  exceptionId: string,
): Promise<AvailabilityChangeResponse> {
  await ctx.transact(async (uow) => {
    const { tx } = uow;
    const removed = await repo.deleteOwnException(tx, instructorId, exceptionId);
    if (!removed) throw new AppError("not_found", "Availability exception not found");
    await auditScheduleChange(ctx, uow, instructorId, "availability.override_remove", {
      before: toException(removed),
      after: null,
    });
    await tellLearnersOfClashes(ctx, uow, instructorId);
  });
  return scheduleAfterChange(ctx, instructorId);
}
