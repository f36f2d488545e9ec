import {
  type AvailabilityChangeResponse,
  type AvailabilityException,
  type InstructorAvailability,
  type LeaveResponse,
  minutesToTime,
  TOO_SHORT_FOR_A_LESSON,
  timeToMinutes,
} from "@kerb/shared";
import {
  centsToDollars,
  eachDateInRange,
  formatIsoDate,
  holdsALesson,
  type MinuteWindow,
  normaliseLessonLengths,
  poolRateCents,
  sydneyMinutesOf,
  sydneyTodayDate,
  windowsOverlap,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import type { UnitOfWork } from "../../unit-of-work.ts";
import {
  enqueueClashesResolved,
  enqueueLessonClashes,
  listFutureScheduledLessons,
  openClashLessonIds,
  toInstructorLesson,
} from "../lessons/index.ts";
import * as repo from "./availability.instructor.repository.ts";
import { affectedWarning, conflictReasons } from "./working-hours.ts";

type ExceptionRow = Awaited<ReturnType<typeof repo.listExceptionsFrom>>[number];

function toException(row: ExceptionRow): AvailabilityException {
  return {
    id: row.id,
    date: row.date,
    kind: row.kind,
    start: row.startMinute === null ? null : minutesToTime(row.startMinute),
    end: row.endMinute === null ? null : minutesToTime(row.endMinute),
    note: row.note,
  };
}

const showRule = (r: { weekday: number; startMinute: number; endMinute: number }) => ({
  weekday: r.weekday,
  start: minutesToTime(r.startMinute),
  end: minutesToTime(r.endMinute),
});

/** The note of leave days when the instructor gives none. */
const LEAVE_NOTE = "Leave";

const refuse = (path: string, message: string) =>
  new AppError("validation_error", message, [{ path, message }]);

const clock = (w: MinuteWindow) => `${minutesToTime(w.startMinute)}–${minutesToTime(w.endMinute)}`;

function windowOfRow(row: { startMinute: number | null; endMinute: number | null }): MinuteWindow | null {
  return row.startMinute !== null && row.endMinute !== null
    ? { startMinute: row.startMinute, endMinute: row.endMinute }
    : null;
}

/**
 * One date's overrides must make sense together: a whole day off stands alone; two time-off windows,
 * or two extra-hours windows, never overlap; and time off may not lie over extra hours, where it would
 * change nothing (extra hours win, rules/working-hours.ts). Extra hours over time off are fine: that is
 * how an instructor works an hour of an afternoon they took off.
 */
function refuseClash(
  date: string,
  kind: "CLOSED" | "OPEN",
  window: MinuteWindow | null,
  sameDay: Array<{ kind: "CLOSED" | "OPEN"; startMinute: number | null; endMinute: number | null }>,
) {
  const day = formatIsoDate(date);
  if (sameDay.some((e) => e.kind === "CLOSED" && windowOfRow(e) === null)) {
    throw new AppError("conflict", `${day} is already a day off; remove that first to change it`);
  }
  if (!window) {
    if (sameDay.length > 0) {
      throw new AppError(
        "conflict",
        `${day} already has time off or extra hours; remove them first to take the day off`,
      );
    }
    return;
  }
  for (const other of sameDay) {
    const otherWindow = windowOfRow(other);
    if (!otherWindow || !windowsOverlap(otherWindow, window)) continue;
    if (other.kind === kind) {
      const at = `${day} (${clock(otherWindow)})`;
      throw new AppError(
        "invalid_range",
        kind === "OPEN"
          ? `These extra hours overlap extra hours already set for ${at}`
          : `This time off overlaps time off already set for ${at}`,
      );
    }
    if (kind === "CLOSED") {
      throw new AppError(
        "invalid_range",
        `This time off overlaps extra hours set for ${day} (${clock(otherWindow)}); remove or change those instead`,
      );
    }
  }
}

export function createInstructorAvailabilityService(ctx: AppContext) {
  /** Hours and overrides change what students can book: audited in the change's transaction. */
  function audit(uow: UnitOfWork, instructorId: string, action: string, details: Record<string, unknown>) {
    return uow.audit({
      actorId: instructorId,
      action,
      targetType: "instructor",
      targetId: instructorId,
      details,
      createdAt: ctx.now(),
    });
  }

  /**
   * An override must still change something: not dated before today in Sydney, and today only when its
   * window has not ended (a whole day off today is fine: it takes off the hours still to come). Extra
   * hours today must leave room for a lesson starting from the next hour on.
   */
  function refusePastOverride(date: string, kind: "CLOSED" | "OPEN", window: MinuteWindow | null) {
    const now = ctx.now();
    const today = sydneyTodayDate(now);
    if (date < today) throw refuse("date", "The date cannot be in the past");
    if (date > today || !window) return;
    const nowMinute = sydneyMinutesOf(now);
    if (window.endMinute <= nowMinute) {
      throw refuse(
        "end",
        `These hours have already passed today (it is ${minutesToTime(nowMinute)} in Sydney)`,
      );
    }
    const rest = { startMinute: Math.max(window.startMinute, nowMinute), endMinute: window.endMinute };
    if (kind === "OPEN" && !holdsALesson(date, rest)) {
      throw refuse("end", `What is left of these hours today is ${TOO_SHORT_FOR_A_LESSON}`);
    }
  }

  async function loadAvailability(db: Executor, instructorId: string) {
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
   * hears it is resolved; the outbox's dedupe keys make each clash told once (notifications/clash-notices).
   * Suburb and pool settings conflicts are the instructor's to sort out and are not emailed.
   */
  async function tellStudentsOfClashes(uow: UnitOfWork, instructorId: string) {
    const now = ctx.now();
    const conflicts = await conflictsOf(instructorId, await loadAvailability(uow.tx, instructorId), uow.tx);
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
  async function afterChange(instructorId: string): Promise<AvailabilityChangeResponse> {
    const loaded = await loadAvailability(ctx.db, instructorId);
    const affectedBookings = await conflictsOf(instructorId, loaded);
    return {
      availability: present(loaded, affectedBookings),
      affectedBookings,
      warning: affectedWarning(affectedBookings.length),
    };
  }

  return {
    afterChange,

    async getAvailability(instructorId: string): Promise<InstructorAvailability> {
      const loaded = await loadAvailability(ctx.db, instructorId);
      return present(loaded, await conflictsOf(instructorId, loaded));
    },

    async replaceWeekly(
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
        await audit(uow, instructorId, "availability.hours_replace", {
          before: before.map(showRule),
          after: rules.map(showRule),
        });
        await tellStudentsOfClashes(uow, instructorId);
      });
      return afterChange(instructorId);
    },

    async addException(
      instructorId: string,
      input: { date: string; kind: "CLOSED" | "OPEN"; start?: string; end?: string; note?: string },
    ): Promise<AvailabilityChangeResponse> {
      const window: MinuteWindow | null =
        input.start && input.end
          ? { startMinute: timeToMinutes(input.start), endMinute: timeToMinutes(input.end) }
          : null;
      refusePastOverride(input.date, input.kind, window);
      await ctx.transact(async (uow) => {
        const { tx } = uow;
        refuseClash(
          input.date,
          input.kind,
          window,
          await repo.listExceptionsOn(tx, instructorId, input.date),
        );
        const added = await repo.insertException(tx, {
          instructorId,
          date: input.date,
          kind: input.kind,
          startMinute: window?.startMinute ?? null,
          endMinute: window?.endMinute ?? null,
          note: input.note && input.note.length > 0 ? input.note : null,
        });
        if (added) {
          await audit(uow, instructorId, "availability.override_add", {
            before: null,
            after: toException(added),
          });
        }
        await tellStudentsOfClashes(uow, instructorId);
      });
      return afterChange(instructorId);
    },

    /**
     * Leave: a whole day off for each date of the range, in one transaction, audited once. Dates that
     * are whole days off already are skipped; dates with time off or extra hours get the day off too
     * (it wins over them, and they come back if that day off is removed). Students of lessons it
     * clashes with are told, as for a single day off.
     */
    async addLeave(
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
        await audit(uow, instructorId, "availability.leave_add", {
          before: null,
          after: { startDate: input.startDate, endDate: input.endDate, note, added, skipped },
        });
        await tellStudentsOfClashes(uow, instructorId);
        return { added, skipped };
      });
      return { ...(await afterChange(instructorId)), leave };
    },

    async removeException(instructorId: string, exceptionId: string): Promise<AvailabilityChangeResponse> {
      await ctx.transact(async (uow) => {
        const { tx } = uow;
        const removed = await repo.deleteOwnException(tx, instructorId, exceptionId);
        if (!removed) throw new AppError("not_found", "Availability exception not found");
        await audit(uow, instructorId, "availability.override_remove", {
          before: toException(removed),
          after: null,
        });
        await tellStudentsOfClashes(uow, instructorId);
      });
      return afterChange(instructorId);
    },
  };
}

/**
 * The instructor's availability after a change made elsewhere (their suburbs, pool opt-in or rate),
 * with the lessons that no longer fit it.
 */
export const availabilityAfterChange = (ctx: AppContext, instructorId: string) =>
  createInstructorAvailabilityService(ctx).afterChange(instructorId);
