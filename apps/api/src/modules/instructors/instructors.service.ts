import { randomBytes } from "node:crypto";
import type { InstructorDashboard, InstructorEarnings, InstructorProfile } from "@kerb/shared";
import { centsToDollars, instructorCompliance, isExpiringSoon, poolRateCents } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import * as lessons from "../lessons/index.ts";
import { summarizeEarnings } from "./earnings.ts";
import * as availabilityRepo from "./instructor-availability.repository.ts";
import * as repo from "./instructors.repository.ts";
import { sydneyDay, sydneyMonth, sydneyWeek } from "./sydney-periods.ts";

/** Lessons that count on the dashboard: booked and paid (SCHEDULED) or taught (COMPLETED). */
const COUNTED_STATUSES: Array<"SCHEDULED" | "COMPLETED"> = ["SCHEDULED", "COMPLETED"];
const DASHBOARD_UPCOMING = 5;

export function calendarFeedPath(token: string) {
  return `/api/calendar/${token}.ics`;
}

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
      const [instructor, todays, weekCount, monthGroups, upcoming] = await Promise.all([
        requireInstructor(instructorId),
        lessons.listLessonsStartingBetween(ctx.db, instructorId, { ...day, statuses: COUNTED_STATUSES }),
        lessons.countLessonsStartingBetween(ctx.db, instructorId, { ...week, statuses: COUNTED_STATUSES }),
        repo.completedLessonsByMonthAndPrice(ctx.db, instructorId, month),
        lessons.listFutureScheduledLessons(ctx.db, instructorId, now, DASHBOARD_UPCOMING),
      ]);
      // Same computation as GET /earnings, restricted to this month: the tile equals that month's net.
      const earned = summarizeEarnings(monthGroups).totals;
      const compliance = instructorCompliance(instructor, day.date);
      return {
        firstName: instructor.firstName,
        today: day.date,
        month: month.month,
        tiles: {
          todaysLessons: todays.length,
          thisWeek: weekCount,
          monthlyEarnings: centsToDollars(earned.netCents),
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

    async getEarnings(instructorId: string): Promise<InstructorEarnings> {
      const groups = await repo.completedLessonsByMonthAndPrice(ctx.db, instructorId);
      const { months, totals } = summarizeEarnings(groups);
      const dollars = (e: {
        lessons: number;
        grossCents: number;
        platformFeeCents: number;
        netCents: number;
      }) => ({
        lessons: e.lessons,
        gross: centsToDollars(e.grossCents),
        platformFee: centsToDollars(e.platformFeeCents),
        net: centsToDollars(e.netCents),
      });
      return { months: months.map((m) => ({ month: m.month, ...dollars(m) })), totals: dollars(totals) };
    },

    async getCalendarToken(instructorId: string) {
      const settings = await availabilityRepo.findSettings(ctx.db, instructorId);
      if (!settings) throw new AppError("not_found", "Instructor profile not found");
      return { url: settings.calendarToken ? calendarFeedPath(settings.calendarToken) : null };
    },

    /** A new secret each time: rotating invalidates the previous feed URL at once. */
    async rotateCalendarToken(instructorId: string) {
      await requireInstructor(instructorId);
      const token = randomBytes(32).toString("base64url");
      await availabilityRepo.setCalendarToken(ctx.db, instructorId, token);
      return { url: calendarFeedPath(token) };
    },

    async revokeCalendarToken(instructorId: string) {
      await requireInstructor(instructorId);
      await availabilityRepo.setCalendarToken(ctx.db, instructorId, null);
      return { ok: true as const };
    },
  };
}
