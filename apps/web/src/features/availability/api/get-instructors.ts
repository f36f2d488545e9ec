import { type InstructorListing, instructorsResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { availabilityKeys, type GetInstructorsQuery } from "./query-keys";

/** Instructors teaching in a suburb; with assessment answers they come best match first. */
async function getInstructors(
  query: GetInstructorsQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<InstructorListing[]> {
  const data = await api.get("/student/instructors", { query, signal });
  return instructorsResponse.parse(data);
}

export const getInstructorsQueryOptions = (query: GetInstructorsQuery) =>
  queryOptions({
    queryKey: availabilityKeys.instructors(query),
    queryFn: ({ signal }) => getInstructors(query, { signal }),
  });

export function useInstructors(query: GetInstructorsQuery) {
  return useQuery({ ...getInstructorsQueryOptions(query), placeholderData: keepPreviousData });
}
