import { type InstructorLessonsPage, instructorLessonsResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type LessonScope, lessonKeys } from "./query-keys";

export const LESSONS_PAGE_SIZE = 20;

type LessonsParams = { scope: LessonScope; page: number };

async function getInstructorLessons(
  { scope, page }: LessonsParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<InstructorLessonsPage> {
  const data = await api.get("/instructor/lessons", {
    query: { scope, page, pageSize: LESSONS_PAGE_SIZE },
    signal,
  });
  return instructorLessonsResponse.parse(data);
}

const getInstructorLessonsQueryOptions = (params: LessonsParams) =>
  queryOptions({
    queryKey: lessonKeys.instructorLessonPage(params.scope, params.page),
    queryFn: ({ signal }) => getInstructorLessons(params, { signal }),
    placeholderData: keepPreviousData,
  });

/** upcoming: scheduled lessons that have not ended, soonest first; past: everything else, newest first. */
export function useInstructorLessons(params: LessonsParams) {
  return useQuery(getInstructorLessonsQueryOptions(params));
}
