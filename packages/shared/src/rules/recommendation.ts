/** Instructor recommendation scoring for the "Recommended for You" tab (spec §9). */
import { normalizeExperienceLevel } from "./assessment.ts";

export interface ScorableInstructor {
  languages: string[];
  bio: string | null;
  rating: number | null;
  vehicleType: "AUTOMATIC" | "MANUAL" | "BOTH";
}

export interface StudentPreferences {
  experienceLevel?: string | null;
  /** AUTOMATIC or MANUAL, any case (the wizard sends lowercase). */
  licenseType?: string | null;
  language?: string | null;
}

/** The spec's default language when the student has not chosen one. */
const DEFAULT_LANGUAGE = "English";

const LANGUAGE_POINTS = 40;
const BIO_POINTS = 25;
const RATING_MULTIPLIER = 4;
const VEHICLE_POINTS = 15;

// Whole-word matches so "impatient" or "contest" do not earn points.
const BEGINNER_WORDS = /\b(beginners?|patient|patiently|patience)\b/i;
const TEST_WORDS = /\b(tests?|testing|prepare|prepares|preparing|preparation)\b/i;

function speaksLanguage(languages: string[], wanted: string): boolean {
  const target = wanted.trim().toLowerCase();
  return languages.some((l) => l.trim().toLowerCase() === target);
}

function vehicleMatches(vehicleType: ScorableInstructor["vehicleType"], licenseType: string): boolean {
  const licence = licenseType.trim().toUpperCase();
  if (licence !== "AUTOMATIC" && licence !== "MANUAL") return false;
  return vehicleType === "BOTH" || vehicleType === licence;
}

function usableRating(rating: number | null): number {
  return rating !== null && Number.isFinite(rating) ? rating : 0;
}

export function recommendationScore(instructor: ScorableInstructor, prefs: StudentPreferences): number {
  let score = 0;

  const language = prefs.language?.trim() ? prefs.language : DEFAULT_LANGUAGE;
  if (speaksLanguage(instructor.languages, language)) score += LANGUAGE_POINTS;

  const level = prefs.experienceLevel ? normalizeExperienceLevel(prefs.experienceLevel) : null;
  const bio = instructor.bio ?? "";
  if (level === "NEVER_DRIVEN" && BEGINNER_WORDS.test(bio)) score += BIO_POINTS;
  if (level === "FAILED_TEST" && TEST_WORDS.test(bio)) score += BIO_POINTS;

  score += usableRating(instructor.rating) * RATING_MULTIPLIER;

  if (prefs.licenseType && vehicleMatches(instructor.vehicleType, prefs.licenseType)) score += VEHICLE_POINTS;

  return score;
}

/**
 * Best match first. Ties go to the higher rating (unrated last), then the id, so the order is stable
 * across requests and the "Best Match" badge does not jump between equal instructors.
 */
export function rankInstructors<T extends ScorableInstructor & { id: string }>(
  list: T[],
  prefs: StudentPreferences,
): Array<T & { score: number }> {
  return list
    .map((instructor) => ({ ...instructor, score: recommendationScore(instructor, prefs) }))
    .sort((a, b) => {
      if (b.score !== a.score) return b.score - a.score;
      const ra = a.rating ?? Number.NEGATIVE_INFINITY;
      const rb = b.rating ?? Number.NEGATIVE_INFINITY;
      if (rb !== ra) return rb > ra ? 1 : -1;
      return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    });
}
