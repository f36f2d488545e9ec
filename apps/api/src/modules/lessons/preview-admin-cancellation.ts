import type { AppContext } from "../../context.ts";
import { previewStaffCancellation } from "./staff-cancellation-preview.ts";

/** GET /admin/bookings/:id/cancellation: what cancelling the lesson now would give the student. */
export function previewAdminCancellation(ctx: AppContext, bookingId: string) {
  return previewStaffCancellation(ctx.db, { bookingId, by: "ADMIN", now: ctx.now() });
}
