import { z } from "zod";
import { PAYMENT_STATUSES, PAYMENT_TYPES, REFUND_STATUSES } from "../constants.ts";

// The student's payments and their tax invoices (GET /api/student/payments, …/{id}/invoice.pdf).

export const studentPaymentRefund = z.object({
  id: z.uuid(),
  /** Dollars back to the card, GST included. */
  amount: z.number(),
  /** The GST part of `amount`, as the refund recorded it (the refunds of a payment add up to its GST). */
  gst: z.number(),
  status: z.enum(REFUND_STATUSES),
  createdAt: z.string(),
  bookingId: z.uuid().nullable(),
});

export const studentPayment = z.object({
  id: z.uuid(),
  invoiceNumber: z.string(),
  type: z.enum(PAYMENT_TYPES),
  status: z.enum(PAYMENT_STATUSES),
  /** What it bought, e.g. "10-lesson bundle with Sam Lee" or "3 driving lessons". */
  description: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  subtotal: z.number(),
  gst: z.number(),
  amount: z.number(),
  /** Dollars refunded so far (decided refunds, whether or not the card provider has settled them). */
  refunded: z.number(),
  refunds: z.array(studentPaymentRefund),
  /** Path of the PDF tax invoice; null until the payment is paid. */
  invoiceUrl: z.string().nullable(),
});
export type StudentPayment = z.infer<typeof studentPayment>;

/** Newest first. */
export const studentPaymentsResponse = z.object({ payments: z.array(studentPayment) });
export type StudentPaymentsResponse = z.infer<typeof studentPaymentsResponse>;

/** A payment a guardian made for a learner (issue 30): theirs to list even once the learner removed them. */
export const guardianPayment = studentPayment.extend({
  learner: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
});
export type GuardianPayment = z.infer<typeof guardianPayment>;

/** Newest first. */
export const guardianPaymentsResponse = z.object({ payments: z.array(guardianPayment) });
export type GuardianPaymentsResponse = z.infer<typeof guardianPaymentsResponse>;
