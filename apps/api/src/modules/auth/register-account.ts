import type { AuthResponse } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { pgErrorCode } from "../../lib/pg-error-code.ts";
import type { UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import * as repo from "./auth.repository.ts";
import { publicUser } from "./auth-answers.ts";
import { recordSignUpAcceptances } from "./legal-acceptances.ts";
import { issueSession } from "./sessions.ts";

/**
 * A new account of `role` with its profile, signed in at once; a taken email is 409 email_taken.
 * `welcome` enqueues what the new account is emailed, in the same transaction.
 */
export async function registerAccount<T>(
  ctx: AppContext,
  base: { email: string; password: string; firstName: string; lastName: string; phone: string },
  role: "STUDENT" | "INSTRUCTOR",
  insertProfile: (db: Executor, userId: string) => Promise<T>,
  welcome?: (
    uow: UnitOfWork,
    user: { email: string; firstName: string; lastName: string },
  ) => Promise<unknown>,
): Promise<AuthResponse> {
  const passwordHash = await hashPassword(base.password);
  try {
    return await ctx.transact(async (uow) => {
      const { tx } = uow;
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
      // The schema asked for acceptTerms: true; what was accepted is stored with the account, or neither is.
      await recordSignUpAcceptances(tx, user.id, role, ctx.now());
      await welcome?.(uow, user);
      return {
        user: publicUser(user),
        outstandingLegal: [],
        ...(await issueSession(ctx, tx, user, ctx.now())),
      };
    });
  } catch (error) {
    if (pgErrorCode(error) === "23505") {
      throw new AppError("email_taken", "An account with this email already exists. Sign in instead.");
    }
    throw error;
  }
}
