import { type AvailabilityChangeResponse, timeToMinutes } from "@kerb/shared";
import type { MinuteWindow } from "@kerb/shared/rules";
import { refuseClash, refusePastOverride, toException } from "./override-rules.ts";
import * as repo from "./schedule.repository.ts";
import {
  auditScheduleChange,
  type ScheduleContext,
  scheduleAfterChange,
  tellLearnersOfClashes,
} from "./schedule-view.ts";

/** POST /instructor/availability/exceptions: a day off, time off or extra hours on one date. */
export async function addOverride(
  ctx: ScheduleContext,
  instructorId: string,
  input: { date: string; kind: "CLOSED" | "OPEN"; start?: string; end?: string; note?: string },
): Promise<AvailabilityChangeResponse> {
  const window: MinuteWindow | null =
    input.start && input.end
      ? { startMinute: timeToMinutes(input.start), endMinute: timeToMinutes(input.end) }
      : null;
  refusePastOverride(ctx.now(), input.date, input.kind, window);
  await ctx.transact(async (uow) => {
    const { tx } = uow;
    refuseClash(input.date, input.kind, window, await repo.listExceptionsOn(tx, instructorId, input.date));
    const added = await repo.insertException(tx, {
      instructorId,
      date: input.date,
      kind: input.kind,
      startMinute: window?.startMinute ?? null,
      endMinute: window?.endMinute ?? null,
      note: input.note && input.note.length > 0 ? input.note : null,
    });
    if (added) {
      await auditScheduleChange(ctx, uow, instructorId, "availability.override_add", {
        before: null,
        after: toException(added),
      });
    }
    await tellLearnersOfClashes(ctx, uow, instructorId);
  });
  return scheduleAfterChange(ctx, instructorId);
}
