import { type InstructorDashboard, instructorDashboardResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { instructorKeys } from "./query-keys";

async function getInstructorDashboard({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<InstructorDashboard> {
  const data = await api.get("/instructor/dashboard", { signal });
  return instructorDashboardResponse.parse(data);
}

const getInstructorDashboardQueryOptions = () =>
  queryOptions({
    queryKey: instructorKeys.dashboard(),
    queryFn: ({ signal }) => getInstructorDashboard({ signal }),
    // A composite of lessons, availability and compliance, which sit below it and never name it: asked
    // again on every visit instead of being invalidated by each change there.
    staleTime: 0,
  });

/** Tiles, today's schedule, the next five lessons and the instructor's details (spec §2). */
export function useInstructorDashboard() {
  return useQuery(getInstructorDashboardQueryOptions());
}
