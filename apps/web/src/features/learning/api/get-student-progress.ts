import { type StudentProgress, studentProgressResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { learningKeys } from "./query-keys";

async function getStudentProgress({ signal }: { signal?: AbortSignal } = {}): Promise<StudentProgress> {
  return studentProgressResponse.parse(await api.get("/student/progress", { signal }));
}

const studentProgressQueryOptions = () =>
  queryOptions({
    queryKey: learningKeys.progress(),
    queryFn: ({ signal }) => getStudentProgress({ signal }),
  });

/** Every skill's latest level, lessons done, the latest notes and what to work on next. */
export function useStudentProgress() {
  return useQuery(studentProgressQueryOptions());
}
