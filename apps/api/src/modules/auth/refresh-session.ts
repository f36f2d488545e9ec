import type { RefreshResponse } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./auth.repository.ts";
import { ACCOUNT_SUSPENDED, SESSION_ENDED } from "./auth-answers.ts";
import { hashRefreshToken } from "./refresh-token.ts";
import { issueSession } from "./sessions.ts";

/**
 * POST /auth/refresh: a new access token and a rotated refresh token; a used token presented again ends
 * its whole family.
 */
export async function refreshSession(ctx: AppContext, token: string): Promise<RefreshResponse> {
  const now = ctx.now();
  const row = await repo.findRefreshToken(ctx.db, hashRefreshToken(token));
  if (!row) throw new AppError("unauthorized", SESSION_ENDED);
  // Suspension revoked the token too: say why, rather than reporting it as a reused token.
  if (await repo.isSuspended(ctx.db, row.userId)) {
    throw new AppError("account_suspended", ACCOUNT_SUSPENDED);
  }
  // Revoked on purpose (logout, a password change or reset): it is simply over, and ends nothing else.
  if (row.revokedAt) throw new AppError("unauthorized", SESSION_ENDED);
  if (row.rotatedAt) {
    // A used token presented again means it leaked: end every session descended from that login,
    // and the access tokens already handed out (the token version: the user's other devices renew
    // theirs once with their own refresh tokens, which stay valid).
    await repo.revokeTokenFamily(ctx.db, row.familyId, now);
    await repo.bumpTokenVersion(ctx.db, row.userId);
    throw new AppError("unauthorized", SESSION_ENDED);
  }
  if (row.expiresAt <= now) throw new AppError("unauthorized", SESSION_ENDED);
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.claimRefreshToken(tx, row.id, now))) {
      // Two refreshes of one token at once: one won, the other is a reuse of that family.
      await repo.revokeTokenFamily(tx, row.familyId, now);
      await repo.bumpTokenVersion(tx, row.userId);
      throw new AppError("unauthorized", SESSION_ENDED);
    }
    const user = await repo.findUserById(tx, row.userId);
    if (!user) throw new AppError("unauthorized", SESSION_ENDED);
    return issueSession(ctx, tx, user, ctx.now(), row.familyId);
  });
}
