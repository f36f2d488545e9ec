import { z } from "zod";
import { REFUND_METHODS } from "../constants.ts";
import { isoDateTime } from "./common.ts";
import { studentProfileBooking } from "./profiles.ts";
import { testPackSummary } from "./test-pack-outcomes.ts";
import { testCentreId, testPackPlanView } from "./test-packages.ts";

// A student's own lesson after the purchase: cancel (with a preview) and reschedule.

/** What comes back, in dollars: `amount` is GST included and `gst` the GST part of it. */
export const studentRefund = z.object({
  amount: z.number(),
  gst: z.number(),
  method: z.enum(REFUND_METHODS),
});
export type StudentRefund = z.infer<typeof studentRefund>;

/** GET /api/student/bookings/{id}/cancellation: exactly what POST …/cancel would do now. */
export const cancellationPreviewResponse = z.object({
  booking: studentProfileBooking,
  tier: z.enum(["full", "half", "none"]),
  refund: studentRefund,
  /** True when a bundle credit would go back to the bundle. */
  creditReturned: z.boolean(),
  /** One sentence for the confirm dialog, e.g. "You will get $77.00 back to your card (incl. $7.00 GST)." */
  summary: z.string(),
  /** The card a card refund goes back to: "your card", or "Mei Li's card" when a guardian paid. */
  refundTo: z.string(),
});
export type CancellationPreview = z.infer<typeof cancellationPreviewResponse>;

export const cancelStudentBookingResponse = z.object({
  booking: z.object({ id: z.uuid(), status: z.literal("CANCELLED") }),
  refund: studentRefund,
});
export type CancelStudentBookingResponse = z.infer<typeof cancelStudentBookingResponse>;

export const rescheduleRequest = z.object({ startTime: isoDateTime, endTime: isoDateTime });
export type RescheduleRequest = z.input<typeof rescheduleRequest>;

export const rescheduleResponse = z.object({ booking: studentProfileBooking });
export type RescheduleResponse = z.infer<typeof rescheduleResponse>;

/**
 * POST /api/student/test-packs/{bookingId}/move: the learner's test moved (Service NSW moved it, or they
 * did), so the pack follows: the new test time with its offset, and the centre when that changed too.
 */
export const moveTestPackRequest = z.object({
  testAt: isoDateTime,
  /** The centre of the new test; the pack's own when absent. */
  centreId: testCentreId.optional(),
});
export type MoveTestPackRequest = z.input<typeof moveTestPackRequest>;

/** The moved pack: its lesson record (the whole block), the pack and its new plan. */
export const moveTestPackResponse = z.object({
  booking: studentProfileBooking,
  testPack: testPackSummary,
  plan: testPackPlanView,
});
export type MoveTestPackResponse = z.infer<typeof moveTestPackResponse>;
