import type { ConfirmEmailChangeResponse } from "@kerb/shared";
import { isAccountTokenUsable } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { pgErrorCode } from "../../lib/pg-error-code.ts";
// Account tokens are opaque random strings stored as their SHA-256, exactly like refresh tokens.
import { hashOpaqueToken as hashToken } from "../auth/index.ts";
import { EMAIL_TAKEN } from "./account-checks.ts";
import { emailChangedEmail } from "./account-emails.ts";
import * as repo from "./accounts.repository.ts";

const INVALID_EMAIL_CHANGE =
  "This confirmation link is invalid, already used or expired. Ask for the email change again.";

/**
 * POST /auth/email-change/confirm: the account takes the new address. The token proves the new inbox is
 * theirs; no sign-in needed (the link may open on another device).
 */
export async function confirmEmailChange(
  ctx: AppContext,
  token: string,
): Promise<ConfirmEmailChangeResponse> {
  const now = ctx.now();
  const found = await repo.findAccountToken(ctx.db, hashToken(token), "EMAIL_CHANGE");
  if (!found?.newEmail || !isAccountTokenUsable(found, now)) {
    throw new AppError("invalid_email_change_token", INVALID_EMAIL_CHANGE);
  }
  const newEmail = found.newEmail;
  try {
    await ctx.transact(async (uow) => {
      const { tx } = uow;
      if (!(await repo.claimAccountToken(tx, found.id, now))) {
        throw new AppError("invalid_email_change_token", INVALID_EMAIL_CHANGE);
      }
      const user = await repo.findAccountUser(tx, found.userId);
      if (!user) throw new AppError("invalid_email_change_token", INVALID_EMAIL_CHANGE);
      // Taken since the request: the unique index answers, whatever the case of either address.
      await repo.updateEmail(tx, user.id, newEmail, now);
      // A reset link sent to the old address must not outlive it: whoever reads that mailbox now
      // could otherwise still take the account.
      await repo.retireUnusedTokens(tx, user.id, "PASSWORD_RESET", now);
      await uow.audit({
        actorId: user.id,
        action: "user.email_change",
        targetType: "user",
        targetId: user.id,
        details: { before: { email: user.email }, after: { email: newEmail } },
        createdAt: now,
      });
      await uow.email({ ...emailChangedEmail(user, newEmail), now });
    });
  } catch (error) {
    if (pgErrorCode(error) === "23505") throw new AppError("email_taken", EMAIL_TAKEN);
    throw error;
  }
  return { email: newEmail };
}
