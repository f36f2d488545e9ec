import type { GuardianInvitationResponse } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { liveInvitation, notAGuardianAccount } from "./guardian-links.ts";

/** GET /guardian/invitations/:token: what the invitation page shows before accepting. */
export async function getInvitation(ctx: AppContext, token: string): Promise<GuardianInvitationResponse> {
  const { link, learner, account } = await liveInvitation(ctx, token);
  // Refused when inviting too; an account made for the address since then is refused here.
  if (account?.id && account.role !== "GUARDIAN") {
    throw notAGuardianAccount(`Ask ${learner.firstName} to invite another address.`);
  }
  return {
    learner: { firstName: learner.firstName },
    email: link.email,
    accountExists: account !== null && account.id !== null,
    expiresAt: link.expiresAt.toISOString(),
  };
}
