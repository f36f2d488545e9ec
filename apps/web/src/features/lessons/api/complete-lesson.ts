import { type LessonActionResponse, lessonActionResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invalidateAfterLessonChange } from "./lesson-change";

/** Only a SCHEDULED lesson that has ended can be marked completed (the server checks). */
async function completeLesson(lessonId: string): Promise<LessonActionResponse> {
  const data = await api.post(`/instructor/lessons/${encodeURIComponent(lessonId)}/complete`);
  return lessonActionResponse.parse(data);
}

export function useCompleteLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeLesson,
    onSuccess: () => invalidateAfterLessonChange(queryClient),
  });
}
