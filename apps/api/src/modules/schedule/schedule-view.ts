/**
 * The instructor's schedule as they see it after any change: weekly hours, date overrides and teaching
 * settings, with every future lesson that no longer fits them (reported, never cancelled), and the
 * learners of lessons that now clash told in the change's own transaction.
 */
import type { AvailabilityChangeResponse, InstructorAvailability } from "@kerb/shared";
import { minutesToTime } from "@kerb/shared";
import { centsToDollars, normaliseLessonLengths, poolRateCents, sydneyTodayDate } from "@kerb/shared/rules";
import type { AuditAction } from "@kerb/shared/words";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import type { UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import { affectedWarning, conflictReasons } from "../availability/index.ts";
import {
  enqueueClashesResolved,
  enqueueLessonClashes,
  listFutureScheduledLessons,
  openClashLessonIds,
  toInstructorLesson,
} from "../lessons/index.ts";
import { toException } from "./override-rules.ts";
import * as repo from "./schedule.repository.ts";

export type ScheduleContext = Pick<AppContext, "db" | "now" | "env" | "transact">;

/** Hours and overrides change what students can book: audited in the change's transaction. */
export function auditScheduleChange(
  ctx: ScheduleContext,
  uow: UnitOfWork,
  instructorId: string,
  action: AuditAction,
  details: Record<string, unknown>,
) {
  return uow.audit({
    actorId: instructorId,
    action,
    targetType: "instructor",
    targetId: instructorId,
    details,
    createdAt: ctx.now(),
  });
}

async function loadAvailability(ctx: ScheduleContext, db: Executor, instructorId: string) {
  const today = sydneyTodayDate(ctx.now());
  const [settings, rules, exceptions] = await Promise.all([
    repo.findTeachingSettings(db, instructorId),
    repo.listRules(db, instructorId),
    repo.listExceptionsFrom(db, instructorId, today),
  ]);
  if (!settings) throw new AppError("not_found", "Instructor profile not found");
  return { settings, rules, exceptions };
}

/** Future SCHEDULED lessons the current hours and settings no longer allow (reported, never cancelled). */
async function conflictsOf(
  ctx: ScheduleContext,
  instructorId: string,
  loaded: Awaited<ReturnType<typeof loadAvailability>>,
  db: Executor = ctx.db,
) {
  const lessons = await listFutureScheduledLessons(db, instructorId, ctx.now());
  const snapshot = {
    rules: loaded.rules,
    exceptions: loaded.exceptions,
    suburbs: loaded.settings.suburbs,
    poolOptIn: loaded.settings.poolOptIn,
  };
  return lessons.flatMap((lesson) => {
    const reasons = conflictReasons(lesson, snapshot);
    return reasons.length > 0 ? [{ ...toInstructorLesson(lesson), reasons }] : [];
  });
}

/**
 * In the transaction of an hours change: each student whose lesson now falls outside the instructor's
 * hours (a day off, leave, changed hours) is told at once, and each told of a clash that no longer is
 * hears it is resolved; each clash is told once (lessons/emails/clash-notices).
 * Suburb and pool settings conflicts are the instructor's to sort out and are not emailed.
 */
export async function tellLearnersOfClashes(ctx: ScheduleContext, uow: UnitOfWork, instructorId: string) {
  const now = ctx.now();
  const conflicts = await conflictsOf(
    ctx,
    instructorId,
    await loadAvailability(ctx, uow.tx, instructorId),
    uow.tx,
  );
  const clashing = conflicts.filter((c) => c.reasons.includes("OUTSIDE_HOURS")).map((c) => c.id);
  const options = { now, appUrl: publicOrigin(ctx.env) };
  await enqueueLessonClashes(uow, { ...options, bookingIds: clashing });
  const scheduled = new Set(
    (await listFutureScheduledLessons(uow.tx, instructorId, now)).map((lesson) => lesson.id),
  );
  const resolved = (await openClashLessonIds(uow.tx, instructorId, now)).filter(
    (id) => scheduled.has(id) && !clashing.includes(id),
  );
  await enqueueClashesResolved(uow, { ...options, bookingIds: resolved, how: "AVAILABLE" });
}

function present(
  loaded: Awaited<ReturnType<typeof loadAvailability>>,
  conflicts: InstructorAvailability["conflicts"],
): InstructorAvailability {
  const { settings, rules, exceptions } = loaded;
  return {
    weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      weekday,
      ranges: rules
        .filter((r) => r.weekday === weekday)
        .map((r) => ({ start: minutesToTime(r.startMinute), end: minutesToTime(r.endMinute) })),
    })),
    exceptions: exceptions.map(toException),
    poolOptIn: settings.poolOptIn,
    suburbs: settings.suburbs,
    standardRate: centsToDollars(settings.standardRateCents),
    poolRate: centsToDollars(poolRateCents(settings.standardRateCents)),
    travelBufferMinutes: settings.travelBufferMinutes,
    minNoticeHours: settings.minNoticeHours,
    dailyLessonCap: settings.dailyLessonCap,
    teachesPublicHolidays: settings.teachesPublicHolidays,
    lessonLengths: normaliseLessonLengths(settings.lessonLengths),
    conflicts,
  };
}

/**
 * The availability after a change, with every future SCHEDULED lesson that no longer fits it. Those
 * lessons are reported, never cancelled: a paid lesson is only cancelled by an explicit action.
 */
export async function scheduleAfterChange(
  ctx: ScheduleContext,
  instructorId: string,
): Promise<AvailabilityChangeResponse> {
  const loaded = await loadAvailability(ctx, ctx.db, instructorId);
  const affectedBookings = await conflictsOf(ctx, instructorId, loaded);
  return {
    availability: present(loaded, affectedBookings),
    affectedBookings,
    warning: affectedWarning(affectedBookings.length),
  };
}

/** GET /instructor/availability: the weekly hours, overrides, settings and the lessons that no longer fit. */
export async function getSchedule(
  ctx: ScheduleContext,
  instructorId: string,
): Promise<InstructorAvailability> {
  const loaded = await loadAvailability(ctx, ctx.db, instructorId);
  return present(loaded, await conflictsOf(ctx, instructorId, loaded));
}
