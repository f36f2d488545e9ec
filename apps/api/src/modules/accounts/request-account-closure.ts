import type { AppContext } from "../../context.ts";
import type { AuthenticatedUser } from "../../lib/access-token.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./privacy.repository.ts";

/**
 * POST /me/closure-request: the user asks for their account to be closed (APP 11.2). Refused, with the
 * reason, while a lesson is still booked or money is still moving either way: we chose to refuse rather
 * than cancel lessons on the user's behalf, so that nobody loses a lesson or a refund by one click; they
 * cancel under the normal rules first and ask again. An admin completes the request.
 */
export async function requestAccountClosure(ctx: AppContext, user: AuthenticatedUser, reason: string | null) {
  if (user.role === "ADMIN") {
    throw new AppError("invalid_state", "An admin account is closed by another admin, not by request.");
  }
  const now = ctx.now();
  return ctx.transact(async (uow) => {
    const { tx } = uow;
    if (await repo.findOpenClosureRequest(tx, user.id)) {
      throw new AppError(
        "conflict",
        "You have already asked for your account to be closed. We'll email you when it's done.",
      );
    }
    const blockers = await repo.closureBlockers(tx, user.id, now);
    const reasons: string[] = [];
    if (blockers.futureLessons > 0) {
      reasons.push(
        `You still have ${blockers.futureLessons} lesson${blockers.futureLessons === 1 ? "" : "s"} booked. Cancel ${blockers.futureLessons === 1 ? "it" : "them"} first (the usual cancellation rules apply).`,
      );
    }
    if (blockers.pendingPayments > 0)
      reasons.push("A payment is still being processed. Finish or cancel it first.");
    if (blockers.pendingRefunds > 0)
      reasons.push("A refund to your card is still on its way. Please ask again once it arrives.");
    if (blockers.unpaidLessons > 0) {
      reasons.push(
        `Kerb still owes you for ${blockers.unpaidLessons} lesson${blockers.unpaidLessons === 1 ? "" : "s"}. Please ask again after your next payout.`,
      );
    }
    if (reasons.length > 0) {
      throw new AppError("invalid_state", `We can't close your account yet. ${reasons.join(" ")}`, {
        blockers,
      });
    }
    const request = await repo.insertClosureRequest(tx, { userId: user.id, reason, requestedAt: now });
    // Two requests at once: the unique index lets one in.
    if (!request) {
      throw new AppError(
        "conflict",
        "You have already asked for your account to be closed. We'll email you when it's done.",
      );
    }
    await uow.audit({
      actorId: user.id,
      action: "user.closure_request",
      targetType: "user",
      targetId: user.id,
      createdAt: now,
      details: { requestId: request.id },
    });
    return { id: request.id, requestedAt: request.requestedAt.toISOString() };
  });
}
