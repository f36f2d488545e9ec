import type { Role } from "@kerb/shared";
import { paths } from "@/config/paths";

/** Where a signed-in user's account settings live (admins have none in the app). */
export function accountPathFor(role: Role): string {
  if (role === "STUDENT") return paths.student.account();
  if (role === "INSTRUCTOR") return paths.instructor.account();
  if (role === "GUARDIAN") return paths.guardian.account();
  return paths.home();
}
