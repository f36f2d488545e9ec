import { type StudentPaymentsResponse, studentPaymentsResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { receiptKeys } from "./query-keys";

async function getStudentPayments({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<StudentPaymentsResponse> {
  const data = await api.get("/student/payments", { signal });
  return studentPaymentsResponse.parse(data);
}

// Under ["student"], so a purchase, cancellation or refund that refreshes the student's data refreshes this too.
const getStudentPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: receiptKeys.studentPayments(),
    queryFn: ({ signal }) => getStudentPayments({ signal }),
  });

/** The signed-in student's payments, newest first, with their refunds. */
export function useStudentPayments() {
  return useQuery(getStudentPaymentsQueryOptions());
}
