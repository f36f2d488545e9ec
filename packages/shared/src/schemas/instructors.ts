import { z } from "zod";
import { EXPERIENCE_LEVELS, GENDERS, LICENSE_TYPES, VEHICLE_TYPES } from "../constants.ts";
import { safeText } from "./common.ts";
import { suburbName } from "./fields.ts";

const caseInsensitiveEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (typeof v === "string" ? v.toUpperCase() : v), z.enum(values));

/**
 * GET /api/student/instructors. Only `suburb` is required; the assessment answers, when given, order the
 * list by recommendation score (and include the score), so the web app needs no second algorithm.
 */
export const instructorsQuery = z.object({
  suburb: suburbName(),
  experienceLevel: caseInsensitiveEnum(EXPERIENCE_LEVELS).optional(),
  licenseType: caseInsensitiveEnum(LICENSE_TYPES).optional(),
  language: safeText().trim().max(40).optional(),
});
export type InstructorsQuery = z.input<typeof instructorsQuery>;

export const instructorListing = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(GENDERS).nullable(),
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
  bio: z.string().nullable(),
  languages: z.array(z.string()),
  suburbs: z.array(z.string()),
  vehicleType: z.enum(VEHICLE_TYPES),
  /** Dollars per hour. */
  standardRate: z.number(),
  /** Dollars per hour in pool hours; equals the standard rate for instructors not in the pool. */
  poolRate: z.number(),
  poolOptIn: z.boolean(),
  /** The lesson lengths offered, in minutes: 60 always, 90 and 120 when the instructor offers them. */
  lessonLengths: z.array(z.number().int()),
  /** Recommendation score; present when assessment answers were given. */
  score: z.number().optional(),
});
export type InstructorListing = z.infer<typeof instructorListing>;
export const instructorsResponse = z.array(instructorListing);
