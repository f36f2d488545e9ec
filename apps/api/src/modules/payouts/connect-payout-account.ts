import { paths } from "@kerb/shared/paths";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { setStripeAccountIfNone } from "../instructors/index.ts";
import { payoutProviderOf } from "./payout-provider.ts";
import * as repo from "./payouts.repository.ts";

/**
 * POST /instructor/payouts/connect: Stripe Connect Express onboarding: creates the account once, then a
 * fresh onboarding link each time (links are single-use and short-lived). Demo mode has nothing to connect:
 * 409.
 */
export async function connectPayoutAccount(ctx: AppContext, instructorId: string): Promise<{ url: string }> {
  const provider = payoutProviderOf(ctx);
  if (provider.name !== "stripe") {
    throw new AppError(
      "invalid_state",
      "Payouts run in demo mode (PAYMENT_PROVIDER=demo): they are marked paid without a bank " +
        "account, so there is no Stripe account to connect",
    );
  }
  const payee = await repo.findPayee(ctx.db, instructorId);
  if (!payee) throw new AppError("not_found", "Instructor profile not found");
  let accountId = payee.stripeAccountId;
  if (!accountId) {
    const created = await provider.createAccount({ id: instructorId, email: payee.email });
    await setStripeAccountIfNone(ctx.db, instructorId, created);
    accountId = (await repo.findPayee(ctx.db, instructorId))?.stripeAccountId ?? created;
  }
  const origin = publicOrigin(ctx.env);
  const url = await provider.onboardingUrl(accountId, {
    refreshUrl: `${origin}${paths.instructor.earnings({ stripe: "refresh" })}`,
    returnUrl: `${origin}${paths.instructor.earnings({ stripe: "return" })}`,
  });
  return { url };
}
