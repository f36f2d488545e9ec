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

/**
 * A `returnTo` the login page may follow: a path of this app only (never another site: "//evil.test",
 * "/\\evil.test" or "https://…" are refused), and never the login page itself.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  try {
    const url = new URL(value, "http://kerb.invalid");
    if (url.origin !== "http://kerb.invalid" || url.pathname === paths.auth.login()) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
