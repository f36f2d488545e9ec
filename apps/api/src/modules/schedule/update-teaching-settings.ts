import type { AvailabilityChangeResponse } from "@kerb/shared";
import { dollarsToCents, SCHEDULING_FIELDS, type SchedulingSettings } from "@kerb/shared/rules";
import type { AuditAction } from "@kerb/shared/words";
import { AppError } from "../../lib/app-error.ts";
import { lockInstructorSettings, updateInstructorSettings } from "../instructors/index.ts";
import { auditScheduleChange, type ScheduleContext, scheduleAfterChange } from "./schedule-view.ts";

/** The settings saved as one "how I teach" change: scheduling (rules/scheduling.ts) and lesson lengths. */
type HowITeach = SchedulingSettings & { lessonLengths: number[] };
const HOW_I_TEACH_FIELDS = [...SCHEDULING_FIELDS, "lessonLengths"] as const satisfies ReadonlyArray<
  keyof HowITeach
>;

/**
 * PATCH /instructor/settings. Suburbs, pool opt-in and rate: each change audited (one entry per kind, so the log can be filtered
 * by rate or pool opt-in). Booked lessons are never cancelled: the answer is the availability with
 * those that no longer fit.
 */
export async function updateTeachingSettings(
  ctx: ScheduleContext,
  instructorId: string,
  input: {
    poolOptIn?: boolean;
    suburbs?: string[];
    standardRate?: number;
  } & Partial<HowITeach>,
): Promise<AvailabilityChangeResponse> {
  const scheduling: Partial<HowITeach> = {};
  for (const field of HOW_I_TEACH_FIELDS) {
    if (input[field] !== undefined) Object.assign(scheduling, { [field]: input[field] });
  }
  const patch = {
    ...(input.poolOptIn === undefined ? {} : { poolOptIn: input.poolOptIn }),
    ...(input.suburbs === undefined ? {} : { suburbs: input.suburbs }),
    // A new rate applies to future bookings only: booked lessons keep the price that was paid.
    ...(input.standardRate === undefined ? {} : { standardRateCents: dollarsToCents(input.standardRate) }),
    // Scheduling settings apply to what is booked from now on: booked lessons are not re-checked.
    ...scheduling,
  };
  await ctx.transact(async (uow) => {
    const { tx } = uow;
    const before = await lockInstructorSettings(tx, instructorId);
    if (!before) throw new AppError("not_found", "Instructor profile not found");
    await updateInstructorSettings(tx, instructorId, patch);
    const audit = (action: AuditAction, details: Record<string, unknown>) =>
      auditScheduleChange(ctx, uow, instructorId, action, details);
    if (patch.standardRateCents !== undefined && patch.standardRateCents !== before.standardRateCents) {
      await audit("instructor.rate_change", {
        before: { standardRateCents: before.standardRateCents },
        after: { standardRateCents: patch.standardRateCents },
      });
    }
    if (patch.poolOptIn !== undefined && patch.poolOptIn !== before.poolOptIn) {
      await audit("instructor.pool_opt_in_change", {
        before: { poolOptIn: before.poolOptIn },
        after: { poolOptIn: patch.poolOptIn },
      });
    }
    if (patch.suburbs !== undefined && patch.suburbs.join("|") !== before.suburbs.join("|")) {
      await audit("instructor.suburbs_change", {
        before: { suburbs: before.suburbs },
        after: { suburbs: patch.suburbs },
      });
    }
    // Compared as JSON: the lesson lengths are a list.
    const changed = HOW_I_TEACH_FIELDS.filter(
      (field) =>
        scheduling[field] !== undefined &&
        JSON.stringify(scheduling[field]) !== JSON.stringify(before[field]),
    );
    if (changed.length > 0) {
      await audit("instructor.scheduling_change", {
        before: Object.fromEntries(changed.map((field) => [field, before[field]])),
        after: Object.fromEntries(changed.map((field) => [field, scheduling[field]])),
      });
    }
  });
  return scheduleAfterChange(ctx, instructorId);
}
