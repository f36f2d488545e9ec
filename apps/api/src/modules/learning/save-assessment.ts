import {
  assessmentDateIssues,
  type StudentAssessmentResponse,
  type studentAssessmentRequest,
} from "@kerb/shared";
import { sydneyTodayDate } from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { requireLearner, toAssessment } from "./learner-journey.ts";
import * as repo from "./learning.repository.ts";

/**
 * Keeps the assessment (the booking wizard's answers when the student books, or the account page's
 * edit): a test date in the past, or a date of birth in the future or under MIN_LEARNER_AGE, is a
 * 400 validation_error naming the field (judged on today's Sydney date).
 */
type AssessmentInput = z.output<typeof studentAssessmentRequest>;

export async function saveAssessment(
  ctx: AppContext,
  studentId: string,
  input: AssessmentInput,
): Promise<StudentAssessmentResponse> {
  const now = ctx.now();
  const issues = assessmentDateIssues(input, sydneyTodayDate(now));
  const [first] = issues;
  if (first) throw new AppError("validation_error", first.message, issues);
  const saved = await repo.saveAssessment(ctx.db, studentId, {
    experienceLevel: input.experienceLevel,
    licenseType: input.licenseType,
    targetTestDate: input.targetTestDate,
    focusSkills: input.focusSkills,
    assessedAt: now,
    ...(input.dateOfBirth === undefined ? {} : { dateOfBirth: input.dateOfBirth }),
  });
  if (!saved) throw new AppError("not_found", "We could not find your profile");
  return toAssessment(await requireLearner(ctx, studentId));
}
