import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { findCustomerRef, findUserEmail, keepCustomerRef } from "./saved-cards.repository.ts";

/** The payer's customer at the card provider: the one kept on our side, or a new one made and kept. */
export async function payerCustomer(ctx: AppContext, userId: string): Promise<string> {
  const provider = ctx.payments.name;
  const kept = await findCustomerRef(ctx.db, userId, provider);
  if (kept) return kept;
  const email = await findUserEmail(ctx.db, userId);
  if (!email) throw new AppError("unauthorized", "Please sign in again");
  const made = await ctx.payments.createCustomer({ userId, email }).catch((error: unknown) => {
    throw new AppError("verification_error", "The card provider could not be reached. Please try again.", {
      reason: error instanceof Error ? error.message : String(error),
    });
  });
  return keepCustomerRef(ctx.db, { userId, provider, customerRef: made.customerRef, createdAt: ctx.now() });
}
