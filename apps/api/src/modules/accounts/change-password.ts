import type { ChangePasswordResponse, changePasswordRequest } from "@kerb/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { AuthenticatedUser } from "../../lib/access-token.ts";
import { AppError } from "../../lib/app-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
// Account tokens are opaque random strings stored as their SHA-256, exactly like refresh tokens.
import { issueSession } from "../auth/index.ts";
import { afterPasswordChange, checkCurrentPassword, SESSION_ENDED } from "./account-checks.ts";
import { passwordChangedEmail } from "./account-emails.ts";
import { when } from "./account-links.ts";
import * as repo from "./accounts.repository.ts";

type ChangePassword = z.output<typeof changePasswordRequest>;

/**
 * POST /auth/change-password: a new password, the current one asked again. Ends every other session and
 * hands this device a fresh one.
 */
export async function changePassword(
  ctx: AppContext,
  signedIn: AuthenticatedUser,
  input: ChangePassword,
): Promise<ChangePasswordResponse> {
  await checkCurrentPassword(ctx, signedIn.id, input.currentPassword);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  return ctx.transact(async (uow) => {
    const { tx } = uow;
    await repo.updatePasswordHash(tx, signedIn.id, passwordHash, now);
    await afterPasswordChange(tx, signedIn.id, now);
    const user = await repo.findAccountUser(tx, signedIn.id);
    if (!user) throw new AppError("unauthorized", SESSION_ENDED);
    await uow.email({ ...passwordChangedEmail(user, when(now)), now });
    return issueSession(ctx, tx, user, now);
  });
}
