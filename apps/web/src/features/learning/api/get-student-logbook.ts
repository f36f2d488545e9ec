import { type StudentLogbook, studentLogbookResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { learningKeys } from "./query-keys";

async function getStudentLogbook({ signal }: { signal?: AbortSignal } = {}): Promise<StudentLogbook> {
  return studentLogbookResponse.parse(await api.get("/student/logbook", { signal }));
}

const studentLogbookQueryOptions = () =>
  queryOptions({ queryKey: learningKeys.logbook(), queryFn: ({ signal }) => getStudentLogbook({ signal }) });

/** The NSW logbook hours the student's lessons credit, towards 120 hours and 20 at night. */
export function useStudentLogbook() {
  return useQuery(studentLogbookQueryOptions());
}
