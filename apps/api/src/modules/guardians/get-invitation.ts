import type { GuardianInvitationResponse } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { liveInvitation } from "./guardian-links.ts";

/** GET /guardian/invitations/:token: what the invitation page shows before accepting. */
export async function getInvitation(ctx: AppContext, token: string): Promise<GuardianInvitationResponse> {
  const { link, learner, account } = await liveInvitation(ctx, token);
  // A learner's, instructor's or admin's address cannot also be a guardian account.
  if (account?.id && account.role !== "GUARDIAN") {
    throw new AppError(
      "conflict",
      `This email already has a Kerb account that is not a guardian account. Ask ${learner.firstName} to invite another address.`,
    );
  }
  return {
    learner: { firstName: learner.firstName },
    email: link.email,
    accountExists: account !== null && account.id !== null,
    expiresAt: link.expiresAt.toISOString(),
  };
}
