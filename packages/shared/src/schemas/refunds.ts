import { z } from "zod";
import { REFUND_REASONS, REFUND_STATUSES } from "../constants.ts";
import { pageOf, pageQuery } from "./common.ts";

// The card-refund queue as the operator console sees it (/api/admin/refunds, ADMIN only).

export const adminRefundsQuery = pageQuery.extend({
  status: z
    .preprocess(
      (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
      z.enum(REFUND_STATUSES, { error: `status must be one of ${REFUND_STATUSES.join(", ")}` }),
    )
    .optional(),
});
export type AdminRefundsQuery = z.input<typeof adminRefundsQuery>;

export const adminRefund = z.object({
  id: z.uuid(),
  status: z.enum(REFUND_STATUSES),
  reason: z.enum(REFUND_REASONS),
  /** Dollars, GST included: what goes back to the card. */
  amount: z.number(),
  attempts: z.number().int(),
  /** When the next automatic attempt is due (PENDING only). */
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  succeededAt: z.string().nullable(),
  bookingId: z.uuid().nullable(),
  payment: z.object({ id: z.uuid(), invoiceNumber: z.string(), provider: z.string() }),
  student: z.object({ id: z.uuid(), email: z.string(), firstName: z.string(), lastName: z.string() }),
});
export type AdminRefund = z.infer<typeof adminRefund>;
/** PENDING first (oldest first: they have waited longest), then the rest newest first. */
export const adminRefundsResponse = pageOf(adminRefund);
export const adminRefundResponse = z.object({ refund: adminRefund });
