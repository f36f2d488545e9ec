import { type LessonActionResponse, type LessonRecordRequest, lessonActionResponse } from "@kerb/shared";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Records (or edits) what a completed lesson taught; the answer is the lesson with its record. */
async function saveLessonRecord({
  lessonId,
  record,
}: {
  lessonId: string;
  record: LessonRecordRequest;
}): Promise<LessonActionResponse> {
  const data = await apiRequest(`/instructor/lessons/${encodeURIComponent(lessonId)}/record`, {
    method: "PUT",
    body: record,
  });
  return lessonActionResponse.parse(data);
}

/** `onSaved`: the lesson lists are the lessons feature's, which refreshes them. */
export function useSaveLessonRecord({ onSaved }: { onSaved?: (saved: LessonActionResponse) => void } = {}) {
  return useMutation({ mutationFn: saveLessonRecord, onSuccess: (saved) => onSaved?.(saved) });
}
