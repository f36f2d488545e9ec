/**
 * Lesson lengths: which an instructor offers, what a bundle credit pays for. Prices follow the hours
 * (rules/pricing.ts `lessonPriceCents`); pool prices only when the whole lesson lies in pool hours
 * (rules/pool-hours.ts).
 */
import { LESSON_LENGTHS, LESSON_MINUTES, type LessonLength } from "../constants.ts";

export function isLessonLength(minutes: number): minutes is LessonLength {
  return (LESSON_LENGTHS as readonly number[]).includes(minutes);
}

/** A lesson's length in minutes from its start and end (instants or ISO strings); not necessarily allowed. */
export function lessonMinutesBetween(start: Date | string, end: Date | string): number {
  return (new Date(end).getTime() - new Date(start).getTime()) / 60_000;
}

/** "60, 90 or 120 minutes": the lengths there are, for every message that names them. */
export function lessonLengthChoices(): string {
  return `${LESSON_LENGTHS.slice(0, -1).join(", ")} or ${LESSON_LENGTHS.at(-1)} minutes`;
}

/** An instructor's offered lengths as stored: the standard length always, each once, in order. */
export function normaliseLessonLengths(lengths: readonly number[]): LessonLength[] {
  return LESSON_LENGTHS.filter((l) => l === LESSON_MINUTES || lengths.includes(l));
}

/**
 * Bundle credits a lesson of this length uses: a credit is one hour, so 60 minutes takes one and 120
 * takes two. A 90-minute lesson cannot be paid with credits (null): a credit cannot be split, and
 * charging two for 90 minutes would take half an hour the student paid for.
 */
export function creditsForLesson(minutes: number): number | null {
  if (minutes === 60) return 1;
  if (minutes === 120) return 2;
  return null;
}

/**
 * Credits a lesson paid with credits uses, from its times: 60 minutes one, 120 two. A credit spend
 * refuses every other length, so no credit lesson has one; it would count as one credit.
 */
export function creditsSpentOn(start: Date | string, end: Date | string): number {
  return creditsForLesson(lessonMinutesBetween(start, end)) ?? 1;
}

/** "60 minutes", "90 minutes", "2 hours": how a length reads in the wizard, emails and invoices. */
export function lessonLengthLabel(minutes: number): string {
  if (minutes % 60 === 0 && minutes > 60) return `${minutes / 60} hours`;
  return `${minutes} minutes`;
}
