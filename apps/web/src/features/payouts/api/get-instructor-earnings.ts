import { type InstructorEarnings, instructorEarningsResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { payoutKeys } from "./query-keys";

async function getInstructorEarnings({ signal }: { signal?: AbortSignal } = {}): Promise<InstructorEarnings> {
  const data = await api.get("/instructor/earnings", { signal });
  return instructorEarningsResponse.parse(data);
}

const getInstructorEarningsQueryOptions = () =>
  queryOptions({
    queryKey: payoutKeys.earnings(),
    queryFn: ({ signal }) => getInstructorEarnings({ signal }),
  });

/** Completed lessons per Sydney month, newest first: gross, the 25% platform fee and net, plus totals. */
export function useInstructorEarnings() {
  return useQuery(getInstructorEarningsQueryOptions());
}
