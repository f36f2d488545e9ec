import {
  type AuthResponse,
  type AuthUser,
  DRAFT_LIFETIME_MINUTES,
  type instructorRegistrationRequest,
  type RefreshResponse,
  type studentRegistrationRequest,
} from "@kerb/shared";
import { dollarsToCents } from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { type AuthenticatedUser, signAccessToken } from "../../lib/access-token.ts";
import { AppError } from "../../lib/app-error.ts";
import { hashPassword, verifyPassword } from "../../lib/passwords.ts";
import { pgErrorCode } from "../../lib/pg-error-code.ts";
import { createInstructorProfile } from "../instructors/index.ts";
import * as repo from "./auth.repository.ts";
import { createLoginThrottle, type LoginThrottle } from "./login-throttle.ts";
import { hashRefreshToken } from "./refresh-token.ts";
import { issueSession as issueSessionFor } from "./sessions.ts";
import { trustedDeviceCookie, trustedDeviceOf } from "./trusted-device.ts";

type StudentRegistration = z.output<typeof studentRegistrationRequest>;
type InstructorRegistration = z.output<typeof instructorRegistrationRequest>;

const INVALID_CREDENTIALS = "Invalid email or password";
const SESSION_ENDED = "Your session has ended. Please sign in again.";
const ACCOUNT_SUSPENDED =
  "Your account is suspended, so you can't sign in. If you think this is a mistake, reply to any email from Kerb and we'll look into it.";

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

/** The user as answered to the client: no token version, no hash. */
function publicUser({ id, email, role, firstName, lastName, phone }: repo.UserRow): AuthUser {
  return { id, email, role, firstName, lastName, phone };
}

/**
 * One throttle per app (tests build many), however many times the service is created for it: in Redis
 * when the app has one (shared by the replicas), else in this process's memory.
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

export function createAuthService(ctx: AppContext) {
  const throttle = loginThrottleFor(ctx);

  const issueSession = (db: Executor, user: repo.UserRow, familyId?: string) =>
    issueSessionFor(ctx, db, user, ctx.now(), familyId);

  async function register<T>(
    base: { email: string; password: string; firstName: string; lastName: string; phone: string },
    role: "STUDENT" | "INSTRUCTOR",
    insertProfile: (db: Executor, userId: string) => Promise<T>,
  ): Promise<AuthResponse> {
    const passwordHash = await hashPassword(base.password);
    try {
      return await ctx.db.transaction(async (tx) => {
        const user = await repo.insertUser(tx, {
          email: base.email,
          passwordHash,
          role,
          firstName: base.firstName,
          lastName: base.lastName,
          phone: base.phone,
          // The app's clock, as for every other record: tests order accounts by moving it.
          createdAt: ctx.now(),
        });
        await insertProfile(tx, user.id);
        return { user: publicUser(user), ...(await issueSession(tx, user)) };
      });
    } catch (error) {
      if (pgErrorCode(error) === "23505") {
        throw new AppError("email_taken", "An account with this email already exists. Sign in instead.");
      }
      throw error;
    }
  }

  return {
    /**
     * `address` is the client's IP as Fastify sees it (TRUST_PROXY decides how); `deviceCookie` the
     * trusted-device cookie the browser sent, if any. Answers the session and the device cookie to set.
     */
    async login(
      email: string,
      password: string,
      request: { address: string; deviceCookie?: string },
    ): Promise<{ session: AuthResponse; deviceCookie: string }> {
      const key = email.toLowerCase();
      const trustedDevice = trustedDeviceOf(ctx.auth.secret, request.deviceCookie, key);
      const client = { address: request.address, trustedDevice };
      // Checked before the password, or a throttled guesser would still learn when a guess was right.
      const wait = await throttle.waitMs(key, client);
      if (wait > 0) throw new TooManyAttemptsError(wait);
      const found = await repo.findUserByEmail(ctx.db, key);
      // Verify against a dummy hash for unknown emails so both failures take the same time.
      const ok = await verifyPassword(found?.passwordHash, password);
      if (!found || !ok) {
        await throttle.recordFailure(key, client);
        throw new AppError("invalid_credentials", INVALID_CREDENTIALS);
      }
      await throttle.recordSuccess(key, client);
      // Only after the right password: the answer must not tell a stranger the account exists.
      if (found.suspendedAt) throw new AppError("account_suspended", ACCOUNT_SUSPENDED);
      const { passwordHash: _hash, suspendedAt: _suspended, ...user } = found;
      return {
        session: { user: publicUser(user), ...(await issueSession(ctx.db, user)) },
        deviceCookie: trustedDeviceCookie(ctx.auth.secret, key, trustedDevice),
      };
    },

    registerStudent(input: StudentRegistration) {
      return register(input, "STUDENT", (db, userId) =>
        repo.insertStudentProfile(db, {
          userId,
          suburb: input.suburb,
          licenseType: input.licenseType,
          experienceLevel: input.experienceLevel,
        }),
      );
    },

    registerInstructor(input: InstructorRegistration) {
      return register(input, "INSTRUCTOR", (db, userId) =>
        createInstructorProfile(db, {
          userId,
          licenseNumber: input.licenseNumber,
          wwcNumber: input.wwcNumber ?? null,
          vehicleType: input.vehicleType,
          standardRateCents: dollarsToCents(input.standardRate),
          languages: input.languages,
          suburbs: input.suburbs,
        }),
      );
    },

    async refresh(token: string): Promise<RefreshResponse> {
      const now = ctx.now();
      const row = await repo.findRefreshToken(ctx.db, hashRefreshToken(token));
      if (!row) throw new AppError("unauthorized", SESSION_ENDED);
      // Suspension revoked the token too: say why, rather than reporting it as a reused token.
      if (await repo.isSuspended(ctx.db, row.userId)) {
        throw new AppError("account_suspended", ACCOUNT_SUSPENDED);
      }
      // Revoked on purpose (logout, a password change or reset): it is simply over, and ends nothing else.
      if (row.revokedAt) throw new AppError("unauthorized", SESSION_ENDED);
      if (row.rotatedAt) {
        // A used token presented again means it leaked: end every session descended from that login,
        // and the access tokens already handed out (the token version: the user's other devices renew
        // theirs once with their own refresh tokens, which stay valid).
        await repo.revokeTokenFamily(ctx.db, row.familyId, now);
        await repo.bumpTokenVersion(ctx.db, row.userId);
        throw new AppError("unauthorized", SESSION_ENDED);
      }
      if (row.expiresAt <= now) throw new AppError("unauthorized", SESSION_ENDED);
      return ctx.db.transaction(async (tx) => {
        if (!(await repo.claimRefreshToken(tx, row.id, now))) {
          // Two refreshes of one token at once: one won, the other is a reuse of that family.
          await repo.revokeTokenFamily(tx, row.familyId, now);
          await repo.bumpTokenVersion(tx, row.userId);
          throw new AppError("unauthorized", SESSION_ENDED);
        }
        const user = await repo.findUserById(tx, row.userId);
        if (!user) throw new AppError("unauthorized", SESSION_ENDED);
        return issueSession(tx, user, row.familyId);
      });
    },

    /**
     * Ends the refresh token's family and every access token of its user (the token version moves on;
     * the user's other devices refresh once with their own refresh tokens). `signedInUserId` comes from
     * a valid bearer token sent along, so a client that lost its refresh token can still log out.
     */
    async logout(token: string | undefined, signedInUserId?: string) {
      const row = token ? await repo.findRefreshToken(ctx.db, hashRefreshToken(token)) : undefined;
      const userIds = new Set([row?.userId, signedInUserId].filter((id) => id !== undefined));
      if (!row && userIds.size === 0) return;
      await ctx.db.transaction(async (tx) => {
        if (row) await repo.revokeTokenFamily(tx, row.familyId, ctx.now());
        for (const userId of userIds) await repo.bumpTokenVersion(tx, userId);
      });
    },

    async me(user: AuthenticatedUser): Promise<AuthUser> {
      const found = await repo.findUserById(ctx.db, user.id);
      if (!found) throw new AppError("unauthorized", SESSION_ENDED);
      return publicUser(found);
    },

    /**
     * A fresh access token for a booking in progress, without the refresh token. Bounded: only while
     * the session is younger than a booking draft may live (DRAFT_LIFETIME_MINUTES); past that the
     * client signs in again or refreshes, so a stolen access token cannot be kept alive for ever.
     */
    async extendSession(user: AuthenticatedUser) {
      const now = ctx.now();
      const started = user.sessionStartedAt ?? now;
      if (now.getTime() - started.getTime() > DRAFT_LIFETIME_MINUTES * 60_000) {
        throw new AppError("unauthorized", SESSION_ENDED);
      }
      const found = await repo.findUserById(ctx.db, user.id);
      if (!found) throw new AppError("unauthorized", SESSION_ENDED);
      const access = await signAccessToken(
        ctx.auth,
        { id: found.id, role: found.role, tokenVersion: found.tokenVersion, sessionStartedAt: started },
        now,
      );
      return { accessToken: access.token, expiresAt: access.expiresAt.toISOString() };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
