import { type StudentPaymentsResponse, studentPaymentsResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export async function getStudentPayments({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<StudentPaymentsResponse> {
  const data = await api.get("/student/payments", { signal });
  return studentPaymentsResponse.parse(data);
}

// Under ["student"], so a purchase, cancellation or refund that refreshes the student's data refreshes this too.
export const studentPaymentsQueryKey = ["student", "payments"] as const;

export const getStudentPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: studentPaymentsQueryKey,
    queryFn: ({ signal }) => getStudentPayments({ signal }),
  });

/** The signed-in student's payments, newest first, with their refunds. */
export function useStudentPayments() {
  return useQuery(getStudentPaymentsQueryOptions());
}
