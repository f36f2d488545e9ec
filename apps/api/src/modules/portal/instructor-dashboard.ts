/**
 * The instructor's dashboard: today's lessons, the week's count, the month's net earnings, rates and
 * listing details; a driving-test package among the lessons says so, with its centre and test time. A
 * screen's read model over several owners (instructors, lessons, payouts, test packages); it owns no table.
 */
import type { InstructorDashboard } from "@kerb/shared";
import { centsToDollars, instructorCompliance, isExpiringSoon, poolRateCents } from "@kerb/shared/rules";
import { findInstructorOrThrow, sydneyDay, sydneyMonth, sydneyWeek } from "../instructors/index.ts";
import * as lessons from "../lessons/index.ts";
import { netEarningsCents } from "../payouts/index.ts";
import { testPackSummariesOf } from "../test-packages/index.ts";
import type { PortalContext } from "./portal-context.ts";

/** Lessons that count on the dashboard: booked and paid (SCHEDULED) or taught (COMPLETED). */
const COUNTED_STATUSES: Array<"SCHEDULED" | "COMPLETED"> = ["SCHEDULED", "COMPLETED"];
const DASHBOARD_UPCOMING = 5;

export async function getInstructorDashboard(
  ctx: PortalContext,
  instructorId: string,
): Promise<InstructorDashboard> {
  const now = ctx.now();
  const day = sydneyDay(now);
  const week = sydneyWeek(now);
  const month = sydneyMonth(now);
  const [instructor, todays, weekCount, monthlyNetCents, upcoming] = await Promise.all([
    findInstructorOrThrow(ctx.db, instructorId),
    lessons.listLessonsStartingBetween(ctx.db, instructorId, { ...day, statuses: COUNTED_STATUSES }),
    lessons.countLessonsStartingBetween(ctx.db, instructorId, { ...week, statuses: COUNTED_STATUSES }),
    netEarningsCents(ctx.db, instructorId, month),
    lessons.listFutureScheduledLessons(ctx.db, instructorId, now, DASHBOARD_UPCOMING),
  ]);
  const packs = await testPackSummariesOf(
    ctx.db,
    [...todays, ...upcoming].map((row) => row.id),
  );
  const shown = (row: (typeof todays)[number]) => ({
    ...lessons.toInstructorLesson(row),
    testPack: packs.get(row.id) ?? null,
  });
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
    todaysSchedule: todays.map(shown),
    upcoming: upcoming.map(shown),
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
}
