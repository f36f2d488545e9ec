import { DRAFT_LIFETIME_MINUTES } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { type AuthenticatedUser, signAccessToken } from "../../lib/access-token.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./auth.repository.ts";
import { SESSION_ENDED } from "./auth-answers.ts";

/**
 * POST /auth/extend-session: a fresh access token for a booking in progress, without the refresh token.
 * Bounded: only while the session is younger than a booking draft may live (DRAFT_LIFETIME_MINUTES); past
 * that the client signs in again or refreshes, so a stolen access token cannot be kept alive for ever.
 */
export async function extendSession(ctx: AppContext, user: AuthenticatedUser) {
  const now = ctx.now();
  const started = user.sessionStartedAt ?? now;
  if (now.getTime() - started.getTime() > DRAFT_LIFETIME_MINUTES * 60_000) {
    throw new AppError("unauthorized", SESSION_ENDED);
  }
  const found = await repo.findUserById(ctx.db, user.id);
  if (!found) throw new AppError("unauthorized", SESSION_ENDED);
  const access = await signAccessToken(
    ctx.auth,
    { id: found.id, role: found.role, tokenVersion: found.tokenVersion, sessionStartedAt: started },
    now,
  );
  return { accessToken: access.token, expiresAt: access.expiresAt.toISOString() };
}
