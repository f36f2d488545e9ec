import {
  EXPERIENCE_LEVELS,
  LICENSE_TYPES,
  type StudentAssessmentRequest,
  type StudentAssessmentResponse,
  type StudentProfile,
  SUBURBS,
  type Suburb,
} from "@kerb/shared";
import { isFocusSkill } from "@kerb/shared/rules";
import type { AssessmentData, ExperienceLevel, LicenseType } from "./wizard-state";

/**
 * `value` in the wizard's lowercase spelling when it is one of the API's `values` (the shared lists:
 * SOME_EXPERIENCE, AUTOMATIC…), in any letter case; null otherwise.
 */
const oneOf = <T extends string>(values: readonly string[], value: string | null | undefined): T | null => {
  const upper = value?.toUpperCase() ?? "";
  return values.includes(upper) ? (upper.toLowerCase() as T) : null;
};

/** What the student told us at sign-up, in the wizard's terms: each null when unknown or unreadable. */
type ProfileAnswers = {
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

/**
 * The rest of the assessment kept with the account (issue 23), in the wizard's terms: the target test
 * date unless it has passed, and the focus skills. Null fields when nothing is kept.
 */
export function savedAssessmentAnswers(
  saved: Pick<StudentAssessmentResponse, "targetTestDate" | "focusSkills"> | undefined,
  today: string,
): { targetDate: string | null; specificSkills: string[] } {
  const targetDate = saved?.targetTestDate ?? null;
  return {
    targetDate: targetDate && targetDate >= today ? targetDate : null,
    specificSkills: [...(saved?.focusSkills ?? [])],
  };
}

/**
 * The wizard's answers as the account keeps them (PUT /api/student/assessment), or null while the two
 * required answers are missing. A test date that has passed meanwhile (a draft resumed days later) is
 * left out rather than refused; the date of birth is the account page's, so it is not sent.
 */
export function assessmentToSave(answers: AssessmentData, today: string): StudentAssessmentRequest | null {
  const experienceLevel = oneOf<ExperienceLevel>(EXPERIENCE_LEVELS, answers.experienceLevel);
  const licenseType = oneOf<LicenseType>(LICENSE_TYPES, answers.licenseType);
  if (!experienceLevel || !licenseType) return null;
  return {
    experienceLevel: experienceLevel.toUpperCase() as StudentAssessmentRequest["experienceLevel"],
    licenseType: licenseType.toUpperCase() as StudentAssessmentRequest["licenseType"],
    targetTestDate: answers.targetDate && answers.targetDate >= today ? answers.targetDate : null,
    focusSkills: answers.specificSkills.filter(isFocusSkill),
  };
}
