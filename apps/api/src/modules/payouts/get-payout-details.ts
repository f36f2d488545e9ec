import type { PayoutDetails } from "@kerb/shared";
import { payoutHoldOf } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { payoutProviderOf } from "./payout-provider.ts";
import * as repo from "./payouts.repository.ts";

/** GET /instructor/payout-details: the ABN and GST status statements print, and where payouts go. */
export async function getPayoutDetails(ctx: AppContext, instructorId: string): Promise<PayoutDetails> {
  const payee = await repo.findPayee(ctx.db, instructorId);
  if (!payee) throw new AppError("not_found", "Instructor profile not found");
  const provider = payoutProviderOf(ctx).name;
  return {
    abn: payee.abn,
    gstRegistered: payee.gstRegistered,
    provider,
    stripeConnected: provider === "stripe" && payee.stripeAccountId !== null,
    payoutHold: payoutHoldOf(payee),
  };
}
