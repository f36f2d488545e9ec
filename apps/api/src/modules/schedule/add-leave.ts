import type { LeaveResponse } from "@kerb/shared";
import { eachDateInRange, sydneyTodayDate } from "@kerb/shared/rules";
import { LEAVE_NOTE, refuse, windowOfRow } from "./override-rules.ts";
import * as repo from "./schedule.repository.ts";
import {
  auditScheduleChange,
  type ScheduleContext,
  scheduleAfterChange,
  tellLearnersOfClashes,
} from "./schedule-view.ts";

/**
 * Leave: a whole day off for each date of the range, in one transaction, audited once. Dates that
 * are whole days off already are skipped; dates with time off or extra hours get the day off too
 * (it wins over them, and they come back if that day off is removed). Students of lessons it
 * clashes with are told, as for a single day off.
 */
export async function addLeave(
  ctx: ScheduleContext,
  instructorId: string,
  input: { startDate: string; endDate: string; note?: string },
): Promise<LeaveResponse> {
  const today = sydneyTodayDate(ctx.now());
  if (input.startDate < today) throw refuse("startDate", "Leave cannot start in the past");
  const note = input.note && input.note.length > 0 ? input.note : LEAVE_NOTE;
  const dates = eachDateInRange(input.startDate, input.endDate);
  const leave = await ctx.transact(async (uow) => {
    const { tx } = uow;
    const existing = await repo.listExceptionsBetween(tx, instructorId, input.startDate, input.endDate);
    const daysOff = new Set(
      existing.filter((e) => e.kind === "CLOSED" && !windowOfRow(e)).map((e) => e.date),
    );
    const added = dates.filter((date) => !daysOff.has(date));
    const skipped = dates.filter((date) => daysOff.has(date));
    await repo.insertDaysOff(tx, instructorId, added, note);
    await auditScheduleChange(ctx, uow, instructorId, "availability.leave_add", {
      before: null,
      after: { startDate: input.startDate, endDate: input.endDate, note, added, skipped },
    });
    await tellLearnersOfClashes(ctx, uow, instructorId);
    return { added, skipped };
  });
  return { ...(await scheduleAfterChange(ctx, instructorId)), leave };
}
