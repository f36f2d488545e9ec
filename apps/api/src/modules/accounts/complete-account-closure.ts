import { randomBytes } from "node:crypto";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { forgetSavedCards } from "../saved-cards/index.ts";
import * as accounts from "./accounts.repository.ts";
import * as repo from "./privacy.repository.ts";

/**
 * POST /admin/closure-requests/:id/complete: an admin closes the account (APP 11.2). In one transaction
 * the blockers are checked again (a lesson may have been booked since the request), the user is
 * anonymised and every session ends. Payments, tax invoices, payouts and the ledger stay, as tax law
 * requires for five years (TAA 1953 s 382-5), now naming a "Former learner" or "Former instructor".
 */
export async function completeAccountClosure(ctx: AppContext, adminId: string, requestId: string) {
  const now = ctx.now();
  const closed = await ctx.transact(async (uow) => {
    const { tx } = uow;
    const request = await repo.lockClosureRequest(tx, requestId);
    if (!request) throw new AppError("not_found", "Closure request not found");
    if (request.completedAt) throw new AppError("invalid_state", "This account is already closed");
    const user = await accounts.lockAdminUser(tx, request.userId);
    if (!user) throw new AppError("not_found", "Closure request not found");
    const blockers = await repo.closureBlockers(tx, request.userId, now);
    if (Object.values(blockers).some((n) => n > 0)) {
      throw new AppError(
        "invalid_state",
        "This account has lessons booked or money still moving since the request; settle those first.",
        { blockers },
      );
    }
    // No password hashes to this: the account can never be signed in to again.
    await repo.anonymiseUser(tx, user, `closed$${randomBytes(16).toString("hex")}`, now);
    await repo.completeClosureRequest(tx, requestId, adminId, now);
    // Their saved cards go with the account (decision 041); the provider is told after commit.
    const detachCards = await forgetSavedCards(ctx, tx, request.userId, now);
    await uow.audit({
      actorId: adminId,
      action: "user.closure_complete",
      targetType: "user",
      targetId: request.userId,
      createdAt: now,
      details: { requestId, role: user.role },
    });
    return { answer: { id: requestId, completedAt: now.toISOString() }, detachCards };
  });
  await closed.detachCards();
  return closed.answer;
}
