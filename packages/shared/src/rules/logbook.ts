/**
 * The NSW learner logbook: how a learner's lessons, with us and declared from other schools, and a
 * completed Safer Drivers Course count towards the hours a learner under 25 must log before the driving
 * test (120 hours, 20 of them at night).
 *
 * The regulator's rules (Transport for NSW, "Learner driver log book" and "Safer Drivers Course";
 * LOGBOOK_RULES holds each in the words shown to learners, pinned by logbook.test.ts):
 * - Learners under 25 log at least 120 hours of supervised driving, 20 of them at night (sunset to
 *   sunrise).
 * - 3-for-1: each hour of a structured lesson with a licensed driving instructor is recorded as 3 hours,
 *   for at most 10 hours of such lessons (30 logbook hours). The cap is the learner's, not a school's:
 *   lessons with us and structured lessons declared from other schools share it.
 * - A night lesson hour counts one night hour; its two bonus hours are day hours.
 * - Completing the Safer Drivers Course gives 20 logbook hours, once. With the 3-for-1 bonus (20 extra
 *   hours at most) a learner can be credited at most 40 hours they did not drive.
 *
 * How we apply them:
 * - Each minute of a lesson counts three logbook minutes while the learner's first 600 structured
 *   minutes last, once after that. The cap can be reached mid-lesson: the part of that lesson within the
 *   first 600 minutes counts three times, the rest once.
 * - Only a lesson with us that its instructor confirmed for the logbook (on its lesson record) counts;
 *   one not yet confirmed is reported, credits nothing and uses none of the bonus.
 * - A lesson declared from another school counts as the learner declared it (their paper logbook holds
 *   that instructor's signature): a structured one shares the 3-for-1 cap, one that was not structured
 *   counts hour for hour. Declared lessons are day hours: we have no times to place them around sunset.
 * - The Safer Drivers Course's 20 hours are day hours, credited on its completion date. TfNSW's
 *   condition for attending it (50 hours actually driven) is the course provider's to check: most of
 *   those hours are driven with a supervisor we never see.
 * - Night is from sunset to sunrise at the lesson's pickup suburb, on the Sydney calendar date of each
 *   moment of the lesson (so the date in Australia/Sydney, not UTC, picks the day's sunset; a lesson
 *   across sunset or sunrise is split into its day and night minutes).
 *
 * Decisions:
 * - Whole minutes: sunrise and sunset (suncalc, the sun's upper limb at the horizon with refraction)
 *   are rounded to the nearest minute, as published sunset times are; a lesson's minutes are its real
 *   elapsed minutes (a lesson across a daylight-saving change is as long as it really was).
 * - Night in a capped lesson: no apportioning is needed. Night minutes always count once as night,
 *   bonus or not, and the bonus is always day minutes, so a lesson earns `nightMinutes` night and
 *   `dayMinutes + 2 × bonusMinutes` day, whichever of its minutes fell inside the first 600.
 * - Learners 25 and over (age on the lesson's Sydney date) need no logbook: such a lesson (or course)
 *   credits nothing and uses none of the bonus, but its actual day and night minutes are still
 *   reported. A learner who turns 25 keeps what was credited before; the totals then show nothing
 *   remaining.
 * - Unknown date of birth: treated as under 25 (the common case for a learner and the one where the
 *   logbook matters), flagged `ageUnknown` so the UI can ask for it.
 * - Someone born on 29 February turns a year older on 1 March in a common year.
 * - An unknown suburb uses the Sydney CBD's centre.
 * - Everything is credited in order of time, whatever order it is passed in: a declared lesson at the
 *   start of its Sydney date (before our lessons that day), declared lessons of one date in the order
 *   given. The caller passes only completed lessons with a verified instructor.
 */
import { getTimes } from "suncalc";
import {
  addDaysToDate,
  eachDateInRange,
  isValidIsoDate,
  sydneyDateOf,
  sydneyMidnight,
  sydneyWallTimeToInstant,
} from "./sydney-time.ts";
import { SUBURB_CENTRES } from "./travel.ts";

export const LOGBOOK_REQUIRED_HOURS = 120;
export const LOGBOOK_REQUIRED_NIGHT_HOURS = 20;
/** Only the first 10 hours of structured lessons earn the bonus. */
export const LESSON_BONUS_CAP_HOURS = 10;
/** A bonus lesson minute counts three logbook minutes. */
export const LESSON_MULTIPLIER = 3;
/** A completed Safer Drivers Course adds this many logbook hours, once. */
export const SAFER_DRIVERS_COURSE_HOURS = 20;
/** From this age on no logbook is needed. */
export const LOGBOOK_AGE_LIMIT = 25;
/** A declared lesson longer than this on one day is a mistake, not a lesson. */
export const OUTSIDE_LESSON_MAX_MINUTES = 8 * 60;
/**
 * A NSW learner licence lasts 5 years: a lesson or course older than that belongs to an earlier
 * licence's logbook.
 */
export const LOGBOOK_DECLARATION_MAX_YEARS = 5;

const MS_PER_MINUTE = 60_000;
const BONUS_CAP_MINUTES = LESSON_BONUS_CAP_HOURS * 60;

/**
 * Why a lesson, a course or a total counts as it does, as the learner reads it. Each is Transport for
 * NSW's rule ("Learner driver log book", "Safer Drivers Course"; see the top of this file) in our words.
 */
export const LOGBOOK_RULES = {
  REQUIREMENT: `Learners under ${LOGBOOK_AGE_LIMIT} must log at least ${LOGBOOK_REQUIRED_HOURS} hours of supervised driving, ${LOGBOOK_REQUIRED_NIGHT_HOURS} of them at night, before the driving test.`,
  THREE_FOR_ONE: `Each hour of a structured lesson with a licensed driving instructor counts as ${LESSON_MULTIPLIER} hours, for the first ${LESSON_BONUS_CAP_HOURS} hours of lessons (${LESSON_BONUS_CAP_HOURS * LESSON_MULTIPLIER} logbook hours), with every school together.`,
  HOUR_FOR_HOUR: `Lesson hours after the first ${LESSON_BONUS_CAP_HOURS} structured hours, and lessons that were not structured, count hour for hour.`,
  SAFER_DRIVERS_COURSE: `Completing the Safer Drivers Course adds ${SAFER_DRIVERS_COURSE_HOURS} hours, once.`,
  NOT_CONFIRMED: "A lesson counts once its instructor confirms it for the logbook.",
  AGE_LIMIT: `Learners ${LOGBOOK_AGE_LIMIT} and over need no logbook, so nothing from then on adds hours.`,
  NIGHT: `Only hours driven between sunset and sunrise count as night: the extra hours of ${LESSON_MULTIPLIER}-for-1 lessons and the Safer Drivers Course are day hours.`,
} as const;
export type LogbookRule = keyof typeof LOGBOOK_RULES;
/** The rules a credited total is made of, in the order the totals list them. */
export const LOGBOOK_CREDIT_RULES = [
  "THREE_FOR_ONE",
  "HOUR_FOR_HOUR",
  "SAFER_DRIVERS_COURSE",
  "NOT_CONFIRMED",
  "AGE_LIMIT",
] as const satisfies readonly LogbookRule[];
export type LogbookCreditRule = (typeof LOGBOOK_CREDIT_RULES)[number];

export interface LogbookLesson {
  start: Date;
  end: Date;
  /** The pickup suburb; one we do not know falls back to the Sydney CBD. */
  suburb: string;
  /** Its instructor confirmed it for the logbook (on the lesson record): only then does it count. */
  confirmed: boolean;
}

/** A lesson the learner declared from another driving school. */
export interface OutsideLesson {
  /** Sydney date, YYYY-MM-DD. */
  date: string;
  minutes: number;
  /** A structured lesson with a licensed driving instructor: it shares the 3-for-1 cap. */
  structured: boolean;
}

type LessonTimes = Pick<LogbookLesson, "start" | "end" | "suburb">;

export interface LessonDayNight {
  dayMinutes: number;
  nightMinutes: number;
}

interface Credit extends LessonDayNight {
  /** Minutes that fell inside the first 10 structured hours and so count three times. */
  bonusMinutes: number;
  creditedDayMinutes: number;
  creditedNightMinutes: number;
  /** Why it counts as it does: THREE_FOR_ONE when any of it earned the bonus. */
  rule: LogbookCreditRule;
}

export type LogbookLessonCredit<L extends LogbookLesson> = Credit & { lesson: L };
export type OutsideLessonCredit<O extends OutsideLesson> = Credit & { outsideLesson: O };

/** One line of the credited total: what one rule credited, from how many minutes driven. */
export interface LogbookCreditLine {
  rule: LogbookCreditRule;
  /** Minutes actually driven under this rule (0 for the Safer Drivers Course). */
  drivenMinutes: number;
  creditedMinutes: number;
}

export interface LogbookTotalsSummary {
  /** Actual minutes of lessons with us, credited or not. */
  lessonMinutes: number;
  lessonNightMinutes: number;
  /** Actual minutes of lessons declared from other schools. */
  outsideLessonMinutes: number;
  /** Logbook minutes credited, day and night together: the sum of `lines`. */
  creditedMinutes: number;
  /** Night minutes credited (LOGBOOK_RULES.NIGHT). */
  creditedNightMinutes: number;
  /** Still to log towards 120 hours / 20 night hours (REQUIREMENT); 0 once no logbook is needed. */
  remainingMinutes: number;
  remainingNightMinutes: number;
  /** Structured lesson minutes that would still count three times; 0 once no logbook is needed. */
  bonusMinutesLeft: number;
  /** Under 25 at `asOf` (or date of birth unknown): the logbook is needed. */
  under25: boolean;
  ageUnknown: boolean;
  /** How `creditedMinutes` is made up, one line per rule that applied. */
  lines: LogbookCreditLine[];
}

function centreOf(suburb: string) {
  return Object.hasOwn(SUBURB_CENTRES, suburb)
    ? SUBURB_CENTRES[suburb as keyof typeof SUBURB_CENTRES]
    : SUBURB_CENTRES["Sydney CBD"];
}

function roundToMinute(instant: Date): Date {
  return new Date(Math.round(instant.getTime() / MS_PER_MINUTE) * MS_PER_MINUTE);
}

/** suncalc's sun times for a Sydney date, asked at Sydney noon: that Sydney day's, whatever the UTC date. */
function sunTimesOn(date: string, suburb: string) {
  const { lat, lng } = centreOf(suburb);
  return getTimes(sydneyWallTimeToInstant(date, 12 * 60) ?? sydneyMidnight(date), lat, lng);
}

/**
 * Sunrise and sunset, to the minute, at a suburb's centre on a Sydney date (YYYY-MM-DD); null where the
 * sun does not rise or set that day (never in Sydney).
 */
export function sunriseSunset(date: string, suburb: string): { sunrise: Date | null; sunset: Date | null } {
  const { sunrise, sunset } = sunTimesOn(date, suburb);
  return {
    sunrise: sunrise ? roundToMinute(sunrise) : null,
    sunset: sunset ? roundToMinute(sunset) : null,
  };
}

/** The daylight of a Sydney date at a suburb, [from, to) in epoch ms, or null for none. */
function daylightOf(date: string, suburb: string): [number, number] | null {
  const { sunrise, sunset, alwaysUp } = sunTimesOn(date, suburb);
  if (sunrise && sunset) return [roundToMinute(sunrise).getTime(), roundToMinute(sunset).getTime()];
  return alwaysUp ? [sydneyMidnight(date).getTime(), sydneyMidnight(addDaysToDate(date, 1)).getTime()] : null;
}

function requireLesson({ start, end }: LessonTimes): void {
  if (!Number.isFinite(start.getTime()) || !Number.isFinite(end.getTime())) {
    throw new RangeError("Invalid lesson time");
  }
  if (end.getTime() < start.getTime()) throw new RangeError("A lesson cannot end before it starts");
}

/** A lesson's actual day and night minutes (real elapsed minutes, night from sunset to sunrise). */
export function logbookHoursOfLesson(lesson: LessonTimes): LessonDayNight {
  requireLesson(lesson);
  const startMs = lesson.start.getTime();
  const endMs = lesson.end.getTime();
  const totalMinutes = Math.round((endMs - startMs) / MS_PER_MINUTE);
  if (totalMinutes === 0) return { dayMinutes: 0, nightMinutes: 0 };
  // Each moment is day or night by its own Sydney date's sunrise and sunset; a day's daylight never
  // crosses its midnight, so only the dates the lesson touches matter.
  let dayMs = 0;
  for (const date of eachDateInRange(sydneyDateOf(lesson.start), sydneyDateOf(new Date(endMs - 1)))) {
    const daylight = daylightOf(date, lesson.suburb);
    if (daylight) dayMs += Math.max(0, Math.min(endMs, daylight[1]) - Math.max(startMs, daylight[0]));
  }
  const dayMinutes = Math.min(totalMinutes, Math.round(dayMs / MS_PER_MINUTE));
  return { dayMinutes, nightMinutes: totalMinutes - dayMinutes };
}

/** Whole years of age on a calendar date, both YYYY-MM-DD. */
export function ageOn(dateOfBirth: string, date: string): number {
  if (!isValidIsoDate(dateOfBirth) || !isValidIsoDate(date)) {
    throw new RangeError(`Not a valid YYYY-MM-DD date: ${isValidIsoDate(date) ? dateOfBirth : date}`);
  }
  const years = Number(date.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  // "MM-DD" strings compare as dates do; a 29 February birthday is reached on 1 March in a common year.
  return date.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

function needsLogbookAt(instant: Date, dateOfBirth: string | null | undefined): boolean {
  if (!dateOfBirth) return true;
  return ageOn(dateOfBirth, sydneyDateOf(instant)) < LOGBOOK_AGE_LIMIT;
}

function requireOutsideLesson({ date, minutes }: OutsideLesson): void {
  if (!isValidIsoDate(date)) throw new RangeError(`Not a valid YYYY-MM-DD date: ${date}`);
  if (!Number.isInteger(minutes) || minutes < 0)
    throw new RangeError("Lesson minutes must be a whole number");
}

type Entry<L, O> =
  | { at: number; kind: "lesson"; lesson: L }
  | { at: number; kind: "outside"; outsideLesson: O };

export interface SaferDriversCourseCredit {
  /** Sydney date, YYYY-MM-DD. */
  completedOn: string;
  creditedMinutes: number;
  rule: "SAFER_DRIVERS_COURSE" | "AGE_LIMIT";
}

/**
 * What a learner's lessons and Safer Drivers Course credit in the logbook. `lessons` are the completed
 * lessons with us with a verified instructor, `outsideLessons` those declared from other schools (each
 * credited in order of time, returned in that order); `asOf` is the moment the totals' `under25` and
 * what remains are judged at (usually now).
 */
export function logbookTotals<L extends LogbookLesson, O extends OutsideLesson = OutsideLesson>(
  lessons: readonly L[],
  options: {
    dateOfBirth?: string | null;
    asOf: Date;
    outsideLessons?: readonly O[];
    saferDriversCourse?: { completedOn: string } | null;
  },
): {
  lessons: LogbookLessonCredit<L>[];
  outsideLessons: OutsideLessonCredit<O>[];
  saferDriversCourse: SaferDriversCourseCredit | null;
  totals: LogbookTotalsSummary;
} {
  const { dateOfBirth, asOf, outsideLessons = [], saferDriversCourse = null } = options;
  for (const lesson of lessons) requireLesson(lesson);
  for (const declared of outsideLessons) requireOutsideLesson(declared);
  // One timeline, so the 10-hour cap is the learner's across every school. Array sort is stable:
  // declared lessons of one date keep their order and come before our lessons that day.
  const entries: Entry<L, O>[] = [
    ...outsideLessons.map((o) => ({
      at: sydneyMidnight(o.date).getTime(),
      kind: "outside" as const,
      outsideLesson: o,
    })),
    ...lessons.map((l) => ({ at: l.start.getTime(), kind: "lesson" as const, lesson: l })),
  ].sort((a, b) => a.at - b.at);

  let bonusUsed = 0;
  const credit = (
    at: Date,
    { dayMinutes, nightMinutes }: LessonDayNight,
    counts: { confirmed: boolean; structured: boolean },
  ): Credit => {
    const none = {
      dayMinutes,
      nightMinutes,
      bonusMinutes: 0,
      creditedDayMinutes: 0,
      creditedNightMinutes: 0,
    };
    if (!counts.confirmed) return { ...none, rule: "NOT_CONFIRMED" };
    if (!needsLogbookAt(at, dateOfBirth)) return { ...none, rule: "AGE_LIMIT" };
    const bonusMinutes = counts.structured
      ? Math.min(dayMinutes + nightMinutes, BONUS_CAP_MINUTES - bonusUsed)
      : 0;
    bonusUsed += bonusMinutes;
    return {
      dayMinutes,
      nightMinutes,
      bonusMinutes,
      creditedDayMinutes: dayMinutes + (LESSON_MULTIPLIER - 1) * bonusMinutes,
      creditedNightMinutes: nightMinutes,
      rule: bonusMinutes > 0 ? "THREE_FOR_ONE" : "HOUR_FOR_HOUR",
    };
  };

  const lessonCredits: LogbookLessonCredit<L>[] = [];
  const outsideCredits: OutsideLessonCredit<O>[] = [];
  for (const entry of entries) {
    if (entry.kind === "lesson") {
      const { lesson } = entry;
      const c = credit(lesson.start, logbookHoursOfLesson(lesson), {
        confirmed: lesson.confirmed,
        structured: true,
      });
      lessonCredits.push({ ...c, lesson });
    } else {
      const { outsideLesson } = entry;
      const c = credit(
        new Date(entry.at),
        { dayMinutes: outsideLesson.minutes, nightMinutes: 0 },
        { confirmed: true, structured: outsideLesson.structured },
      );
      outsideCredits.push({ ...c, outsideLesson });
    }
  }

  let course: SaferDriversCourseCredit | null = null;
  if (saferDriversCourse) {
    const { completedOn } = saferDriversCourse;
    if (!isValidIsoDate(completedOn)) throw new RangeError(`Not a valid YYYY-MM-DD date: ${completedOn}`);
    course = needsLogbookAt(sydneyMidnight(completedOn), dateOfBirth)
      ? { completedOn, creditedMinutes: SAFER_DRIVERS_COURSE_HOURS * 60, rule: "SAFER_DRIVERS_COURSE" }
      : { completedOn, creditedMinutes: 0, rule: "AGE_LIMIT" };
  }

  const all: Credit[] = [...lessonCredits, ...outsideCredits];
  const sum = <T>(list: readonly T[], pick: (c: T) => number) => list.reduce((n, c) => n + pick(c), 0);
  const creditedNightMinutes = sum(all, (c) => c.creditedNightMinutes);
  const creditedMinutes =
    sum(all, (c) => c.creditedDayMinutes) + creditedNightMinutes + (course?.creditedMinutes ?? 0);

  const lines = new Map<LogbookCreditRule, LogbookCreditLine>(
    LOGBOOK_CREDIT_RULES.map((rule) => [rule, { rule, drivenMinutes: 0, creditedMinutes: 0 }]),
  );
  const add = (rule: LogbookCreditRule, driven: number, credited: number) => {
    const line = lines.get(rule) as LogbookCreditLine;
    line.drivenMinutes += driven;
    line.creditedMinutes += credited;
  };
  for (const c of all) {
    const driven = c.dayMinutes + c.nightMinutes;
    if (c.rule === "NOT_CONFIRMED" || c.rule === "AGE_LIMIT") {
      add(c.rule, driven, 0);
      continue;
    }
    // A lesson across the 10-hour mark is split between the two rules.
    add("THREE_FOR_ONE", c.bonusMinutes, LESSON_MULTIPLIER * c.bonusMinutes);
    add("HOUR_FOR_HOUR", driven - c.bonusMinutes, driven - c.bonusMinutes);
  }
  if (course) add(course.rule, 0, course.creditedMinutes);

  const under25 = needsLogbookAt(asOf, dateOfBirth);
  return {
    lessons: lessonCredits,
    outsideLessons: outsideCredits,
    saferDriversCourse: course,
    totals: {
      lessonMinutes: sum(lessonCredits, (c) => c.dayMinutes + c.nightMinutes),
      lessonNightMinutes: sum(lessonCredits, (c) => c.nightMinutes),
      outsideLessonMinutes: sum(outsideCredits, (c) => c.dayMinutes),
      creditedMinutes,
      creditedNightMinutes,
      remainingMinutes: under25 ? Math.max(0, LOGBOOK_REQUIRED_HOURS * 60 - creditedMinutes) : 0,
      remainingNightMinutes: under25
        ? Math.max(0, LOGBOOK_REQUIRED_NIGHT_HOURS * 60 - creditedNightMinutes)
        : 0,
      bonusMinutesLeft: under25 ? BONUS_CAP_MINUTES - bonusUsed : 0,
      under25,
      ageUnknown: !dateOfBirth,
      lines: [...lines.values()].filter((l) => l.drivenMinutes > 0 || l.creditedMinutes > 0),
    },
  };
}
