import { setTimeout as sleep } from "node:timers/promises";
import { paths } from "@kerb/shared/paths";
import {
  accountTokenExpiresAt,
  MAX_RESET_EMAILS_PER_WINDOW,
  RESET_EMAIL_WINDOW_MINUTES,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
// Account tokens are opaque random strings stored as their SHA-256, exactly like refresh tokens.
import { newOpaqueToken as newToken } from "../auth/index.ts";
import { ONE_TIME_SECRET_PLACEHOLDER } from "../notifications/index.ts";
import { passwordResetEmail } from "./account-emails.ts";
import { webLink } from "./account-links.ts";
import * as repo from "./accounts.repository.ts";

/** Stands in for the account of an unknown address, so both paths run the same queries. */
const NO_USER = "00000000-0000-0000-0000-000000000000";

/** The least time a forgot-password answer takes, known address or not (the work takes a few ms). */
const FORGOT_PASSWORD_ANSWER_MS = 150;

async function sendPasswordReset(ctx: AppContext, email: string): Promise<void> {
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
    const url = webLink(ctx, paths.auth.resetPassword({ token: ONE_TIME_SECRET_PLACEHOLDER }));
    await uow.email({ ...passwordResetEmail(user, url), oneTimeSecret: token.token, now });
  });
}

/**
 * POST /auth/forgot-password: emails a reset link to an account's address. Always the same answer. An
 * unknown address goes through the same steps (a token made and hashed, a transaction with the same read),
 * and every answer waits until FORGOT_PASSWORD_ANSWER_MS has passed, so neither the answer nor its timing
 * tells whether the address has an account (the writes a known one makes took a few milliseconds more,
 * which a prober could measure).
 */
export async function forgotPassword(ctx: AppContext, email: string): Promise<void> {
  const answerNoSoonerThan = performance.now() + FORGOT_PASSWORD_ANSWER_MS;
  try {
    await sendPasswordReset(ctx, email);
  } finally {
    const wait = answerNoSoonerThan - performance.now();
    if (wait > 0) await sleep(wait);
  }
}
