import { EXPERIENCE_LEVELS, LICENSE_TYPES, type StudentProfile, SUBURBS, type Suburb } from "@kerb/shared";
import type { ExperienceLevel, LicenseType } from "./wizard-state";

/**
 * `value` in the wizard's lowercase spelling when it is one of the API's `values` (the shared lists:
 * SOME_EXPERIENCE, AUTOMATIC…), in any letter case; null otherwise.
 */
const oneOf = <T extends string>(values: readonly string[], value: string | null | undefined): T | null => {
  const upper = value?.toUpperCase() ?? "";
  return values.includes(upper) ? (upper.toLowerCase() as T) : null;
};

/** What the student told us at sign-up, in the wizard's terms: each null when unknown or unreadable. */
export type ProfileAnswers = {
  suburb: Suburb | null;
  experienceLevel: ExperienceLevel | null;
  licenseType: LicenseType | null;
};

export function profileAnswers(
  profile: Pick<StudentProfile, "suburb" | "experienceLevel" | "licenseType"> | undefined,
): ProfileAnswers {
  return {
    suburb: (SUBURBS as readonly string[]).includes(profile?.suburb ?? "")
      ? (profile?.suburb as Suburb)
      : null,
    experienceLevel: oneOf<ExperienceLevel>(EXPERIENCE_LEVELS, profile?.experienceLevel),
    licenseType: oneOf<LicenseType>(LICENSE_TYPES, profile?.licenseType),
  };
}
