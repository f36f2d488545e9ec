import { useQuery } from "@tanstack/react-query";
import { studentProfileQueryOptions } from "@/lib/student-profile";

/** The suburb on the student's profile: where a bundle from before suburbs were recorded is spent. */
export function useStudentSuburb({ enabled }: { enabled: boolean }) {
  return useQuery({ ...studentProfileQueryOptions(), enabled, select: (profile) => profile.suburb });
}
