import type { AuthResponse } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { verifyPassword } from "../../lib/passwords.ts";
import * as repo from "./auth.repository.ts";
import { ACCOUNT_SUSPENDED, publicUser } from "./auth-answers.ts";
import { outstandingLegalFor } from "./legal-acceptances.ts";
import { createLoginThrottle, type LoginThrottle } from "./login-throttle.ts";
import { issueSession } from "./sessions.ts";
import { trustedDeviceCookie, trustedDeviceOf } from "./trusted-device.ts";

const INVALID_CREDENTIALS = "Invalid email or password";

/** 429 with Retry-After (the error handler copies `headers` onto a 429 answer). */
class TooManyAttemptsError extends AppError {
  readonly headers: Record<string, string>;
  constructor(waitMs: number) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    const wait =
      seconds < 120 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutes`;
    super(
      "too_many_attempts",
      `Too many failed sign-in attempts for this account from your network. Please wait ${wait} and try again.`,
      { retryAfterSeconds: seconds },
    );
    this.headers = { "retry-after": String(seconds) };
  }
}

/**
 * One throttle per app (tests build many), however many times it is asked for: in Redis when the app
 * has one (shared by the replicas), else in this process's memory.
 */
const throttles = new WeakMap<AppContext["env"], LoginThrottle>();
function loginThrottleFor(ctx: AppContext): LoginThrottle {
  const { env } = ctx;
  let throttle = throttles.get(env);
  if (!throttle) {
    throttle = createLoginThrottle(
      {
        failuresBeforeDelay: env.LOGIN_FAILURES_BEFORE_DELAY,
        maxDelayMs: env.LOGIN_MAX_DELAY_SECONDS * 1000,
        accountFailuresBeforeSlowdown: env.LOGIN_ACCOUNT_FAILURES_BEFORE_SLOWDOWN,
      },
      { redis: ctx.redis, keyPrefix: env.REDIS_KEY_PREFIX },
    );
    throttles.set(env, throttle);
  }
  return throttle;
}

/**
 * POST /auth/login: sign in with email and password. `address` is the client's IP as Fastify sees it
 * (TRUST_PROXY decides how); `deviceCookie` the trusted-device cookie the browser sent, if any. Answers
 * the session and the device cookie to set.
 */
export async function logIn(
  ctx: AppContext,
  email: string,
  password: string,
  request: { address: string; deviceCookie?: string },
): Promise<{ session: AuthResponse; deviceCookie: string }> {
  const key = email.toLowerCase();
  const trustedDevice = trustedDeviceOf(ctx.auth.secret, request.deviceCookie, key);
  const client = { address: request.address, trustedDevice };
  const throttle = loginThrottleFor(ctx);
  // The attempt takes its turn, counted as a failure, before the password is checked: checked first,
  // a throttled guesser would still learn when a guess was right; counted after, a burst of guesses
  // sent at once would all get past the count.
  const attempt = await throttle.begin(key, client);
  if (!("succeeded" in attempt)) throw new TooManyAttemptsError(attempt.waitMs);
  let found: Awaited<ReturnType<typeof repo.findUserByEmail>>;
  let ok: boolean;
  try {
    found = await repo.findUserByEmail(ctx.db, key);
    // Verify against a dummy hash for unknown emails so both failures take the same time.
    ok = await verifyPassword(found?.passwordHash, password);
  } catch (error) {
    await attempt.abandoned();
    throw error;
  }
  // A wrong password stays counted as the failure it was counted as.
  if (!found || !ok) throw new AppError("invalid_credentials", INVALID_CREDENTIALS);
  await attempt.succeeded();
  // Only after the right password: the answer must not tell a stranger the account exists.
  if (found.suspendedAt) throw new AppError("account_suspended", ACCOUNT_SUSPENDED);
  const { passwordHash: _hash, suspendedAt: _suspended, ...user } = found;
  return {
    session: {
      user: publicUser(user),
      outstandingLegal: await outstandingLegalFor(ctx.db, user),
      ...(await issueSession(ctx, ctx.db, user, ctx.now())),
    },
    deviceCookie: trustedDeviceCookie(ctx.auth.secret, key, trustedDevice),
  };
}
