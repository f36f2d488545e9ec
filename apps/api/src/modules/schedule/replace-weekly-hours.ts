import { type AvailabilityChangeResponse, timeToMinutes } from "@kerb/shared";
import { showRule } from "./override-rules.ts";
import * as repo from "./schedule.repository.ts";
import {
  auditScheduleChange,
  type ScheduleContext,
  scheduleAfterChange,
  tellLearnersOfClashes,
} from "./schedule-view.ts";

/** PUT /instructor/availability/weekly: the weekly hours replaced whole, audited before and after. */
export async function replaceWeeklyHours(
  ctx: ScheduleContext,
  instructorId: string,
  weekly: Array<{ weekday: number; ranges: Array<{ start: string; end: string }> }>,
): Promise<AvailabilityChangeResponse> {
  const rules = weekly.flatMap((day) =>
    day.ranges.map((r) => ({
      weekday: day.weekday,
      startMinute: timeToMinutes(r.start),
      endMinute: timeToMinutes(r.end),
    })),
  );
  await ctx.transact(async (uow) => {
    const { tx } = uow;
    const before = await repo.listRules(tx, instructorId);
    await repo.replaceRules(tx, instructorId, rules);
    await auditScheduleChange(ctx, uow, instructorId, "availability.hours_replace", {
      before: before.map(showRule),
      after: rules.map(showRule),
    });
    await tellLearnersOfClashes(ctx, uow, instructorId);
  });
  return scheduleAfterChange(ctx, instructorId);
}
