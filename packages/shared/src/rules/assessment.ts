/** Assessment rules: experience levels and recommended lesson counts (spec §5, §9). */
import { EXPERIENCE_LEVELS, type ExperienceLevel, MAX_LESSON_COUNT, MIN_LESSON_COUNT } from "../constants.ts";

export interface LessonRange {
  min: number;
  max: number;
}

const LESSON_RANGES: Record<ExperienceLevel, LessonRange> = {
  NEVER_DRIVEN: { min: 20, max: 30 },
  SOME_EXPERIENCE: { min: 10, max: 20 },
  FAILED_TEST: { min: 5, max: 15 },
};

/**
 * Registration sends NEVER_DRIVEN while the wizard's assessment sends never_driven; both mean the
 * same thing, so every rule goes through this to get the uppercase canonical value.
 */
export function normalizeExperienceLevel(v: string): ExperienceLevel | null {
  const upper = v.trim().toUpperCase();
  return (EXPERIENCE_LEVELS as readonly string[]).includes(upper) ? (upper as ExperienceLevel) : null;
}

function requireLevel(level: string): ExperienceLevel {
  const canonical = normalizeExperienceLevel(level);
  if (!canonical) throw new RangeError(`Unknown experience level: ${level}`);
  return canonical;
}

/** Recommended lesson range for a level (either spelling); throws on an unknown level. */
export function recommendedLessonRange(level: string): LessonRange {
  const range = LESSON_RANGES[requireLevel(level)];
  return { min: range.min, max: range.max };
}

/** The assessment's default estimate is the bottom of the recommended range. */
export function defaultEstimatedLessons(level: string): number {
  return recommendedLessonRange(level).min;
}

/** Lesson counts are whole numbers from 1 to 50. */
export function isValidLessonCount(n: unknown): n is number {
  return Number.isInteger(n) && (n as number) >= MIN_LESSON_COUNT && (n as number) <= MAX_LESSON_COUNT;
}
