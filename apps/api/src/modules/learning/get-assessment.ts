import type { StudentAssessmentResponse } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { requireLearner, toAssessment } from "./learner-journey.ts";

export async function getAssessment(ctx: AppContext, studentId: string): Promise<StudentAssessmentResponse> {
  return toAssessment(await requireLearner(ctx, studentId));
}
