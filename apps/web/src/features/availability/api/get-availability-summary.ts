import { type AvailabilitySummary, availabilitySummaryResponse, LESSON_MINUTES } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type AvailabilityQuery, availabilityKeys } from "./query-keys";

export function toSearchParams(query: AvailabilityQuery) {
  return {
    suburb: query.suburb,
    startDate: query.startDate,
    endDate: query.endDate,
    instructorId: query.instructorId,
    poolHoursOnly: query.poolHoursOnly ? "true" : undefined,
    lessonMinutes:
      query.lessonMinutes !== undefined && query.lessonMinutes !== LESSON_MINUTES
        ? String(query.lessonMinutes)
        : undefined,
  };
}

/** Per Sydney date of the range: whether anything is free and how many pool and standard slots. */
async function getAvailabilitySummary(
  query: AvailabilityQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AvailabilitySummary> {
  const data = await api.get("/student/availability-summary", { query: toSearchParams(query), signal });
  return availabilitySummaryResponse.parse(data);
}

const getAvailabilitySummaryQueryOptions = (query: AvailabilityQuery) =>
  queryOptions({
    queryKey: availabilityKeys.summary(query),
    queryFn: ({ signal }) => getAvailabilitySummary(query, { signal }),
  });

export function useAvailabilitySummary(query: AvailabilityQuery) {
  return useQuery(getAvailabilitySummaryQueryOptions(query));
}
