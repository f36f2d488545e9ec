import { type InstructorAvailability, instructorAvailabilityResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export async function getInstructorAvailability({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<InstructorAvailability> {
  const data = await api.get("/instructor/availability", { signal });
  return instructorAvailabilityResponse.parse(data);
}

export const instructorAvailabilityQueryKey = ["instructor", "availability"] as const;

export const getInstructorAvailabilityQueryOptions = () =>
  queryOptions({
    queryKey: instructorAvailabilityQueryKey,
    queryFn: ({ signal }) => getInstructorAvailability({ signal }),
  });

/** Weekly hours, upcoming date overrides, pool opt-in, service suburbs and rates. */
export function useInstructorAvailability() {
  return useQuery(getInstructorAvailabilityQueryOptions());
}
