import type { AuthUser } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import type { AuthenticatedUser } from "../../lib/access-token.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./auth.repository.ts";
import { publicUser, SESSION_ENDED } from "./auth-answers.ts";

/** GET /auth/me: the signed-in user, as answered to the client. */
export async function getCurrentUser(ctx: AppContext, user: AuthenticatedUser): Promise<AuthUser> {
  const found = await repo.findUserById(ctx.db, user.id);
  if (!found) throw new AppError("unauthorized", SESSION_ENDED);
  return publicUser(found);
}
