import type { PayoutDetails } from "@kerb/shared";
import { payoutHoldOf } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { payoutProviderOf } from "./payout-provider.ts";
import * as repo from "./payouts.repository.ts";
import { gstRegistrationsOf } from "./rcti.repository.ts";

/**
 * GET /instructor/payout-details: the ABN and GST status statements print, the GST registration periods,
 * where payouts go and why a payout waits.
 */
export async function getPayoutDetails(ctx: AppContext, instructorId: string): Promise<PayoutDetails> {
  const [payee, registrations] = await Promise.all([
    repo.findPayee(ctx.db, instructorId),
    gstRegistrationsOf(ctx.db, instructorId),
  ]);
  if (!payee) throw new AppError("not_found", "Instructor profile not found");
  const provider = payoutProviderOf(ctx).name;
  return {
    abn: payee.abn,
    gstRegistered: payee.gstRegistered,
    provider,
    stripeConnected: provider === "stripe" && payee.stripeAccountId !== null,
    payoutHold: payoutHoldOf(payee),
    gstRegistrations: registrations.map((r) => ({
      effectiveFrom: r.effectiveFrom,
      effectiveTo: r.effectiveTo,
      checked: r.checkedAt !== null,
    })),
  };
}
