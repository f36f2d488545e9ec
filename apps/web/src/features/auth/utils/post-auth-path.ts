import type { AuthUser } from "@kerb/shared";
import { paths } from "@/config/paths";
import { hasResumableBookingDraft } from "@/lib/booking-draft";

/**
 * Where a user lands after logging in or registering (spec §4 "After login"): a student with a saved
 * booking to its resume URL, otherwise students and instructors to their dashboards, guardians to the
 * learners they follow, and "others" (admins) to /, whose navbar and home page lead into the operator
 * console.
 */
export function postAuthPath(user: Pick<AuthUser, "role">, now: number = Date.now()): string {
  switch (user.role) {
    case "STUDENT":
      return hasResumableBookingDraft(now)
        ? paths.student.bookLessons({ resume: true })
        : paths.student.dashboard();
    case "INSTRUCTOR":
      return paths.instructor.dashboard();
    case "GUARDIAN":
      return paths.guardian.home();
    default:
      return paths.home();
  }
}
