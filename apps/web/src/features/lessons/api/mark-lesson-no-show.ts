import { type LessonActionResponse, lessonActionResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invalidateAfterLessonChange } from "./lesson-change";

/** The student did not turn up; like completion, only once the lesson has ended. */
async function markLessonNoShow(lessonId: string): Promise<LessonActionResponse> {
  const data = await api.post(`/instructor/lessons/${encodeURIComponent(lessonId)}/no-show`);
  return lessonActionResponse.parse(data);
}

export function useMarkLessonNoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markLessonNoShow,
    onSuccess: () => invalidateAfterLessonChange(queryClient),
  });
}
