import { type StudentProfile, studentProfileResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export async function getStudentProfile({ signal }: { signal?: AbortSignal } = {}): Promise<StudentProfile> {
  const data = await api.get("/student/profile", { signal });
  return studentProfileResponse.parse(data);
}

export const studentProfileQueryKey = ["student", "profile"] as const;

export const getStudentProfileQueryOptions = () =>
  queryOptions({
    queryKey: studentProfileQueryKey,
    queryFn: ({ signal }) => getStudentProfile({ signal }),
  });

/** The signed-in student's profile with their bundles and bookings (dashboard, bookings, bundles). */
export function useStudentProfile() {
  return useQuery(getStudentProfileQueryOptions());
}
