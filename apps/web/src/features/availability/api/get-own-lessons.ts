import { useQuery } from "@tanstack/react-query";
import { studentProfileQueryOptions } from "@/lib/student-profile";

/** Every lesson of the signed-in student, whatever its status (from the shared profile query). */
export function useOwnLessons() {
  return useQuery({ ...studentProfileQueryOptions(), select: (profile) => profile.bookings });
}
