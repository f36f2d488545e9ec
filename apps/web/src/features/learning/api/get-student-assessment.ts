import { type StudentAssessmentResponse, studentAssessmentResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { learningKeys } from "./query-keys";

/** The assessment kept with the student's account (the booking wizard's answers, or the account page's). */
async function getStudentAssessment({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<StudentAssessmentResponse> {
  return studentAssessmentResponse.parse(await api.get("/student/assessment", { signal }));
}

const studentAssessmentQueryOptions = () =>
  queryOptions({
    queryKey: learningKeys.assessment(),
    queryFn: ({ signal }) => getStudentAssessment({ signal }),
  });

export function useStudentAssessment({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...studentAssessmentQueryOptions(), enabled });
}
