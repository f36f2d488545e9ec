import type { AvailabilityChangeResponse, InstructorDashboard, InstructorProfile } from "@kerb/shared";
import {
  centsToDollars,
  dollarsToCents,
  instructorCompliance,
  isExpiringSoon,
  poolRateCents,
  SCHEDULING_FIELDS,
  type SchedulingSettings,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { availabilityAfterChange } from "../availability/index.ts";
import * as lessons from "../lessons/index.ts";
import { netEarningsCents } from "../payouts/index.ts";
import * as repo from "./instructors.repository.ts";
import { updateInstructorSettings } from "./instructors.writes.ts";
import { sydneyDay, sydneyMonth, sydneyWeek } from "./sydney-periods.ts";

/** Lessons that count on the dashboard: booked and paid (SCHEDULED) or taught (COMPLETED). */
const COUNTED_STATUSES: Array<"SCHEDULED" | "COMPLETED"> = ["SCHEDULED", "COMPLETED"];
const DASHBOARD_UPCOMING = 5;

/** The settings saved as one "how I teach" change: scheduling (rules/scheduling.ts) and lesson lengths. */
type HowITeach = SchedulingSettings & { lessonLengths: number[] };
const HOW_I_TEACH_FIELDS = [...SCHEDULING_FIELDS, "lessonLengths"] as const satisfies ReadonlyArray<
  keyof HowITeach
>;

export function createInstructorService(ctx: AppContext) {
  async function requireInstructor(instructorId: string) {
    const instructor = await repo.findInstructor(ctx.db, instructorId);
    if (!instructor) throw new AppError("not_found", "Instructor profile not found");
    return instructor;
  }

  return {
    async getProfile(instructorId: string): Promise<InstructorProfile> {
      const [instructor, bookings] = await Promise.all([
        repo.findInstructor(ctx.db, instructorId),
        repo.listInstructorBookings(ctx.db, instructorId),
      ]);
      if (!instructor) throw new AppError("not_found", "Instructor profile not found");
      const { standardRateCents, ...rest } = instructor;
      return {
        ...rest,
        standardRate: centsToDollars(standardRateCents),
        poolRate: centsToDollars(poolRateCents(standardRateCents)),
        bookings: bookings.map(({ priceCents, startTime, endTime, completedAt, ...b }) => ({
          ...b,
          startTime: startTime.toISOString(),
          endTime: endTime.toISOString(),
          completedAt: completedAt?.toISOString() ?? null,
          price: centsToDollars(priceCents),
        })),
      };
    },

    async getDashboard(instructorId: string): Promise<InstructorDashboard> {
      const now = ctx.now();
      const day = sydneyDay(now);
      const week = sydneyWeek(now);
      const month = sydneyMonth(now);
      const [instructor, todays, weekCount, monthlyNetCents, upcoming] = await Promise.all([
        requireInstructor(instructorId),
        lessons.listLessonsStartingBetween(ctx.db, instructorId, { ...day, statuses: COUNTED_STATUSES }),
        lessons.countLessonsStartingBetween(ctx.db, instructorId, { ...week, statuses: COUNTED_STATUSES }),
        netEarningsCents(ctx.db, instructorId, month),
        lessons.listFutureScheduledLessons(ctx.db, instructorId, now, DASHBOARD_UPCOMING),
      ]);
      const compliance = instructorCompliance(instructor, day.date);
      return {
        firstName: instructor.firstName,
        today: day.date,
        month: month.month,
        tiles: {
          todaysLessons: todays.length,
          thisWeek: weekCount,
          // The same computation as GET /earnings, for this month: the tile equals that month's net.
          monthlyEarnings: centsToDollars(monthlyNetCents),
          standardRate: centsToDollars(instructor.standardRateCents),
          // No pool rate for an instructor who does not teach pool hours.
          poolRate: instructor.poolOptIn ? centsToDollars(poolRateCents(instructor.standardRateCents)) : null,
        },
        todaysSchedule: todays.map(lessons.toInstructorLesson),
        upcoming: upcoming.map(lessons.toInstructorLesson),
        details: {
          languages: instructor.languages,
          suburbs: instructor.suburbs,
          vehicleType: instructor.vehicleType,
          poolOptIn: instructor.poolOptIn,
          verificationStatus: instructor.verificationStatus,
        },
        compliance: {
          verificationStatus: instructor.verificationStatus,
          licenseExpiresOn: instructor.licenseExpiresOn,
          wwcExpiresOn: instructor.wwcExpiresOn,
          isListed: compliance.isListed,
          reasons: compliance.reasons,
          licenseExpiringSoon: isExpiringSoon(instructor.licenseExpiresOn, day.date),
          wwcExpiringSoon: isExpiringSoon(instructor.wwcExpiresOn, day.date),
        },
      };
    },

    /**
     * Suburbs, pool opt-in and rate: each change audited (one entry per kind, so the log can be filtered
     * by rate or pool opt-in). Booked lessons are never cancelled: the answer is the availability with
     * those that no longer fit.
     */
    async updateSettings(
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
        ...(input.standardRate === undefined
          ? {}
          : { standardRateCents: dollarsToCents(input.standardRate) }),
        // Scheduling settings apply to what is booked from now on: booked lessons are not re-checked.
        ...scheduling,
      };
      await ctx.transact(async (uow) => {
        const { tx } = uow;
        const before = await repo.lockSettings(tx, instructorId);
        if (!before) throw new AppError("not_found", "Instructor profile not found");
        await updateInstructorSettings(tx, instructorId, patch);
        const audit = (action: string, details: Record<string, unknown>) =>
          uow.audit({
            actorId: instructorId,
            action,
            targetType: "instructor",
            targetId: instructorId,
            details,
            createdAt: ctx.now(),
          });
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
      return availabilityAfterChange(ctx, instructorId);
    },
  };
}
