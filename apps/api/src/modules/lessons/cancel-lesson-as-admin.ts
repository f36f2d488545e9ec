import type { AdminCancelBookingResponse } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { cancelLessonWithRefund } from "./lesson-cancellation.ts";
import { adminLessonOutcome } from "./lesson-views.ts";

/** POST /admin/bookings/:id/cancel: an admin cancels any scheduled lesson, refunded in full. */
export async function cancelLessonAsAdmin(
  ctx: AppContext,
  adminId: string,
  bookingId: string,
  input: { reason?: string },
): Promise<AdminCancelBookingResponse> {
  const now = ctx.now();
  const result = await ctx.transact(async (uow) => {
    const cancelled = await cancelLessonWithRefund(uow, {
      bookingId,
      cancelledBy: "ADMIN",
      now,
      reason: input.reason ?? null,
      appUrl: publicOrigin(ctx.env),
    });
    await uow.audit({
      actorId: adminId,
      action: "booking.cancel",
      targetType: "booking",
      targetId: bookingId,
      details: {
        cancelledBy: "ADMIN",
        reason: input.reason ?? null,
        refundCents: cancelled.refundCents,
        bundleCreditReturned: cancelled.bundleCreditReturned,
        // A driving-test package's credit given back on its full tier (issue 33): its id.
        testPackCreditReturned: cancelled.testPackCreditReturned,
      },
      createdAt: now,
    });
    return cancelled;
  });
  return adminLessonOutcome(ctx.db, bookingId, result);
}
