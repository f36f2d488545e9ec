import type { AuthUser, OutstandingLegalDocument } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import type { AuthenticatedUser } from "../../lib/access-token.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./auth.repository.ts";
import { publicUser, SESSION_ENDED } from "./auth-answers.ts";
import { outstandingLegalFor } from "./legal-acceptances.ts";

/**
 * GET /auth/me: the signed-in user, as answered to the client, and the current versions of the terms it
 * has yet to accept (the web asks for them before going on).
 */
export async function getCurrentUser(
  ctx: AppContext,
  user: AuthenticatedUser,
): Promise<{ user: AuthUser; outstandingLegal: OutstandingLegalDocument[] }> {
  const found = await repo.findUserById(ctx.db, user.id);
  if (!found) throw new AppError("unauthorized", SESSION_ENDED);
  return { user: publicUser(found), outstandingLegal: await outstandingLegalFor(ctx.db, found) };
}
