/**
 * What other modules may do to a user's sessions (accounts ends them after a password change and hands
 * the device a fresh one): auth owns the refresh tokens and the token version.
 */
import { randomUUID } from "node:crypto";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { type AccessTokenSubject, signAccessToken } from "../../lib/access-token.ts";
import * as repo from "./auth.repository.ts";
import { newRefreshToken } from "./refresh-token.ts";

/** A fresh refresh token (in a new family unless given one) and an access token for `user`. */
export async function issueSession(
  ctx: Pick<AppContext, "auth" | "env">,
  db: Executor,
  user: AccessTokenSubject,
  now: Date,
  familyId: string = randomUUID(),
) {
  const refresh = newRefreshToken();
  await repo.insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: refresh.hash,
    expiresAt: new Date(now.getTime() + ctx.env.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  const access = await signAccessToken(
    ctx.auth,
    { id: user.id, role: user.role, tokenVersion: user.tokenVersion },
    now,
  );
  return { accessToken: access.token, refreshToken: refresh.token };
}

/** Every session of the user ends: refresh tokens revoked, access tokens issued so far outdated. */
export async function endEverySession(db: Executor, userId: string, now: Date) {
  await repo.revokeAllRefreshTokens(db, userId, now);
  await repo.bumpTokenVersion(db, userId);
}
