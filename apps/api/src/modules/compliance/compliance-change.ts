import type { AdminInstructor } from "@kerb/shared";
import { isListableInstructor, sydneyTodayDate } from "@kerb/shared/rules";
import type { AuditAction } from "@kerb/shared/words";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import type { UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import { updateInstructorCompliance } from "../instructors/index.ts";
import { toAdminInstructor } from "./admin-instructor.ts";
import * as repo from "./compliance.repository.ts";
import { syncTeachingStops } from "./teaching-stops.ts";

/**
 * Changes one instructor's verification or document dates and records it in the audit log, in one
 * transaction. The previous values go into the entry so the log alone tells what changed.
 */
export async function changeInstructorCompliance(
  ctx: AppContext,
  adminId: string,
  instructorId: string,
  action: AuditAction,
  change: {
    patch: Parameters<typeof updateInstructorCompliance>[2];
    details?: Record<string, unknown>;
    /** Refuses the change given the values on record (checked with the row locked). */
    refuse?: (current: { wwcNumber: string | null }) => AppError | null;
  },
  /** Side effects of the change (its emails), in the same transaction. */
  afterChange?: (
    uow: UnitOfWork,
    change: { wasListed: boolean; isListed: boolean; now: Date },
  ) => Promise<unknown>,
): Promise<{ instructor: AdminInstructor }> {
  const now = ctx.now();
  const today = sydneyTodayDate(now);
  const { patch, details } = change;
  await ctx.transact(async (uow) => {
    const { tx } = uow;
    const current = await repo.lockInstructorCompliance(tx, instructorId);
    if (!current) throw new AppError("not_found", "Instructor not found");
    const refusal = change.refuse?.(current);
    if (refusal) throw refusal;
    await updateInstructorCompliance(tx, instructorId, patch);
    await syncTeachingStops(tx, instructorId, now);
    const next = { ...current, ...patch };
    const recorded = (r: typeof next) => ({
      verificationStatus: r.verificationStatus,
      licenseExpiresOn: r.licenseExpiresOn,
      wwcExpiresOn: r.wwcExpiresOn,
      wwcNumber: r.wwcNumber,
    });
    await uow.audit({
      actorId: adminId,
      action,
      targetType: "instructor",
      targetId: instructorId,
      details: { before: recorded(current), after: recorded(next), ...details },
      createdAt: now,
    });
    await afterChange?.(uow, {
      wasListed: isListableInstructor(current, today),
      isListed: isListableInstructor(next, today),
      now,
    });
  });
  const row = await repo.findAdminInstructor(ctx.db, instructorId);
  if (!row) throw new AppError("not_found", "Instructor not found");
  return { instructor: toAdminInstructor(ctx, row) };
}
