import { type InstructorDashboard, instructorDashboardResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export async function getInstructorDashboard({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<InstructorDashboard> {
  const data = await api.get("/instructor/dashboard", { signal });
  return instructorDashboardResponse.parse(data);
}

export const instructorDashboardQueryKey = ["instructor", "dashboard"] as const;

export const getInstructorDashboardQueryOptions = () =>
  queryOptions({
    queryKey: instructorDashboardQueryKey,
    queryFn: ({ signal }) => getInstructorDashboard({ signal }),
  });

/** Tiles, today's schedule, the next five lessons and the instructor's details (spec §2). */
export function useInstructorDashboard() {
  return useQuery(getInstructorDashboardQueryOptions());
}
