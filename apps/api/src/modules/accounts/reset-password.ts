import type { resetPasswordRequest } from "@kerb/shared";
import { isAccountTokenUsable } from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
// Account tokens are opaque random strings stored as their SHA-256, exactly like refresh tokens.
import { hashOpaqueToken as hashToken } from "../auth/index.ts";
import { afterPasswordChange } from "./account-checks.ts";
import { passwordChangedEmail } from "./account-emails.ts";
import { when } from "./account-links.ts";
import * as repo from "./accounts.repository.ts";

type ResetPassword = z.output<typeof resetPasswordRequest>;

const INVALID_RESET =
  "This password reset link is invalid, already used or expired. Ask for a new one from the login page.";

/**
 * POST /auth/reset-password: a new password from an emailed link, ending every session. Answers the
 * account's email: the browser that followed the link is now trusted for it.
 */
export async function resetPassword(ctx: AppContext, input: ResetPassword): Promise<{ email: string }> {
  const now = ctx.now();
  const found = await repo.findAccountToken(ctx.db, hashToken(input.token), "PASSWORD_RESET");
  if (!found || !isAccountTokenUsable(found, now)) throw new AppError("invalid_reset_token", INVALID_RESET);
  const passwordHash = await hashPassword(input.password);
  return ctx.transact(async (uow) => {
    const { tx } = uow;
    // Two tabs submitting the same link: one wins, the other is told the link is used.
    if (!(await repo.claimAccountToken(tx, found.id, now))) {
      throw new AppError("invalid_reset_token", INVALID_RESET);
    }
    const user = await repo.findAccountUser(tx, found.userId);
    if (!user) throw new AppError("invalid_reset_token", INVALID_RESET);
    await repo.updatePasswordHash(tx, user.id, passwordHash, now);
    await afterPasswordChange(tx, user.id, now);
    await uow.email({ ...passwordChangedEmail(user, when(now)), now });
    return { email: user.email };
  });
}
