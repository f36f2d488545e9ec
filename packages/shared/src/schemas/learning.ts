import { z } from "zod";
import {
  EXPERIENCE_LEVELS,
  FOCUS_SKILLS,
  LESSON_RECORD_MAX_SKILLS,
  LESSON_RECORD_NOTE_MAX_LENGTH,
  LICENSE_TYPES,
  MIN_LEARNER_AGE,
  SKILL_LEVELS,
} from "../constants.ts";
import {
  ageOn,
  LOGBOOK_CREDIT_RULES,
  LOGBOOK_DECLARATION_MAX_YEARS,
  OUTSIDE_LESSON_MAX_MINUTES,
} from "../rules/logbook.ts";
import { addDaysToDate, isValidIsoDate } from "../rules/sydney-time.ts";
import { calendarDate, safeText } from "./common.ts";
import { testPackSummary } from "./test-pack-outcomes.ts";

// Schemas of the learner's journey (issue 23): the assessment kept with the account, what each lesson
// taught (lesson records), the learner's progress and their NSW logbook.

export const focusSkill = z.enum(FOCUS_SKILLS, { error: `Choose skills from: ${FOCUS_SKILLS.join(", ")}` });
export const skillLevel = z.enum(SKILL_LEVELS, {
  error: "level must be INTRODUCED, PRACTISING or COMPETENT",
});

const eachOnce = (values: readonly string[]) => new Set(values).size === values.length;

// ---------------------------------------------------------------------------------------------------
// The assessment

export const PAST_TEST_DATE_MESSAGE = "Your test date can't be in the past.";
export const FUTURE_BIRTH_DATE_MESSAGE = "Your date of birth can't be in the future.";
export const TOO_YOUNG_MESSAGE = `Learners must be at least ${MIN_LEARNER_AGE}: check your date of birth.`;

/**
 * PUT /api/student/assessment: what the booking wizard asks (experience, licence type, target test
 * date, the skills to work on), kept with the account when the student books or edits it.
 */
export const studentAssessment = z.object({
  experienceLevel: z.enum(EXPERIENCE_LEVELS, {
    error: "Choose your experience: NEVER_DRIVEN, SOME_EXPERIENCE or FAILED_TEST",
  }),
  licenseType: z.enum(LICENSE_TYPES, { error: "Choose a licence type: AUTOMATIC or MANUAL" }),
  /** The Sydney date of the driving test, if booked; the server refuses one in the past. */
  targetTestDate: calendarDate.nullable().default(null),
  focusSkills: z
    .array(focusSkill)
    .max(FOCUS_SKILLS.length)
    .refine(eachOnce, "Choose each skill once")
    .default([]),
});
export type StudentAssessment = z.infer<typeof studentAssessment>;

/**
 * The assessment with the learner's date of birth (optional: the NSW logbook credit applies under 25).
 * Left out, the date of birth on record stays as it is; null removes it. The server refuses one in the
 * future or making the learner younger than MIN_LEARNER_AGE.
 */
export const studentAssessmentRequest = studentAssessment.extend({
  dateOfBirth: calendarDate.nullable().optional(),
});
export type StudentAssessmentRequest = z.input<typeof studentAssessmentRequest>;

/**
 * What `today` (a Sydney date) refuses in an assessment: a test date in the past, a date of birth in the
 * future or too recent. The server answers them as a validation error; the account form shows them.
 */
export function assessmentDateIssues(
  value: { targetTestDate?: string | null; dateOfBirth?: string | null },
  today: string,
): Array<{ path: "targetTestDate" | "dateOfBirth"; message: string }> {
  const issues: Array<{ path: "targetTestDate" | "dateOfBirth"; message: string }> = [];
  const { targetTestDate, dateOfBirth } = value;
  if (targetTestDate && targetTestDate < today) {
    issues.push({ path: "targetTestDate", message: PAST_TEST_DATE_MESSAGE });
  }
  if (dateOfBirth && isValidIsoDate(dateOfBirth) && isValidIsoDate(today)) {
    if (dateOfBirth > today) issues.push({ path: "dateOfBirth", message: FUTURE_BIRTH_DATE_MESSAGE });
    else if (ageOn(dateOfBirth, today) < MIN_LEARNER_AGE) {
      issues.push({ path: "dateOfBirth", message: TOO_YOUNG_MESSAGE });
    }
  }
  return issues;
}

/** The learner's assessment as their instructors see it on a lesson; null fields were never answered. */
export const learnerAssessment = z.object({
  experienceLevel: z.enum(EXPERIENCE_LEVELS).nullable(),
  licenseType: z.enum(LICENSE_TYPES).nullable(),
  targetTestDate: z.string().nullable(),
  focusSkills: z.array(focusSkill),
  /** When the learner last gave or edited it; null when only sign-up's answers are known. */
  assessedAt: z.string().nullable(),
});
export type LearnerAssessment = z.infer<typeof learnerAssessment>;

/** GET and PUT /api/student/assessment: the learner's own assessment and date of birth. */
export const studentAssessmentResponse = learnerAssessment.extend({
  dateOfBirth: z.string().nullable(),
});
export type StudentAssessmentResponse = z.infer<typeof studentAssessmentResponse>;

// ---------------------------------------------------------------------------------------------------
// Lesson records

export const lessonSkill = z.object({ skill: focusSkill, level: skillLevel });
export type LessonSkill = z.infer<typeof lessonSkill>;

/**
 * PUT /api/instructor/lessons/:id/record: what a completed lesson taught, from its instructor. Saving
 * again replaces the record. `confirmLogbook`: the instructor confirms it as a structured lesson for the
 * learner's NSW logbook.
 */
export const lessonRecordRequest = z.object({
  skills: z
    .array(lessonSkill)
    .min(1, "Record at least one skill")
    .max(LESSON_RECORD_MAX_SKILLS, `Record at most ${LESSON_RECORD_MAX_SKILLS} skills`)
    .refine((skills) => eachOnce(skills.map((s) => s.skill)), "Record each skill once"),
  note: safeText({ error: "note must be text" })
    .trim()
    .max(LESSON_RECORD_NOTE_MAX_LENGTH, `Keep the note to ${LESSON_RECORD_NOTE_MAX_LENGTH} characters`)
    .default(""),
  confirmLogbook: z.boolean({ error: "confirmLogbook must be true or false" }),
});
export type LessonRecordRequest = z.input<typeof lessonRecordRequest>;

/** A lesson's record as its instructor reads it back. */
export const lessonRecord = z.object({
  skills: z.array(lessonSkill),
  note: z.string(),
  /** When the instructor confirmed it as a structured lesson for the NSW logbook; null if not. */
  logbookConfirmedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LessonRecord = z.infer<typeof lessonRecord>;

// ---------------------------------------------------------------------------------------------------
// Progress

export const NEXT_STEP_REASONS = ["FOCUS", "IN_PROGRESS", "NOT_STARTED"] as const;

/** GET /api/student/progress (rules/progress.ts). Minutes are real lesson minutes. */
export const studentProgressResponse = z.object({
  /** From the learner's assessment: these stand out. */
  focusSkills: z.array(focusSkill),
  targetTestDate: z.string().nullable(),
  /** Completed lessons and their minutes; test packs are not lessons here (they are in testPacks). */
  lessonsCompleted: z.number().int(),
  minutesCompleted: z.number().int(),
  /** Every spec skill, in the spec's order, with the latest level recorded (by lesson date). */
  skills: z.array(
    z.object({
      skill: focusSkill,
      level: skillLevel.nullable(),
      lastPractisedAt: z.string().nullable(),
      lessons: z.number().int(),
      isFocus: z.boolean(),
    }),
  ),
  /** What to work on next, most pressing first; competent skills are left out. */
  nextSteps: z.array(
    z.object({
      skill: focusSkill,
      level: skillLevel.nullable(),
      isFocus: z.boolean(),
      reason: z.enum(NEXT_STEP_REASONS),
    }),
  ),
  /** The latest lesson records (up to 5), newest lesson first. */
  recentRecords: z.array(
    z.object({
      bookingId: z.uuid(),
      startTime: z.string(),
      endTime: z.string(),
      instructor: z.object({ firstName: z.string(), lastName: z.string() }),
      skills: z.array(lessonSkill),
      note: z.string(),
      logbookConfirmed: z.boolean(),
    }),
  ),
  /**
   * The learner's driving-test packages (issue 33), paid for and not cancelled, newest test first, with
   * the outcome their instructor recorded (null until then).
   */
  testPacks: z.array(testPackSummary),
});
export type StudentProgress = z.infer<typeof studentProgressResponse>;

// ---------------------------------------------------------------------------------------------------
// The NSW logbook

export const logbookCreditRule = z.enum(LOGBOOK_CREDIT_RULES);

/** One completed lesson with a verified instructor, as rules/logbook.ts credits it. Minutes. */
export const logbookLesson = z.object({
  bookingId: z.uuid(),
  /** The Sydney date of its start, YYYY-MM-DD. */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  suburb: z.string(),
  instructor: z.object({ firstName: z.string(), lastName: z.string(), licenseNumber: z.string() }),
  dayMinutes: z.number().int(),
  nightMinutes: z.number().int(),
  /** Of its minutes, those within the learner's first 10 structured hours: counted three times. */
  bonusMinutes: z.number().int(),
  creditedDayMinutes: z.number().int(),
  creditedNightMinutes: z.number().int(),
  creditedMinutes: z.number().int(),
  /** The instructor confirmed it as a structured lesson (on its lesson record): only then it counts. */
  confirmed: z.boolean(),
  /** Why it credits what it does (LOGBOOK_RULES). */
  rule: logbookCreditRule,
});
export type LogbookLessonView = z.infer<typeof logbookLesson>;

export const OUTSIDE_LESSON_MAX_MINUTES_MESSAGE = `A lesson on one day can't be longer than ${OUTSIDE_LESSON_MAX_MINUTES / 60} hours.`;
export const FUTURE_LOGBOOK_DATE_MESSAGE = "That date is in the future.";
export const OLD_LOGBOOK_DATE_MESSAGE = `That date is more than ${LOGBOOK_DECLARATION_MAX_YEARS} years ago, longer than a learner licence lasts.`;

/** POST /api/student/logbook/outside-lessons: a lesson the learner took with another driving school. */
export const outsideLessonRequest = z.object({
  school: safeText({ error: "school must be text" })
    .trim()
    .min(1, "Give the driving school's name")
    .max(120, "Keep the school's name to 120 characters"),
  /** The Sydney date of the lesson; the server refuses one in the future or too long ago. */
  date: calendarDate,
  minutes: z
    .number({ error: "minutes must be a number" })
    .int("Give the lesson's length in whole minutes")
    .min(1, "A lesson must last at least a minute")
    .max(OUTSIDE_LESSON_MAX_MINUTES, OUTSIDE_LESSON_MAX_MINUTES_MESSAGE),
  /** A structured lesson with a licensed driving instructor (it shares the 3-for-1 cap). */
  structured: z.boolean({ error: "structured must be true or false" }),
});
export type OutsideLessonRequest = z.input<typeof outsideLessonRequest>;

/** PUT /api/student/logbook/safer-drivers-course: the date the learner completed the course, once. */
export const saferDriversCourseRequest = z.object({ completedOn: calendarDate });
export type SaferDriversCourseRequest = z.input<typeof saferDriversCourseRequest>;

/**
 * What `today` (a Sydney date) refuses in a declared lesson's or course's date: the future, or longer
 * ago than a learner licence lasts. The server answers them as a validation error; the form shows them.
 */
export function logbookDateIssue(date: string, today: string): string | null {
  if (!isValidIsoDate(date) || !isValidIsoDate(today)) return null;
  if (date > today) return FUTURE_LOGBOOK_DATE_MESSAGE;
  const earliest = `${Number(today.slice(0, 4)) - LOGBOOK_DECLARATION_MAX_YEARS}${today.slice(4)}`;
  // 29 February five years back is not a date; the day after 28 February is as far back as we go.
  const floor = isValidIsoDate(earliest) ? earliest : addDaysToDate(earliest.replace(/-29$/, "-28"), 1);
  return date < floor ? OLD_LOGBOOK_DATE_MESSAGE : null;
}

/** A declared lesson from another school, as the logbook credits it. */
export const outsideLessonView = z.object({
  id: z.uuid(),
  school: z.string(),
  date: z.string(),
  minutes: z.number().int(),
  structured: z.boolean(),
  bonusMinutes: z.number().int(),
  creditedMinutes: z.number().int(),
  rule: logbookCreditRule,
});
export type OutsideLessonView = z.infer<typeof outsideLessonView>;

/** The learner's completed Safer Drivers Course, as the logbook credits it. */
export const saferDriversCourseView = z.object({
  completedOn: z.string(),
  creditedMinutes: z.number().int(),
  rule: logbookCreditRule,
});
export type SaferDriversCourseView = z.infer<typeof saferDriversCourseView>;

/** GET /api/student/logbook. Minutes throughout; the requirement is 120 hours, 20 of them at night. */
export const studentLogbookResponse = z.object({
  dateOfBirth: z.string().nullable(),
  requiredMinutes: z.number().int(),
  requiredNightMinutes: z.number().int(),
  totals: z.object({
    lessonMinutes: z.number().int(),
    lessonNightMinutes: z.number().int(),
    /** Minutes of the lessons declared from other schools. */
    outsideLessonMinutes: z.number().int(),
    creditedMinutes: z.number().int(),
    creditedNightMinutes: z.number().int(),
    /** Still to log; 0 once no logbook is needed (25 and over). */
    remainingMinutes: z.number().int(),
    remainingNightMinutes: z.number().int(),
    /** Structured lesson minutes that would still count three times. */
    bonusMinutesLeft: z.number().int(),
    /** Under 25 today (or the date of birth is unknown): the logbook is needed. */
    under25: z.boolean(),
    /** No date of birth on record: treated as under 25. */
    ageUnknown: z.boolean(),
    /** How creditedMinutes is made up: one line per rule that applied, with the rule's words. */
    lines: z.array(
      z.object({
        rule: logbookCreditRule,
        text: z.string(),
        drivenMinutes: z.number().int(),
        creditedMinutes: z.number().int(),
      }),
    ),
    /** The rule behind creditedNightMinutes, and behind what remains. */
    nightRule: z.string(),
    requirementRule: z.string(),
  }),
  /** Oldest first, as they are credited. */
  lessons: z.array(logbookLesson),
  /** Declared by the learner, oldest first. */
  outsideLessons: z.array(outsideLessonView),
  saferDriversCourse: saferDriversCourseView.nullable(),
});
export type StudentLogbook = z.infer<typeof studentLogbookResponse>;
