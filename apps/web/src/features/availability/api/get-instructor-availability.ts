import { type InstructorAvailability, instructorAvailabilityResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { availabilityKeys } from "./query-keys";

async function getInstructorAvailability({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<InstructorAvailability> {
  const data = await api.get("/instructor/availability", { signal });
  return instructorAvailabilityResponse.parse(data);
}

const getInstructorAvailabilityQueryOptions = () =>
  queryOptions({
    queryKey: availabilityKeys.ownHours(),
    queryFn: ({ signal }) => getInstructorAvailability({ signal }),
  });

/** Weekly hours, upcoming date overrides, pool opt-in, service suburbs and rates. */
export function useInstructorAvailability() {
  return useQuery(getInstructorAvailabilityQueryOptions());
}
