import {
  type InstructorCancelLessonRequest,
  type LessonCancellationResponse,
  lessonCancellationResponse,
} from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invalidateAfterLessonChange } from "./lesson-change";

/**
 * An instructor's cancellation always refunds the student in full (or returns the bundle credit); the
 * reason goes in the student's email.
 */
async function cancelInstructorLesson({
  lessonId,
  ...body
}: InstructorCancelLessonRequest & { lessonId: string }): Promise<LessonCancellationResponse> {
  const data = await api.post(`/instructor/lessons/${encodeURIComponent(lessonId)}/cancel`, body);
  return lessonCancellationResponse.parse(data);
}

export function useCancelInstructorLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInstructorLesson,
    onSuccess: () => invalidateAfterLessonChange(queryClient),
  });
}
