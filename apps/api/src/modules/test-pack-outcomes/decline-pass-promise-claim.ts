import type { AdminPassPromiseClaimResponse } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { decideClaim } from "./claim-decision.ts";

/** POST /admin/test-pack-claims/:id/decline: no credit; the learner reads the admin's reason, by email too. */
export function declinePassPromiseClaim(
  ctx: AppContext,
  adminId: string,
  claimId: string,
  input: { note: string },
): Promise<AdminPassPromiseClaimResponse> {
  return decideClaim(ctx, { claimId, adminId, status: "DECLINED", note: input.note }, async () => ({
    details: {},
    decision: { status: "DECLINED", reason: input.note },
  }));
}
