import type { AdminPayout } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { deliverPayout } from "./payout-run.ts";
import { PAYOUT_NOT_FOUND, toAdminPayout } from "./payout-views.ts";
import * as repo from "./payouts.repository.ts";

/** POST /admin/payouts/:id/retry: sends a FAILED (or stuck PENDING) payout again, audited; PAID is 409. */
export async function retryPayout(
  ctx: AppContext,
  payoutId: string,
  actorId: string,
): Promise<{ payout: AdminPayout }> {
  const before = await repo.findAdminPayout(ctx.db, payoutId);
  if (!before) throw new AppError("not_found", PAYOUT_NOT_FOUND);
  if (before.payout.status === "PAID") {
    throw new AppError("invalid_state", "This payout has already been paid", { status: "PAID" });
  }
  await deliverPayout(ctx, payoutId, { retry: true, actorId });
  const after = await repo.findAdminPayout(ctx.db, payoutId);
  if (!after) throw new AppError("not_found", PAYOUT_NOT_FOUND);
  return { payout: toAdminPayout(after) };
}
