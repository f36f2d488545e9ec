import { type RecordTestOutcomeRequest, recordTestOutcomeResponse, type TestPackSummary } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { invalidateAfterLessonChange } from "./lesson-change";

async function recordTestOutcome(input: {
  lessonId: string;
  body: RecordTestOutcomeRequest;
}): Promise<TestPackSummary> {
  const data = await apiRequest(`/instructor/lessons/${encodeURIComponent(input.lessonId)}/test-outcome`, {
    method: "POST",
    body: input.body,
  });
  return recordTestOutcomeResponse.parse(data).testPack;
}

/** The instructor records how the learner's driving test went; a pass or fail completes the block. */
export function useRecordTestOutcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordTestOutcome,
    onSuccess: () => invalidateAfterLessonChange(queryClient),
  });
}
