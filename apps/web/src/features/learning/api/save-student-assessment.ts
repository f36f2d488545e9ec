import {
  type StudentAssessmentRequest,
  type StudentAssessmentResponse,
  studentAssessmentResponse,
} from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { scopeKeys, studentProfileKeys } from "@/lib/query-keys";
import { learningKeys } from "./query-keys";

/**
 * Keeps the student's assessment with their account. Without `dateOfBirth` the one on record stays (the
 * booking wizard does not ask for it); null removes it.
 */
export async function saveStudentAssessment(
  payload: StudentAssessmentRequest,
): Promise<StudentAssessmentResponse> {
  const data = await apiRequest("/student/assessment", { method: "PUT", body: payload });
  return studentAssessmentResponse.parse(data);
}

export function useSaveStudentAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStudentAssessment,
    onSuccess: (saved) => {
      queryClient.setQueryData(learningKeys.assessment(), saved);
      // The licence type is the profile's too; the progress page shows the focus skills.
      void queryClient.invalidateQueries({ queryKey: scopeKeys.account });
      void queryClient.invalidateQueries({ queryKey: studentProfileKeys.profile() });
      void queryClient.invalidateQueries({ queryKey: learningKeys.progress() });
    },
  });
}
