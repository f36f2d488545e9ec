import type { AppContext } from "../../context.ts";
import * as repo from "./auth.repository.ts";
import { hashRefreshToken } from "./refresh-token.ts";

/**
 * POST /auth/logout: ends the refresh token's family and every access token of its user (the token version
 * moves on; the user's other devices refresh once with their own refresh tokens). `signedInUserId` comes
 * from a valid bearer token sent along, so a client that lost its refresh token can still log out.
 */
export async function logOut(ctx: AppContext, token: string | undefined, signedInUserId?: string) {
  const row = token ? await repo.findRefreshToken(ctx.db, hashRefreshToken(token)) : undefined;
  const userIds = new Set([row?.userId, signedInUserId].filter((id) => id !== undefined));
  if (!row && userIds.size === 0) return;
  await ctx.db.transaction(async (tx) => {
    if (row) await repo.revokeTokenFamily(tx, row.familyId, ctx.now());
    for (const userId of userIds) await repo.bumpTokenVersion(tx, userId);
  });
}
