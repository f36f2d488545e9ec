import type { StartCardSetupResponse } from "@kerb/shared";
import { paths } from "@kerb/shared/paths";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { payerCustomer } from "./payer-customer.ts";
import { savedCardView } from "./saved-card-view.ts";
import { insertCard } from "./saved-cards.repository.ts";

/**
 * POST …/saved-cards: starts saving a card. With Stripe the answer is its page (Checkout in setup
 * mode) and the browser comes back to the account page, which confirms; in demo mode the demo card
 * is saved at once.
 */
export async function startCardSetup(
  ctx: AppContext,
  user: { id: string; role: "STUDENT" | "GUARDIAN" },
): Promise<StartCardSetupResponse> {
  const customerRef = await payerCustomer(ctx, user.id);
  const account = user.role === "GUARDIAN" ? paths.guardian.account : paths.student.account;
  const origin = publicOrigin(ctx.env);
  const started = await ctx.payments
    .startCardSetup({
      customerRef,
      // Stripe fills in {CHECKOUT_SESSION_ID} only if it is left unencoded, so it is appended as is.
      successUrl: `${origin}${account({ cardSetup: "return" })}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}${account({ cardSetup: "cancel" })}`,
    })
    .catch((error: unknown) => {
      throw new AppError("verification_error", "The card provider could not be reached. Please try again.", {
        reason: error instanceof Error ? error.message : String(error),
      });
    });
  if (started.card === undefined) return { setupUrl: started.setupUrl };
  const card = await insertCard(ctx.db, {
    ...started.card,
    userId: user.id,
    provider: ctx.payments.name,
    customerRef,
    createdAt: ctx.now(),
  });
  return { card: savedCardView(card) };
}
