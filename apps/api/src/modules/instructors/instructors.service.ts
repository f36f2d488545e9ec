import { randomBytes } from "node:crypto";
import type {
  InstructorDashboard,
  InstructorEarnings,
  InstructorLesson,
  InstructorLessonsPage,
  InstructorProfile,
  LessonActionResponse,
  LessonCancellationResponse,
} from "@kerb/shared";
import {
  centsToDollars,
  formatSydneyDate,
  formatSydneyTime,
  instructorCompliance,
  isExpiringSoon,
  poolRateCents,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { cancelLessonWithRefund } from "../lessons/lesson-cancellation.ts";
import { postLessonEarned } from "../ledger/post-journal.ts";
import { summarizeEarnings } from "./earnings.ts";
import * as availabilityRepo from "./instructor-availability.repository.ts";
import * as repo from "./instructors.repository.ts";
import { sydneyDay, sydneyMonth, sydneyWeek } from "./sydney-periods.ts";

/** Lessons that count on the dashboard: booked and paid (SCHEDULED) or taught (COMPLETED). */
const COUNTED_STATUSES: Array<"SCHEDULED" | "COMPLETED"> = ["SCHEDULED", "COMPLETED"];
const DASHBOARD_UPCOMING = 5;

export function toInstructorLesson(row: repo.LessonRow): InstructorLesson {
  return {
    id: row.id,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    status: row.status,
    price: centsToDollars(row.priceCents),
    isPoolHours: row.isPoolHours,
    suburb: row.suburb,
    pickupLocation: row.pickupLocation,
    paidWithBundle: row.bundleId !== null,
    completedAt: row.completedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelledBy: row.cancelledBy,
    refund: row.refundCents === null ? null : centsToDollars(row.refundCents),
    student: row.student,
  };
}

export function calendarFeedPath(token: string) {
  return `/api/calendar/${token}.ics`;
}

export function createInstructorService(ctx: AppContext) {
  async function requireInstructor(instructorId: string) {
    const instructor = await repo.findInstructor(ctx.db, instructorId);
    if (!instructor) throw new AppError("not_found", "Instructor profile not found");
    return instructor;
  }

  async function requireLesson(instructorId: string, lessonId: string) {
    const lesson = await repo.findLesson(ctx.db, instructorId, lessonId);
    if (!lesson) throw new AppError("not_found", "Lesson not found");
    return lesson;
  }

  async function recordOutcome(
    instructorId: string,
    lessonId: string,
    status: "COMPLETED" | "NO_SHOW",
  ): Promise<LessonActionResponse> {
    const now = ctx.now();
    const done = await ctx.transact(async (uow) => {
      const { tx } = uow;
      const marked = await repo.markLessonOutcome(tx, { instructorId, lessonId, status, now });
      // Completed or no-show decides what the instructor earns: audited with the change.
      if (marked) {
        await postLessonEarned(uow, lessonId, status);
        await uow.audit({
          actorId: instructorId,
          action: status === "COMPLETED" ? "booking.complete" : "booking.no_show",
          targetType: "booking",
          targetId: lessonId,
          details: { before: { status: "SCHEDULED" }, after: { status } },
          createdAt: now,
        });
      }
      return marked;
    });
    const lesson = await requireLesson(instructorId, lessonId);
    if (done) return { lesson: toInstructorLesson(lesson) };
    const verb = status === "COMPLETED" ? "completed" : "a no-show";
    if (lesson.status !== "SCHEDULED") {
      throw new AppError(
        "invalid_state",
        `Only scheduled lessons can be marked ${verb}; this lesson is ${lesson.status.toLowerCase().replace("_", " ")}`,
        { status: lesson.status },
      );
    }
    throw new AppError(
      "invalid_state",
      `This lesson can be marked ${verb} once it has ended, at ${formatSydneyTime(lesson.endTime)} on ` +
        `${formatSydneyDate(lesson.endTime)}`,
      { endTime: lesson.endTime.toISOString() },
    );
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
        repo.listLessonsStartingBetween(ctx.db, instructorId, { ...day, statuses: COUNTED_STATUSES }),
        repo.countLessonsStartingBetween(ctx.db, instructorId, { ...week, statuses: COUNTED_STATUSES }),
        repo.completedLessonsByMonthAndPrice(ctx.db, instructorId, month),
        repo.listFutureScheduledLessons(ctx.db, instructorId, now, DASHBOARD_UPCOMING),
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
        todaysSchedule: todays.map(toInstructorLesson),
        upcoming: upcoming.map(toInstructorLesson),
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

    async listLessons(
      instructorId: string,
      query: { scope: "upcoming" | "past"; page: number; pageSize: number },
    ): Promise<InstructorLessonsPage> {
      const { rows, total } = await repo.listLessonsPage(ctx.db, instructorId, {
        scope: query.scope,
        now: ctx.now(),
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: rows.map(toInstructorLesson), total, page: query.page, pageSize: query.pageSize };
    },

    completeLesson: (instructorId: string, lessonId: string) =>
      recordOutcome(instructorId, lessonId, "COMPLETED"),

    markNoShow: (instructorId: string, lessonId: string) => recordOutcome(instructorId, lessonId, "NO_SHOW"),

    async cancelLesson(instructorId: string, lessonId: string): Promise<LessonCancellationResponse> {
      const now = ctx.now();
      const result = await ctx.transact(async (uow) => {
        const { tx } = uow;
        // Ownership first, under lock: another instructor's lesson is "not found", never "forbidden".
        if (!(await repo.lockOwnLesson(tx, instructorId, lessonId))) {
          throw new AppError("not_found", "Lesson not found");
        }
        const cancelled = await cancelLessonWithRefund(uow, {
          bookingId: lessonId,
          cancelledBy: "INSTRUCTOR",
          now,
          appUrl: publicOrigin(ctx.env),
        });
        await uow.audit({
          actorId: instructorId,
          action: "booking.cancel",
          targetType: "booking",
          targetId: lessonId,
          details: {
            cancelledBy: "INSTRUCTOR",
            refundCents: cancelled.refundCents,
            bundleCreditReturned: cancelled.bundleCreditReturned,
          },
          createdAt: now,
        });
        return cancelled;
      });
      const lesson = await requireLesson(instructorId, lessonId);
      return {
        lesson: toInstructorLesson(lesson),
        refund: centsToDollars(result.refundCents),
        bundleCreditReturned: result.bundleCreditReturned,
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
