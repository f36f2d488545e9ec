/**
 * Where payout money goes. Demo mode moves no money (a payout is marked paid); Stripe mode pays each
 * payout as one Connect transfer to the instructor's Express account. The provider follows the card
 * provider (ctx.payments.name), so PAYMENT_PROVIDER=stripe switches both.
 */
import type Stripe from "stripe";
import type { AppContext } from "../../context.ts";
import { createStripeClient } from "../payments/index.ts";

interface TransferRequest {
  payoutId: string;
  amountCents: number;
  destination: string;
  /** 1 for the first attempt: the idempotency key of a retry differs (see `transfer`). */
  attempt: number;
  description: string;
}

export interface PayoutProvider {
  readonly name: "demo" | "stripe";
  /**
   * Pays a payout. A transfer that already exists for it (an earlier attempt whose answer was lost) is
   * returned instead of making a second one.
   */
  transfer(request: TransferRequest): Promise<{ providerRef: string | null }>;
  /** Creates the instructor's Express account (once per instructor: idempotency key). */
  createAccount(instructor: { id: string; email: string }): Promise<string>;
  /** Stripe's hosted onboarding page for the account. */
  onboardingUrl(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<string>;
}

const demoPayoutProvider: PayoutProvider = {
  name: "demo",
  async transfer() {
    return { providerRef: null };
  },
  async createAccount() {
    throw new Error("Demo mode has no payout accounts");
  },
  async onboardingUrl() {
    throw new Error("Demo mode has no payout accounts");
  },
};

/** The idempotency key of a payout's transfer: the payout id, plus the attempt number on retries. */
export function transferIdempotencyKey(payoutId: string, attempt: number): string {
  return attempt <= 1 ? `kerb-payout-${payoutId}` : `kerb-payout-${payoutId}-attempt-${attempt}`;
}

function createStripePayoutProvider(stripe: Stripe): PayoutProvider {
  return {
    name: "stripe",
    async transfer(request) {
      // Stripe replays a saved error for the same idempotency key, so a retry after a failure needs a new
      // key; to stay at one transfer per payout, a retry first looks for a transfer an earlier attempt made.
      if (request.attempt > 1) {
        const existing = await stripe.transfers.list({
          transfer_group: `payout_${request.payoutId}`,
          limit: 1,
        });
        const found = existing.data[0];
        if (found) return { providerRef: found.id };
      }
      const transfer = await stripe.transfers.create(
        {
          amount: request.amountCents,
          currency: "aud",
          destination: request.destination,
          transfer_group: `payout_${request.payoutId}`,
          description: request.description,
          metadata: { payoutId: request.payoutId },
        },
        { idempotencyKey: transferIdempotencyKey(request.payoutId, request.attempt) },
      );
      return { providerRef: transfer.id };
    },
    async createAccount(instructor) {
      const account = await stripe.accounts.create(
        {
          type: "express",
          country: "AU",
          email: instructor.email,
          business_type: "individual",
          capabilities: { transfers: { requested: true } },
          metadata: { instructorId: instructor.id },
        },
        { idempotencyKey: `kerb-connect-${instructor.id}` },
      );
      return account.id;
    },
    async onboardingUrl(accountId, urls) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: "account_onboarding",
        refresh_url: urls.refreshUrl,
        return_url: urls.returnUrl,
      });
      return link.url;
    },
  };
}

const stripeProviders = new WeakMap<AppContext["env"], PayoutProvider>();

/** The payout provider matching the app's card provider (one Stripe client per configuration). */
export function payoutProviderOf(ctx: Pick<AppContext, "env" | "payments">): PayoutProvider {
  if (ctx.payments.name !== "stripe") return demoPayoutProvider;
  const cached = stripeProviders.get(ctx.env);
  if (cached) return cached;
  if (!ctx.env.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is required for Stripe payouts");
  const provider = createStripePayoutProvider(
    createStripeClient({ secretKey: ctx.env.STRIPE_SECRET_KEY, apiBase: ctx.env.STRIPE_API_BASE }),
  );
  stripeProviders.set(ctx.env, provider);
  return provider;
}
