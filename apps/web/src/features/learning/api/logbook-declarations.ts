import {
  type OutsideLessonRequest,
  type SaferDriversCourseRequest,
  type StudentLogbook,
  studentLogbookResponse,
} from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { learningKeys } from "./query-keys";

// What the learner declares for their NSW logbook (issue 31): lessons with other schools and their
// Safer Drivers Course. Each answer is the whole logbook as it now stands, so the card shows it at once.

const logbookOf = (data: unknown): StudentLogbook => studentLogbookResponse.parse(data);

function useLogbookMutation<V>(send: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: V) => logbookOf(await send(variables)),
    onSuccess: (logbook) => queryClient.setQueryData(learningKeys.logbook(), logbook),
  });
}

export function useDeclareOutsideLesson() {
  return useLogbookMutation((body: OutsideLessonRequest) =>
    apiRequest("/student/logbook/outside-lessons", { method: "POST", body }),
  );
}

export function useRemoveOutsideLesson() {
  return useLogbookMutation((id: string) =>
    apiRequest(`/student/logbook/outside-lessons/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );
}

export function useRecordSaferDriversCourse() {
  return useLogbookMutation((body: SaferDriversCourseRequest) =>
    apiRequest("/student/logbook/safer-drivers-course", { method: "PUT", body }),
  );
}

export function useRemoveSaferDriversCourse() {
  return useLogbookMutation<void>(() =>
    apiRequest("/student/logbook/safer-drivers-course", { method: "DELETE" }),
  );
}
