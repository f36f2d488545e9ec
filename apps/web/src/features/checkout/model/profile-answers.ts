import { type StudentProfile, SUBURBS, type Suburb } from "@kerb/shared";
import type { ExperienceLevel, LicenseType } from "./wizard-state";

const EXPERIENCE_LEVELS: readonly ExperienceLevel[] = ["never_driven", "some_experience", "failed_test"];
const LICENSE_TYPES: readonly LicenseType[] = ["automatic", "manual"];

const oneOf = <T extends string>(values: readonly T[], value: string | null | undefined): T | null => {
  const lower = value?.toLowerCase();
  return (values as readonly string[]).includes(lower ?? "") ? (lower as T) : null;
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
    experienceLevel: oneOf(EXPERIENCE_LEVELS, profile?.experienceLevel),
    licenseType: oneOf(LICENSE_TYPES, profile?.licenseType),
  };
}
