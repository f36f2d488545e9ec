/**
 * The NSW learner logbook: how the lessons a learner took with us count towards the hours a learner
 * under 25 must log before the driving test (120 hours, 20 of them at night).
 *
 * The rule:
 * - Each minute of a structured lesson with a licensed instructor counts three logbook minutes, for the
 *   learner's first 10 hours (600 minutes) of lessons; lesson minutes after those count once. The cap
 *   can be reached mid-lesson: the part of that lesson within the first 600 minutes counts three times,
 *   the rest once.
 * - Night is from sunset to sunrise at the lesson's pickup suburb, on the Sydney calendar date of each
 *   moment of the lesson (so the date in Australia/Sydney, not UTC, picks the day's sunset; a lesson
 *   across sunset or sunrise is split into its day and night minutes). A night minute counts one night
 *   minute; its two bonus minutes are day minutes.
 *
 * Decisions:
 * - Whole minutes: sunrise and sunset (suncalc, the sun's upper limb at the horizon with refraction)
 *   are rounded to the nearest minute, as published sunset times are; a lesson's minutes are its real
 *   elapsed minutes (a lesson across a daylight-saving change is as long as it really was).
 * - Night in a capped lesson: no apportioning is needed. Night minutes always count once as night,
 *   bonus or not, and the bonus is always day minutes, so a lesson earns `nightMinutes` night and
 *   `dayMinutes + 2 × bonusMinutes` day, whichever of its minutes fell inside the first 600.
 * - Learners 25 and over (age on the lesson's Sydney date) need no logbook: such a lesson credits
 *   nothing and uses none of the bonus, but its actual day and night minutes are still reported. A
 *   learner who turns 25 keeps what was credited before; the totals then show nothing remaining.
 * - Unknown date of birth: treated as under 25 (the common case for a learner and the one where the
 *   logbook matters), flagged `ageUnknown` so the UI can ask for it.
 * - Someone born on 29 February turns a year older on 1 March in a common year.
 * - An unknown suburb uses the Sydney CBD's centre.
 * - Lessons are credited in order of start, whatever order they are passed in; the caller passes only
 *   completed lessons with a verified instructor.
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
/** Only the first 10 hours of lessons earn the bonus. */
export const LESSON_BONUS_CAP_HOURS = 10;
/** A bonus lesson minute counts three logbook minutes. */
export const LESSON_MULTIPLIER = 3;
/** From this age on no logbook is needed. */
export const LOGBOOK_AGE_LIMIT = 25;

const MS_PER_MINUTE = 60_000;
const BONUS_CAP_MINUTES = LESSON_BONUS_CAP_HOURS * 60;

export interface LogbookLesson {
  start: Date;
  end: Date;
  /** The pickup suburb; one we do not know falls back to the Sydney CBD. */
  suburb: string;
}

export interface LessonDayNight {
  dayMinutes: number;
  nightMinutes: number;
}

export type LogbookLessonCredit<L extends LogbookLesson> = LessonDayNight & {
  lesson: L;
  /** Lesson minutes that fell inside the first 10 hours and so count three times. */
  bonusMinutes: number;
  creditedDayMinutes: number;
  creditedNightMinutes: number;
};

export interface LogbookTotalsSummary {
  /** Actual lesson minutes, credited or not. */
  lessonMinutes: number;
  lessonNightMinutes: number;
  /** Logbook minutes credited, day and night together. */
  creditedMinutes: number;
  creditedNightMinutes: number;
  /** Still to log towards 120 hours / 20 night hours; 0 once no logbook is needed. */
  remainingMinutes: number;
  remainingNightMinutes: number;
  /** Lesson minutes that would still count three times; 0 once no logbook is needed. */
  bonusMinutesLeft: number;
  /** Under 25 at `asOf` (or date of birth unknown): the logbook is needed. */
  under25: boolean;
  ageUnknown: boolean;
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

function requireLesson({ start, end }: LogbookLesson): void {
  if (!Number.isFinite(start.getTime()) || !Number.isFinite(end.getTime())) {
    throw new RangeError("Invalid lesson time");
  }
  if (end.getTime() < start.getTime()) throw new RangeError("A lesson cannot end before it starts");
}

/** A lesson's actual day and night minutes (real elapsed minutes, night from sunset to sunrise). */
export function logbookHoursOfLesson(lesson: LogbookLesson): LessonDayNight {
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

/**
 * What a learner's lessons credit in the logbook. `lessons` are the completed lessons with a verified
 * instructor (credited in order of start, returned in that order); `asOf` is the moment the totals'
 * `under25` and what remains are judged at (usually now).
 */
export function logbookTotals<L extends LogbookLesson>(
  lessons: readonly L[],
  options: { dateOfBirth?: string | null; asOf: Date },
): { lessons: LogbookLessonCredit<L>[]; totals: LogbookTotalsSummary } {
  const { dateOfBirth, asOf } = options;
  const ordered = [...lessons].sort((a, b) => a.start.getTime() - b.start.getTime());
  let bonusUsed = 0;
  const credits = ordered.map((lesson): LogbookLessonCredit<L> => {
    const { dayMinutes, nightMinutes } = logbookHoursOfLesson(lesson);
    if (!needsLogbookAt(lesson.start, dateOfBirth)) {
      return {
        lesson,
        dayMinutes,
        nightMinutes,
        bonusMinutes: 0,
        creditedDayMinutes: 0,
        creditedNightMinutes: 0,
      };
    }
    const bonusMinutes = Math.min(dayMinutes + nightMinutes, BONUS_CAP_MINUTES - bonusUsed);
    bonusUsed += bonusMinutes;
    return {
      lesson,
      dayMinutes,
      nightMinutes,
      bonusMinutes,
      creditedDayMinutes: dayMinutes + (LESSON_MULTIPLIER - 1) * bonusMinutes,
      creditedNightMinutes: nightMinutes,
    };
  });

  const sum = (pick: (c: LogbookLessonCredit<L>) => number) => credits.reduce((n, c) => n + pick(c), 0);
  const creditedNightMinutes = sum((c) => c.creditedNightMinutes);
  const creditedMinutes = sum((c) => c.creditedDayMinutes) + creditedNightMinutes;
  const under25 = needsLogbookAt(asOf, dateOfBirth);
  return {
    lessons: credits,
    totals: {
      lessonMinutes: sum((c) => c.dayMinutes + c.nightMinutes),
      lessonNightMinutes: sum((c) => c.nightMinutes),
      creditedMinutes,
      creditedNightMinutes,
      remainingMinutes: under25 ? Math.max(0, LOGBOOK_REQUIRED_HOURS * 60 - creditedMinutes) : 0,
      remainingNightMinutes: under25
        ? Math.max(0, LOGBOOK_REQUIRED_NIGHT_HOURS * 60 - creditedNightMinutes)
        : 0,
      bonusMinutesLeft: under25 ? BONUS_CAP_MINUTES - bonusUsed : 0,
      under25,
      ageUnknown: !dateOfBirth,
    },
  };
}
