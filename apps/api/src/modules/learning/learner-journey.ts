/**
 * The learner's own view of their journey (issue 23): the assessment kept with their account, their
 * progress from the lesson records, and their NSW logbook (rules/logbook.ts) as JSON and as a PDF.
 * Every use case takes the learner's id, so a later reader (a guardian's view) calls the same ones.
 */
import type { StudentAssessmentResponse } from "@kerb/shared";
import {
  isFocusSkill,
  LOGBOOK_RULES,
  logbookTotals,
  sydneyDateOf,
  testPackLogbookSpan,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./learning.repository.ts";

export const focusSkillsOf = (row: repo.LearnerRow) => (row.focusSkills ?? []).filter(isFocusSkill);

export function toAssessment(row: repo.LearnerRow): StudentAssessmentResponse {
  return {
    experienceLevel: row.experienceLevel,
    licenseType: row.licenseType,
    targetTestDate: row.targetTestDate,
    focusSkills: focusSkillsOf(row),
    assessedAt: row.assessedAt?.toISOString() ?? null,
    dateOfBirth: row.dateOfBirth,
  };
}

export async function requireLearner(ctx: AppContext, studentId: string) {
  const learner = await repo.findLearner(ctx.db, studentId);
  if (!learner) throw new AppError("not_found", "We could not find your profile");
  return learner;
}

/**
 * The learner's logbook (rules/logbook.ts): their completed lessons with a verified instructor (only
 * those the instructor confirmed count; of a test pack, its warm-up alone), the lessons they declared
 * from other schools and their Safer Drivers Course, each with the rule that credits it, and the totals
 * line by line.
 */
export async function logbook(ctx: AppContext, studentId: string) {
  const [learner, rows, outsideRows, course] = await Promise.all([
    requireLearner(ctx, studentId),
    repo.listLogbookLessons(ctx.db, studentId),
    repo.listOutsideLessons(ctx.db, studentId),
    repo.findSaferDriversCourse(ctx.db, studentId),
  ]);
  const credited = logbookTotals(
    rows.flatMap(({ testPack, ...row }) => {
      // A test pack's block is a lesson record for the calendar; only its warm-up was driven with the
      // instructor (the test is the examiner's, the drives are the instructor's travel).
      const span = testPack
        ? testPackLogbookSpan({ start: row.startTime, includesWarmUp: testPack.includesWarmUp })
        : { start: row.startTime, end: row.endTime };
      if (!span) return [];
      return [
        {
          ...row,
          startTime: span.start,
          endTime: span.end,
          start: span.start,
          end: span.end,
          confirmed: row.logbookConfirmedAt !== null,
        },
      ];
    }),
    {
      dateOfBirth: learner.dateOfBirth,
      asOf: ctx.now(),
      outsideLessons: outsideRows,
      saferDriversCourse: course,
    },
  );
  const lessons = credited.lessons.map((c) => ({
    bookingId: c.lesson.bookingId,
    date: sydneyDateOf(c.lesson.startTime),
    startTime: c.lesson.startTime,
    endTime: c.lesson.endTime,
    suburb: c.lesson.suburb,
    instructor: c.lesson.instructor,
    dayMinutes: c.dayMinutes,
    nightMinutes: c.nightMinutes,
    bonusMinutes: c.bonusMinutes,
    creditedDayMinutes: c.creditedDayMinutes,
    creditedNightMinutes: c.creditedNightMinutes,
    creditedMinutes: c.creditedDayMinutes + c.creditedNightMinutes,
    confirmed: c.lesson.confirmed,
    rule: c.rule,
  }));
  const outsideLessons = credited.outsideLessons.map((c) => ({
    ...c.outsideLesson,
    bonusMinutes: c.bonusMinutes,
    creditedMinutes: c.creditedDayMinutes + c.creditedNightMinutes,
    rule: c.rule,
  }));
  const totals = {
    ...credited.totals,
    lines: credited.totals.lines.map((line) => ({ ...line, text: LOGBOOK_RULES[line.rule] })),
    nightRule: LOGBOOK_RULES.NIGHT,
    requirementRule: LOGBOOK_RULES.REQUIREMENT,
  };
  return { learner, lessons, outsideLessons, saferDriversCourse: credited.saferDriversCourse, totals };
}
