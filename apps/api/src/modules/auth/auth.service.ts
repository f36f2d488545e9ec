import { randomUUID } from "node:crypto";
import type {
  AuthResponse,
  AuthUser,
  instructorRegistrationRequest,
  RefreshResponse,
  studentRegistrationRequest,
} from "@kerb/shared";
import { dollarsToCents } from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { hashPassword, verifyPassword } from "../../lib/passwords.ts";
import { type AuthenticatedUser, signAccessToken } from "../../plugins/auth.ts";
import { pgErrorCode } from "../../plugins/errors.ts";
import * as repo from "./auth.repository.ts";
import { LoginThrottle } from "./login-throttle.ts";
import { hashRefreshToken, newRefreshToken } from "./refresh-token.ts";

type StudentRegistration = z.output<typeof studentRegistrationRequest>;
type InstructorRegistration = z.output<typeof instructorRegistrationRequest>;

const INVALID_CREDENTIALS = "Invalid email or password";
const SESSION_ENDED = "Your session has ended. Please sign in again.";

export function createAuthService(ctx: AppContext) {
  const throttle = new LoginThrottle(ctx.env.LOGIN_MAX_FAILURES, ctx.env.LOGIN_LOCKOUT_MINUTES * 60_000);

  async function issueSession(db: Executor, user: AuthUser, familyId: string = randomUUID()) {
    const now = ctx.now();
    const refresh = newRefreshToken();
    await repo.insertRefreshToken(db, {
      userId: user.id,
      familyId,
      tokenHash: refresh.hash,
      expiresAt: new Date(now.getTime() + ctx.env.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    });
    const access = await signAccessToken(ctx.auth, { id: user.id, role: user.role }, now);
    return { accessToken: access.token, refreshToken: refresh.token };
  }

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
        });
        await insertProfile(tx, user.id);
        return { user, ...(await issueSession(tx, user)) };
      });
    } catch (error) {
      if (pgErrorCode(error) === "23505") {
        throw new AppError("email_taken", "An account with this email already exists. Sign in instead.");
      }
      throw error;
    }
  }

  return {
    async login(email: string, password: string): Promise<AuthResponse> {
      const key = email.toLowerCase();
      const now = ctx.now().getTime();
      if (throttle.isLocked(key, now)) {
        throw new AppError(
          "rate_limited",
          `Too many failed sign-in attempts. Please try again in ${ctx.env.LOGIN_LOCKOUT_MINUTES} minutes.`,
        );
      }
      const found = await repo.findUserByEmail(ctx.db, key);
      // Verify against a dummy hash for unknown emails so both failures take the same time.
      const ok = await verifyPassword(found?.passwordHash, password);
      if (!found || !ok) {
        throttle.recordFailure(key, now);
        throw new AppError("invalid_credentials", INVALID_CREDENTIALS);
      }
      throttle.reset(key);
      const { passwordHash: _hash, ...user } = found;
      return { user, ...(await issueSession(ctx.db, user)) };
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
        repo.insertInstructorProfile(db, {
          userId,
          licenseNumber: input.licenseNumber,
          vehicleType: input.vehicleType,
          standardRateCents: dollarsToCents(input.standardRate),
          languages: input.languages,
          suburbs: input.suburbs,
          // New instructors stay hidden from students until an admin has checked their licence.
          verificationStatus: "PENDING",
        }),
      );
    },

    async refresh(token: string): Promise<RefreshResponse> {
      const now = ctx.now();
      const row = await repo.findRefreshToken(ctx.db, hashRefreshToken(token));
      if (!row) throw new AppError("unauthorized", SESSION_ENDED);
      if (row.revokedAt || row.rotatedAt) {
        // A used token presented again means it leaked: end every session descended from that login.
        await repo.revokeTokenFamily(ctx.db, row.familyId, now);
        throw new AppError("unauthorized", SESSION_ENDED);
      }
      if (row.expiresAt <= now) throw new AppError("unauthorized", SESSION_ENDED);
      return ctx.db.transaction(async (tx) => {
        if (!(await repo.claimRefreshToken(tx, row.id, now))) {
          await repo.revokeTokenFamily(tx, row.familyId, now);
          throw new AppError("unauthorized", SESSION_ENDED);
        }
        const user = await repo.findUserById(tx, row.userId);
        if (!user) throw new AppError("unauthorized", SESSION_ENDED);
        return issueSession(tx, user, row.familyId);
      });
    },

    async logout(token: string | undefined) {
      if (!token) return;
      const row = await repo.findRefreshToken(ctx.db, hashRefreshToken(token));
      if (row) await repo.revokeTokenFamily(ctx.db, row.familyId, ctx.now());
    },

    async me(user: AuthenticatedUser): Promise<AuthUser> {
      const found = await repo.findUserById(ctx.db, user.id);
      if (!found) throw new AppError("unauthorized", SESSION_ENDED);
      return found;
    },

    async extendSession(user: AuthenticatedUser) {
      const found = await repo.findUserById(ctx.db, user.id);
      if (!found) throw new AppError("unauthorized", SESSION_ENDED);
      const access = await signAccessToken(ctx.auth, { id: found.id, role: found.role }, ctx.now());
      return { accessToken: access.token, expiresAt: access.expiresAt.toISOString() };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
