import { type StudentProfile, studentProfileResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api-client";
import { studentProfileKeys } from "./query-keys";

/**
 * The signed-in student's profile (bundles and bookings). The student pages and the booking wizard
 * read it through one query, so they share one cached copy, and the refetch after a payment (which
 * invalidates the student scope, scopeKeys.student) refreshes both.
 */
async function getStudentProfile({ signal }: { signal?: AbortSignal } = {}): Promise<StudentProfile> {
  return studentProfileResponse.parse(await api.get("/student/profile", { signal }));
}

export const studentProfileQueryOptions = () =>
  queryOptions({
    queryKey: studentProfileKeys.profile(),
    queryFn: ({ signal }) => getStudentProfile({ signal }),
  });

/** The signed-in student's profile with their bundles and bookings (dashboard, bookings, bundles). */
export function useStudentProfile() {
  return useQuery(studentProfileQueryOptions());
}
