import { type InstructorLessonsPage, instructorLessonsResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type LessonScope = "upcoming" | "past";

export const LESSONS_PAGE_SIZE = 20;

type LessonsParams = { scope: LessonScope; page: number };

export async function getInstructorLessons(
  { scope, page }: LessonsParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<InstructorLessonsPage> {
  const data = await api.get("/instructor/lessons", {
    query: { scope, page, pageSize: LESSONS_PAGE_SIZE },
    signal,
  });
  return instructorLessonsResponse.parse(data);
}

export const instructorLessonsQueryKey = ["instructor", "lessons"] as const;

export const getInstructorLessonsQueryOptions = (params: LessonsParams) =>
  queryOptions({
    queryKey: [...instructorLessonsQueryKey, params.scope, params.page] as const,
    queryFn: ({ signal }) => getInstructorLessons(params, { signal }),
    placeholderData: keepPreviousData,
  });

/** upcoming: scheduled lessons that have not ended, soonest first; past: everything else, newest first. */
export function useInstructorLessons(params: LessonsParams) {
  return useQuery(getInstructorLessonsQueryOptions(params));
}
