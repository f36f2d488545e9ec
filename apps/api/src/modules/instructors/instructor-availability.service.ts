import {
  type AvailabilityChangeResponse,
  type AvailabilityException,
  type InstructorAvailability,
  minutesToTime,
  timeToMinutes,
} from "@kerb/shared";
import {
  centsToDollars,
  dollarsToCents,
  formatIsoDate,
  type MinuteWindow,
  poolRateCents,
  sydneyTodayDate,
  windowsOverlap,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./instructor-availability.repository.ts";
import * as lessonsRepo from "./instructors.repository.ts";
import { toInstructorLesson } from "./instructors.service.ts";
import { affectedWarning, conflictReasons, type Window } from "./working-hours.ts";

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

export function createInstructorAvailabilityService(ctx: AppContext) {
  async function loadAvailability(db: Executor, instructorId: string) {
    const today = sydneyTodayDate(ctx.now());
    const [settings, rules, exceptions] = await Promise.all([
      repo.findSettings(db, instructorId),
      repo.listRules(db, instructorId),
      repo.listExceptionsFrom(db, instructorId, today),
    ]);
    if (!settings) throw new AppError("not_found", "Instructor profile not found");
    return { settings, rules, exceptions };
  }

  function present(loaded: Awaited<ReturnType<typeof loadAvailability>>): InstructorAvailability {
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
    };
  }

  /**
   * The availability after a change, with every future SCHEDULED lesson that no longer fits it. Those
   * lessons are reported, never cancelled: a paid lesson is only cancelled by an explicit action.
   */
  async function afterChange(instructorId: string): Promise<AvailabilityChangeResponse> {
    const loaded = await loadAvailability(ctx.db, instructorId);
    const lessons = await lessonsRepo.listFutureScheduledLessons(ctx.db, instructorId, ctx.now());
    const snapshot = {
      rules: loaded.rules,
      exceptions: loaded.exceptions,
      suburbs: loaded.settings.suburbs,
      poolOptIn: loaded.settings.poolOptIn,
    };
    const affectedBookings = lessons.flatMap((lesson) => {
      const reasons = conflictReasons(lesson, snapshot);
      return reasons.length > 0 ? [{ ...toInstructorLesson(lesson), reasons }] : [];
    });
    return {
      availability: present(loaded),
      affectedBookings,
      warning: affectedWarning(affectedBookings.length),
    };
  }

  return {
    async getAvailability(instructorId: string): Promise<InstructorAvailability> {
      return present(await loadAvailability(ctx.db, instructorId));
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
      await ctx.db.transaction((tx) => repo.replaceRules(tx, instructorId, rules));
      return afterChange(instructorId);
    },

    async addException(
      instructorId: string,
      input: { date: string; kind: "CLOSED" | "OPEN"; start?: string; end?: string; note?: string },
    ): Promise<AvailabilityChangeResponse> {
      const today = sydneyTodayDate(ctx.now());
      if (input.date < today) {
        throw new AppError("validation_error", "The date cannot be in the past", [
          { path: "date", message: "The date cannot be in the past" },
        ]);
      }
      const window: Window | null =
        input.kind === "OPEN" && input.start && input.end
          ? [timeToMinutes(input.start), timeToMinutes(input.end)]
          : null;
      await ctx.db.transaction(async (tx) => {
        const sameDay = await repo.listExceptionsOn(tx, instructorId, input.date);
        if (sameDay.some((e) => e.kind === "CLOSED")) {
          throw new AppError(
            "conflict",
            `${formatIsoDate(input.date)} is already a day off; remove that first to change it`,
          );
        }
        if (input.kind === "CLOSED" && sameDay.length > 0) {
          throw new AppError(
            "conflict",
            `${formatIsoDate(input.date)} already has different hours; remove them first to take the day off`,
          );
        }
        if (window) {
          const wanted = { startMinute: window[0], endMinute: window[1] };
          const open: MinuteWindow[] = sameDay.flatMap((e) =>
            e.startMinute !== null && e.endMinute !== null
              ? [{ startMinute: e.startMinute, endMinute: e.endMinute }]
              : [],
          );
          // The shared overlap rule of working hours (touching hours are fine).
          if (open.some((w) => windowsOverlap(w, wanted))) {
            throw new AppError(
              "invalid_range",
              `These hours overlap hours already set for ${formatIsoDate(input.date)}`,
            );
          }
        }
        await repo.insertException(tx, {
          instructorId,
          date: input.date,
          kind: input.kind,
          startMinute: window?.[0] ?? null,
          endMinute: window?.[1] ?? null,
          note: input.note && input.note.length > 0 ? input.note : null,
        });
      });
      return afterChange(instructorId);
    },

    async removeException(instructorId: string, exceptionId: string): Promise<AvailabilityChangeResponse> {
      if (!(await repo.deleteOwnException(ctx.db, instructorId, exceptionId))) {
        throw new AppError("not_found", "Availability exception not found");
      }
      return afterChange(instructorId);
    },

    async updateSettings(
      instructorId: string,
      input: { poolOptIn?: boolean; suburbs?: string[]; standardRate?: number },
    ): Promise<AvailabilityChangeResponse> {
      await repo.updateSettings(ctx.db, instructorId, {
        ...(input.poolOptIn === undefined ? {} : { poolOptIn: input.poolOptIn }),
        ...(input.suburbs === undefined ? {} : { suburbs: input.suburbs }),
        // A new rate applies to future bookings only: booked lessons keep the price that was paid.
        ...(input.standardRate === undefined
          ? {}
          : { standardRateCents: dollarsToCents(input.standardRate) }),
      });
      return afterChange(instructorId);
    },
  };
}
