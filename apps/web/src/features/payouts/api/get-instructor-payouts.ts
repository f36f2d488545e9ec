import { type InstructorPayoutsResponse, instructorPayoutsResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export async function getInstructorPayouts({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<InstructorPayoutsResponse> {
  const data = await api.get("/instructor/payouts", { signal });
  return instructorPayoutsResponse.parse(data);
}

export const instructorPayoutsQueryKey = ["instructor", "payouts"] as const;

export const getInstructorPayoutsQueryOptions = () =>
  queryOptions({
    queryKey: instructorPayoutsQueryKey,
    queryFn: ({ signal }) => getInstructorPayouts({ signal }),
  });

/** The instructor's weekly payouts (newest first), payout details and what is not paid out yet. */
export function useInstructorPayouts() {
  return useQuery(getInstructorPayoutsQueryOptions());
}
