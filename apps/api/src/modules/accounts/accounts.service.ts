import { setTimeout as sleep } from "node:timers/promises";
import type {
  AdminUser,
  ChangePasswordResponse,
  ConfirmEmailChangeResponse,
  changePasswordRequest,
  EmailChangeResponse,
  emailChangeRequest,
  resetPasswordRequest,
} from "@kerb/shared";
import { paths } from "@kerb/shared/paths";
import {
  accountTokenExpiresAt,
  formatSydneyDate,
  formatSydneyTime,
  isAccountTokenUsable,
  MAX_RESET_EMAILS_PER_WINDOW,
  RESET_EMAIL_WINDOW_MINUTES,
} from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { publicOrigin } from "../../env.ts";
import type { AuthenticatedUser } from "../../lib/access-token.ts";
import { AppError } from "../../lib/app-error.ts";
import { type PageQuery, pageOf, pageWindow } from "../../lib/paging.ts";
import { hashPassword, verifyPassword } from "../../lib/passwords.ts";
import { pgErrorCode } from "../../lib/pg-error-code.ts";
// Account tokens are opaque random strings stored as their SHA-256, exactly like refresh tokens.
import {
  endEverySession,
  hashOpaqueToken as hashToken,
  issueSession,
  newOpaqueToken as newToken,
} from "../auth/index.ts";
import { ONE_TIME_SECRET_PLACEHOLDER } from "../notifications/outbox.ts";
import {
  emailChangeConfirmEmail,
  emailChangedEmail,
  passwordChangedEmail,
  passwordResetEmail,
} from "./account-emails.ts";
import { toAdminUser } from "./account-suspension.ts";
import * as repo from "./accounts.repository.ts";

type ResetPassword = z.output<typeof resetPasswordRequest>;
type ChangePassword = z.output<typeof changePasswordRequest>;
type EmailChange = z.output<typeof emailChangeRequest>;

const INVALID_RESET =
  "This password reset link is invalid, already used or expired. Ask for a new one from the login page.";
const INVALID_EMAIL_CHANGE =
  "This confirmation link is invalid, already used or expired. Ask for the email change again.";
const WRONG_CURRENT_PASSWORD = "Your current password is not right";
const SESSION_ENDED = "Your session has ended. Please sign in again.";
const EMAIL_TAKEN = "An account with this email already exists.";
/** Stands in for the account of an unknown address, so both paths run the same queries. */
const NO_USER = "00000000-0000-0000-0000-000000000000";

/** The least time a forgot-password answer takes, known address or not (the work takes a few ms). */
const FORGOT_PASSWORD_ANSWER_MS = 150;

export function createAccountService(ctx: AppContext) {
  // The web app's pages that take the emailed token.
  const webLink = (path: string) => `${publicOrigin(ctx.env)}${path}`;
  const when = (instant: Date) => `${formatSydneyDate(instant)} at ${formatSydneyTime(instant)} (Sydney)`;

  /** After a password change: every session ends (refresh tokens revoked, access tokens outdated). */
  async function afterPasswordChange(tx: Executor, userId: string, now: Date) {
    await endEverySession(tx, userId, now);
    // A reset link still in an inbox must not undo the password just chosen.
    await repo.retireUnusedTokens(tx, userId, "PASSWORD_RESET", now);
  }

  async function checkCurrentPassword(userId: string, password: string) {
    const hash = await repo.findPasswordHash(ctx.db, userId);
    // verifyPassword spends a hash's time even without one, like login.
    if (!(await verifyPassword(hash, password))) {
      if (!hash) throw new AppError("unauthorized", SESSION_ENDED);
      throw new AppError("invalid_current_password", WRONG_CURRENT_PASSWORD, [
        { path: "currentPassword", message: WRONG_CURRENT_PASSWORD },
      ]);
    }
  }

  async function sendPasswordReset(email: string): Promise<void> {
    const now = ctx.now();
    const user = await repo.findAccountUserByEmail(ctx.db, email);
    const token = newToken();
    const since = new Date(now.getTime() - RESET_EMAIL_WINDOW_MINUTES * 60_000);
    await ctx.transact(async (uow) => {
      const { tx } = uow;
      const recent = await repo.countTokensSince(tx, user?.id ?? NO_USER, "PASSWORD_RESET", since);
      // Past the cap the request is dropped silently: the form cannot be used to flood an inbox.
      if (!user || recent >= MAX_RESET_EMAILS_PER_WINDOW) return;
      await repo.insertAccountToken(tx, {
        userId: user.id,
        purpose: "PASSWORD_RESET",
        tokenHash: token.hash,
        expiresAt: accountTokenExpiresAt("PASSWORD_RESET", now),
        createdAt: now,
      });
      const url = webLink(paths.auth.resetPassword({ token: ONE_TIME_SECRET_PLACEHOLDER }));
      await uow.email({ ...passwordResetEmail(user, url), oneTimeSecret: token.token, now });
    });
  }

  return {
    /**
     * Always the same answer. An unknown address goes through the same steps (a token made and hashed,
     * a transaction with the same read), and every answer waits until FORGOT_PASSWORD_ANSWER_MS has
     * passed, so neither the answer nor its timing tells whether the address has an account (the
     * writes a known one makes took a few milliseconds more, which a prober could measure).
     */
    async forgotPassword(email: string): Promise<void> {
      const answerNoSoonerThan = performance.now() + FORGOT_PASSWORD_ANSWER_MS;
      try {
        await sendPasswordReset(email);
      } finally {
        const wait = answerNoSoonerThan - performance.now();
        if (wait > 0) await sleep(wait);
      }
    },

    /** Answers the account's email: the browser that followed the link is now trusted for it. */
    async resetPassword(input: ResetPassword): Promise<{ email: string }> {
      const now = ctx.now();
      const found = await repo.findAccountToken(ctx.db, hashToken(input.token), "PASSWORD_RESET");
      if (!found || !isAccountTokenUsable(found, now))
        throw new AppError("invalid_reset_token", INVALID_RESET);
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
    },

    /** Ends every other session and hands this device a fresh one. */
    async changePassword(
      signedIn: AuthenticatedUser,
      input: ChangePassword,
    ): Promise<ChangePasswordResponse> {
      await checkCurrentPassword(signedIn.id, input.currentPassword);
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
    },

    /** Sends a confirmation link to the new address; the account keeps its email until it is followed. */
    async requestEmailChange(signedIn: AuthenticatedUser, input: EmailChange): Promise<EmailChangeResponse> {
      await checkCurrentPassword(signedIn.id, input.currentPassword);
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
        const url = webLink(paths.auth.confirmEmail({ token: ONE_TIME_SECRET_PLACEHOLDER }));
        await uow.email({
          ...emailChangeConfirmEmail(user, input.newEmail, url),
          oneTimeSecret: token.token,
          now,
        });
      });
      return { pendingEmail: input.newEmail };
    },

    /** The operator console's account search: newest first, by name or email, optionally of one role. */
    async listUsers(query: PageQuery & { search?: string; role?: AdminUser["role"] }) {
      const { rows, total } = await repo.listUsers(
        ctx.db,
        { search: query.search || undefined, role: query.role },
        pageWindow(query),
      );
      const items: AdminUser[] = rows.map(toAdminUser);
      return pageOf(items, total, query);
    },

    /** The token proves the new inbox is theirs; no sign-in needed (the link may open on another device). */
    async confirmEmailChange(token: string): Promise<ConfirmEmailChangeResponse> {
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
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
