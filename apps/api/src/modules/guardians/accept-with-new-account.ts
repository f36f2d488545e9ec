import type { guardianRegistrationRequest } from "@kerb/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { pgErrorCode } from "../../lib/pg-error-code.ts";
import { insertGuardianUser, issueSession } from "../auth/index.ts";
import { activateLink, liveInvitation } from "./guardian-links.ts";

/** A new GUARDIAN account for the invited address, signed in, following the learner. */
export async function acceptWithNewAccount(
  ctx: AppContext,
  input: z.output<typeof guardianRegistrationRequest>,
) {
  const { link, account } = await liveInvitation(ctx, input.token);
  if (account?.id) {
    throw new AppError("email_taken", "An account with this email already exists. Sign in to accept.");
  }
  const now = ctx.now();
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.transact(async (uow) => {
      const { tx } = uow;
      const user = await insertGuardianUser(tx, {
        email: link.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        createdAt: now,
        acceptedTerms: input.acceptTerms,
      });
      await activateLink(uow, link, user.id, now);
      const session = await issueSession(ctx, tx, user, now);
      return {
        user: {
          id: user.id,
          email: user.email,
          role: user.role,
          firstName: user.firstName,
          lastName: user.lastName,
          phone: null,
        },
        ...session,
      };
    });
  } catch (error) {
    if (pgErrorCode(error) === "23505") {
      throw new AppError("email_taken", "An account with this email already exists. Sign in to accept.");
    }
    throw error;
  }
}
