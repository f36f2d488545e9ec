import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { verifyPassword } from "../../lib/passwords.ts";
import { endEverySession } from "../auth/index.ts";
import * as repo from "./accounts.repository.ts";

export const SESSION_ENDED = "Your session has ended. Please sign in again.";
export const EMAIL_TAKEN = "An account with this email already exists.";
const WRONG_CURRENT_PASSWORD = "Your current password is not right";

/** After a password change: every session ends (refresh tokens revoked, access tokens outdated). */
export async function afterPasswordChange(tx: Executor, userId: string, now: Date) {
  await endEverySession(tx, userId, now);
  // A reset link still in an inbox must not undo the password just chosen.
  await repo.retireUnusedTokens(tx, userId, "PASSWORD_RESET", now);
}

/** The signed-in user's current password, asked again before a password or email change. */
export async function checkCurrentPassword(ctx: AppContext, userId: string, password: string) {
  const hash = await repo.findPasswordHash(ctx.db, userId);
  // verifyPassword spends a hash's time even without one, like login.
  if (!(await verifyPassword(hash, password))) {
    if (!hash) throw new AppError("unauthorized", SESSION_ENDED);
    throw new AppError("invalid_current_password", WRONG_CURRENT_PASSWORD, [
      { path: "currentPassword", message: WRONG_CURRENT_PASSWORD },
    ]);
  }
}
