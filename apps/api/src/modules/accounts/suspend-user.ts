import type { Role, SuspendUserResponse } from "@kerb/shared";
import { centsToDollars } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { endEverySession } from "../auth/index.ts";
import { releaseCheckouts } from "../checkout/index.ts";
import { syncTeachingStops } from "../compliance/index.ts";
import {
  cancelLessonWithRefund,
  listFutureScheduledLessonIdsOf,
  listHeldPaymentIdsOf,
} from "../lessons/index.ts";
import * as repo from "./accounts.repository.ts";
import { toAdminUser, USER_NOT_FOUND } from "./admin-user.ts";

/**
 * What the cancellation emails say as the reason: never the admin's own words (they may concern a
 * complaint or an investigation, and go to the other party); those stay in the audit log.
 */
const CANCELLATION_REASON = {
  STUDENT: "The student's account is no longer active on Kerb.",
  INSTRUCTOR: "The instructor's account is no longer active on Kerb.",
  ADMIN: "The account is no longer active on Kerb.",
  GUARDIAN: "The account is no longer active on Kerb.",
} as const satisfies Record<Role, string>;

/**
 * POST /admin/users/:id/suspend: an admin suspends an account, with a reason. Suspension is one
 * transaction: the account is marked, every session ends (refresh tokens revoked, token version bumped, so
 * access tokens already out stop working on their next request), and every SCHEDULED lesson still to come
 * that the person takes or teaches is cancelled by ADMIN through the lessons module — a full refund to the
 * card or the credit back to the bundle, both parties emailed — then audited. Sign-in and refresh refuse
 * the account (auth, 403 account_suspended) and a suspended instructor is not listed
 * (rules/instructor-listing.ts), so no search result, slot or booking reaches them.
 */
export async function suspendUser(
  ctx: AppContext,
  adminId: string,
  userId: string,
  reason: string,
): Promise<SuspendUserResponse> {
  if (adminId === userId) {
    throw new AppError("invalid_state", "You cannot suspend your own account");
  }
  const now = ctx.now();
  const outcome = await ctx.transact(async (uow) => {
    const { tx } = uow;
    const user = await repo.lockAdminUser(tx, userId);
    if (!user) throw new AppError("not_found", USER_NOT_FOUND);
    if (user.suspendedAt) throw new AppError("invalid_state", "This account is already suspended");
    await repo.setSuspension(tx, userId, { suspendedAt: now, suspendedReason: reason }, now);
    // An instructor's lessons from now on are held, should one be taught anyway (decision 031).
    if (user.role === "INSTRUCTOR") await syncTeachingStops(tx, userId, now);
    await endEverySession(tx, userId, now);
    const lessonIds = await listFutureScheduledLessonIdsOf(tx, userId, now);
    let refundCents = 0;
    const cancelled: Array<{ bookingId: string; refundCents: number; bundleCreditReturned: boolean }> = [];
    for (const bookingId of lessonIds) {
      const result = await cancelLessonWithRefund(uow, {
        bookingId,
        cancelledBy: "ADMIN",
        now,
        reason: CANCELLATION_REASON[user.role],
        appUrl: publicOrigin(ctx.env),
      });
      refundCents += result.refundCents;
      cancelled.push({
        bookingId,
        refundCents: result.refundCents,
        bundleCreditReturned: result.bundleCreditReturned,
      });
    }
    // Unpaid checkouts with them go too, or a payment made meanwhile would book a lesson with a
    // suspended account (a card charged on one later is refunded by fulfilment).
    const holdsReleased = await releaseCheckouts(uow, await listHeldPaymentIdsOf(tx, userId));
    await uow.audit({
      actorId: adminId,
      action: "user.suspend",
      targetType: "user",
      targetId: userId,
      details: {
        reason,
        before: { suspended: false },
        after: { suspended: true },
        lessonsCancelled: cancelled.length,
        checkoutsReleased: holdsReleased,
        refundCents,
        lessons: cancelled,
      },
      createdAt: now,
    });
    return { lessonsCancelled: cancelled.length, refundCents };
  });
  const row = await repo.findAdminUser(ctx.db, userId);
  if (!row) throw new AppError("not_found", USER_NOT_FOUND);
  return {
    user: toAdminUser(row),
    lessonsCancelled: outcome.lessonsCancelled,
    refunded: centsToDollars(outcome.refundCents),
  };
}
