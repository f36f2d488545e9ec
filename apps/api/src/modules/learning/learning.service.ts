/**
 * The learner's own view of their journey (issue 23): the assessment kept with their account, their
 * progress from the lesson records, and their NSW logbook (rules/logbook.ts) as JSON and as a PDF.
 * Every use case takes the learner's id, so a later reader (a guardian's view) calls the same ones.
 */
import {
  assessmentDateIssues,
  type StudentAssessmentResponse,
  type StudentLogbook,
  type StudentProgress,
  type studentAssessmentRequest,
} from "@kerb/shared";
import {
  formatSydneyDate,
  isFocusSkill,
  LOGBOOK_REQUIRED_HOURS,
  LOGBOOK_REQUIRED_NIGHT_HOURS,
  logbookTotals,
  skillProgress,
  sydneyDateOf,
  sydneyTodayDate,
  whatToWorkOnNext,
} from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { kerbSupplier } from "../../lib/supplier.ts";
import * as repo from "./learning.repository.ts";
import { renderLogbookPdf } from "./logbook-pdf.ts";

type AssessmentInput = z.output<typeof studentAssessmentRequest>;

/** How many lesson records the progress page shows. */
const RECENT_RECORDS = 5;

const focusSkillsOf = (row: repo.LearnerRow) => (row.focusSkills ?? []).filter(isFocusSkill);

function toAssessment(row: repo.LearnerRow): StudentAssessmentResponse {
  return {
    experienceLevel: row.experienceLevel,
    licenseType: row.licenseType,
    targetTestDate: row.targetTestDate,
    focusSkills: focusSkillsOf(row),
    assessedAt: row.assessedAt?.toISOString() ?? null,
    dateOfBirth: row.dateOfBirth,
  };
}

export function createLearningService(ctx: AppContext) {
  async function requireLearner(studentId: string) {
    const learner = await repo.findLearner(ctx.db, studentId);
    if (!learner) throw new AppError("not_found", "We could not find your profile");
    return learner;
  }

  async function logbook(studentId: string) {
    const [learner, rows] = await Promise.all([
      requireLearner(studentId),
      repo.listLogbookLessons(ctx.db, studentId),
    ]);
    const credited = logbookTotals(
      rows.map((row) => ({ ...row, start: row.startTime, end: row.endTime })),
      { dateOfBirth: learner.dateOfBirth, asOf: ctx.now() },
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
      confirmed: c.lesson.logbookConfirmedAt !== null,
    }));
    return { learner, lessons, totals: credited.totals };
  }

  return {
    async getAssessment(studentId: string): Promise<StudentAssessmentResponse> {
      return toAssessment(await requireLearner(studentId));
    },

    /**
     * Keeps the assessment (the booking wizard's answers when the student books, or the account page's
     * edit): a test date in the past, or a date of birth in the future or under MIN_LEARNER_AGE, is a
     * 400 validation_error naming the field (judged on today's Sydney date).
     */
    async saveAssessment(studentId: string, input: AssessmentInput): Promise<StudentAssessmentResponse> {
      const now = ctx.now();
      const issues = assessmentDateIssues(input, sydneyTodayDate(now));
      const [first] = issues;
      if (first) throw new AppError("validation_error", first.message, issues);
      const saved = await repo.saveAssessment(ctx.db, studentId, {
        experienceLevel: input.experienceLevel,
        licenseType: input.licenseType,
        targetTestDate: input.targetTestDate,
        focusSkills: input.focusSkills,
        assessedAt: now,
        ...(input.dateOfBirth === undefined ? {} : { dateOfBirth: input.dateOfBirth }),
      });
      if (!saved) throw new AppError("not_found", "We could not find your profile");
      return toAssessment(await requireLearner(studentId));
    },

    async getProgress(studentId: string): Promise<StudentProgress> {
      const [learner, records, completed] = await Promise.all([
        requireLearner(studentId),
        repo.listLearnerRecords(ctx.db, studentId),
        repo.completedLessonTotals(ctx.db, studentId),
      ]);
      const focusSkills = focusSkillsOf(learner);
      const focus = new Set<string>(focusSkills);
      // The table's jsonb was written through the shared schema: skills and levels are the spec's.
      const skillsOf = (row: (typeof records)[number]) =>
        row.skills.filter((s) => isFocusSkill(s.skill)) as StudentProgress["recentRecords"][number]["skills"];
      const progress = skillProgress(records.map((r) => ({ lessonStart: r.startTime, skills: skillsOf(r) })));
      return {
        focusSkills,
        targetTestDate: learner.targetTestDate,
        lessonsCompleted: completed.lessons,
        minutesCompleted: completed.minutes,
        skills: progress.map((p) => ({
          skill: p.skill,
          level: p.level,
          lastPractisedAt: p.lastPractisedAt?.toISOString() ?? null,
          lessons: p.lessons,
          isFocus: focus.has(p.skill),
        })),
        nextSteps: whatToWorkOnNext(progress, focusSkills),
        recentRecords: records.slice(0, RECENT_RECORDS).map((r) => ({
          bookingId: r.bookingId,
          startTime: r.startTime.toISOString(),
          endTime: r.endTime.toISOString(),
          instructor: r.instructor,
          skills: skillsOf(r),
          note: r.note,
          logbookConfirmed: r.logbookConfirmedAt !== null,
        })),
      };
    },

    async getLogbook(studentId: string): Promise<StudentLogbook> {
      const { learner, lessons, totals } = await logbook(studentId);
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
      };
    },

    /** The logbook's structured lessons as a PDF to copy into the paper or app logbook. */
    async logbookPdf(studentId: string): Promise<{ filename: string; pdf: Buffer }> {
      const { learner, lessons, totals } = await logbook(studentId);
      const now = ctx.now();
      const { supplier, isDemoSupplier } = kerbSupplier(ctx.env);
      const pdf = await renderLogbookPdf({
        issuer: supplier,
        isDemoIssuer: isDemoSupplier,
        learner: {
          name: `${learner.firstName} ${learner.lastName}`.trim(),
          dateOfBirth: learner.dateOfBirth,
        },
        preparedOn: formatSydneyDate(now),
        lessons,
        totals,
      });
      return { filename: `Kerb-logbook-${sydneyTodayDate(now)}.pdf`, pdf };
    },
  };
}
