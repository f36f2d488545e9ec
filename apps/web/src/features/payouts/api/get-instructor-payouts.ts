import { type InstructorPayoutsResponse, instructorPayoutsResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { payoutKeys } from "./query-keys";

async function getInstructorPayouts({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<InstructorPayoutsResponse> {
  const data = await api.get("/instructor/payouts", { signal });
  return instructorPayoutsResponse.parse(data);
}

const getInstructorPayoutsQueryOptions = () =>
  queryOptions({
    queryKey: payoutKeys.instructorPayouts(),
    queryFn: ({ signal }) => getInstructorPayouts({ signal }),
  });

/** The instructor's weekly payouts (newest first), payout details and what is not paid out yet. */
export function useInstructorPayouts() {
  return useQuery(getInstructorPayoutsQueryOptions());
}
