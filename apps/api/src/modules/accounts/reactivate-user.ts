import type { ReactivateUserResponse } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { syncTeachingStops } from "../compliance/index.ts";
import * as repo from "./accounts.repository.ts";
import { toAdminUser, USER_NOT_FOUND } from "./admin-user.ts";
import { isClosed } from "./privacy.repository.ts";

/**
 * POST /admin/users/:id/reactivate: lifts a suspension, with a reason (audited). Only the refusal to
 * sign in goes: sessions, lessons and refunds stay as they are.
 */
export async function reactivateUser(
  ctx: AppContext,
  adminId: string,
  userId: string,
  reason: string,
): Promise<ReactivateUserResponse> {
  const now = ctx.now();
  await ctx.transact(async (uow) => {
    const { tx } = uow;
    const user = await repo.lockAdminUser(tx, userId);
    if (!user) throw new AppError("not_found", USER_NOT_FOUND);
    if (!user.suspendedAt) throw new AppError("invalid_state", "This account is not suspended");
    // A closed account is suspended so every check keeps it out; it was anonymised and cannot come back.
    if (await isClosed(tx, userId)) {
      throw new AppError(
        "invalid_state",
        "This account was closed at its owner's request and cannot be reactivated",
      );
    }
    await repo.setSuspension(tx, userId, { suspendedAt: null, suspendedReason: null }, now);
    if (user.role === "INSTRUCTOR") await syncTeachingStops(tx, userId, now);
    await uow.audit({
      actorId: adminId,
      action: "user.reactivate",
      targetType: "user",
      targetId: userId,
      details: {
        reason,
        before: { suspended: true, suspendedReason: user.suspendedReason },
        after: { suspended: false },
      },
      createdAt: now,
    });
  });
  const row = await repo.findAdminUser(ctx.db, userId);
  if (!row) throw new AppError("not_found", USER_NOT_FOUND);
  return { user: toAdminUser(row) };
}
