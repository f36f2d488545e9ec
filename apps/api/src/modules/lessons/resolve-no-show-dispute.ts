import type { ResolveNoShowDisputeRequest, ResolveNoShowDisputeResponse } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { adminLessonOutcome } from "./lesson-views.ts";
import { settleNoShow } from "./no-show-dispute.ts";

/** POST /admin/bookings/:id/no-show-dispute: keep or refund a disputed no-show (no-show-dispute.ts). */
export async function resolveNoShowDispute(
  ctx: AppContext,
  adminId: string,
  bookingId: string,
  input: Required<ResolveNoShowDisputeRequest>,
): Promise<ResolveNoShowDisputeResponse> {
  const now = ctx.now();
  const result = await ctx.transact((uow) =>
    settleNoShow(uow, { bookingId, resolution: input.resolution, note: input.note, adminId, now }),
  );
  return adminLessonOutcome(ctx.db, bookingId, result);
}
