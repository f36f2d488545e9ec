import type { EmailChangeResponse, emailChangeRequest } from "@kerb/shared";
import { paths } from "@kerb/shared/paths";
import { accountTokenExpiresAt } from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { AuthenticatedUser } from "../../lib/access-token.ts";
import { AppError } from "../../lib/app-error.ts";
// Account tokens are opaque random strings stored as their SHA-256, exactly like refresh tokens.
import { newOpaqueToken as newToken } from "../auth/index.ts";
import { ONE_TIME_SECRET_PLACEHOLDER } from "../notifications/index.ts";
import { checkCurrentPassword, EMAIL_TAKEN, SESSION_ENDED } from "./account-checks.ts";
import { emailChangeConfirmEmail } from "./account-emails.ts";
import { webLink } from "./account-links.ts";
import * as repo from "./accounts.repository.ts";

type EmailChange = z.output<typeof emailChangeRequest>;

/**
 * POST /auth/email-change: sends a confirmation link to the new address; the account keeps its email
 * until it is followed.
 */
export async function requestEmailChange(
  ctx: AppContext,
  signedIn: AuthenticatedUser,
  input: EmailChange,
): Promise<EmailChangeResponse> {
  await checkCurrentPassword(ctx, signedIn.id, input.currentPassword);
  const now = ctx.now();
  const user = await repo.findAccountUser(ctx.db, signedIn.id);
  if (!user) throw new AppError("unauthorized", SESSION_ENDED);
  if (user.email.toLowerCase() === input.newEmail) {
    throw new AppError("bad_request", "That is already your email address", [
      { path: "newEmail", message: "That is already your email address" },
    ]);
  }
  if (await repo.findAccountUserByEmail(ctx.db, input.newEmail))
    throw new AppError("email_taken", EMAIL_TAKEN);
  const token = newToken();
  await ctx.transact(async (uow) => {
    const { tx } = uow;
    // Only the newest request counts: earlier links stop working.
    await repo.retireUnusedTokens(tx, user.id, "EMAIL_CHANGE", now);
    await repo.insertAccountToken(tx, {
      userId: user.id,
      purpose: "EMAIL_CHANGE",
      tokenHash: token.hash,
      newEmail: input.newEmail,
      expiresAt: accountTokenExpiresAt("EMAIL_CHANGE", now),
      createdAt: now,
    });
    const url = webLink(ctx, paths.auth.confirmEmail({ token: ONE_TIME_SECRET_PLACEHOLDER }));
    await uow.email({
      ...emailChangeConfirmEmail(user, input.newEmail, url),
      oneTimeSecret: token.token,
      now,
    });
  });
  return { pendingEmail: input.newEmail };
}
