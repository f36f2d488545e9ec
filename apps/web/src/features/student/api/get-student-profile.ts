import { useQuery } from "@tanstack/react-query";
import { studentProfileQueryOptions } from "@/lib/student-profile";

/** The signed-in student's profile with their bundles and bookings (dashboard, bookings, bundles). */
export function useStudentProfile() {
  return useQuery(studentProfileQueryOptions());
}
