import { type HeldLessonsPage, heldLessonsResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { complianceKeys, type HeldLessonsParams } from "./query-keys";

async function getHeldLessons(
  query: HeldLessonsParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<HeldLessonsPage> {
  const data = await api.get("/admin/held-lessons", { query, signal });
  return heldLessonsResponse.parse(data);
}

const getHeldLessonsOptions = (query: HeldLessonsParams) =>
  queryOptions({
    queryKey: complianceKeys.heldLessonList(query),
    queryFn: ({ signal }) => getHeldLessons(query, { signal }),
    placeholderData: keepPreviousData,
  });

/** Lessons taught while their instructor was not allowed to teach, waiting for a decision; oldest first. */
export function useHeldLessons(query: HeldLessonsParams) {
  return useQuery(getHeldLessonsOptions(query));
}
