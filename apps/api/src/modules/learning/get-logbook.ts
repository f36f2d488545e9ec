import type { StudentLogbook } from "@kerb/shared";
import { LOGBOOK_REQUIRED_HOURS, LOGBOOK_REQUIRED_NIGHT_HOURS } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { logbook } from "./learner-journey.ts";

export async function getLogbook(ctx: AppContext, studentId: string): Promise<StudentLogbook> {
  const { learner, lessons, outsideLessons, saferDriversCourse, totals } = await logbook(ctx, studentId);
  return {
    dateOfBirth: learner.dateOfBirth,
    requiredMinutes: LOGBOOK_REQUIRED_HOURS * 60,
    requiredNightMinutes: LOGBOOK_REQUIRED_NIGHT_HOURS * 60,
    totals,
    lessons: lessons.map((l) => ({
      ...l,
      startTime: l.startTime.toISOString(),
      endTime: l.endTime.toISOString(),
    })),
    outsideLessons,
    saferDriversCourse,
  };
}
