import type { AuthUser } from "@kerb/shared";
import type * as repo from "./auth.repository.ts";

/** The answers sign-in, refresh and the session checks share. */

export const SESSION_ENDED = "Your session has ended. Please sign in again.";
export const ACCOUNT_SUSPENDED =
  "Your account is suspended, so you can't sign in. If you think this is a mistake, reply to any email from Kerb and we'll look into it.";

/** The user as answered to the client: no token version, no hash. */
export function publicUser({ id, email, role, firstName, lastName, phone }: repo.UserRow): AuthUser {
  return { id, email, role, firstName, lastName, phone };
}
