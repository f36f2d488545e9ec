import { z } from "zod";
import { MAX_LESSON_COUNT, PAYMENT_TYPES } from "../constants.ts";
import { isoDateTime, safeText } from "./common.ts";
import { suburbName } from "./fields.ts";
import { invoiceNumberClaim } from "./invoices.ts";

const dollars = z.number().min(0).max(100_000).multipleOf(0.01, "Prices are in whole cents");

export const batchBookingItem = z.object({
  /** Omit or null with isPoolHours to let the server assign a free pool instructor. */
  instructorId: z.uuid().nullable().optional(),
  startTime: isoDateTime,
  endTime: isoDateTime,
  /** What the client was shown, in dollars; the server recomputes and rejects a mismatch. */
  price: dollars,
  isPoolHours: z.boolean(),
  pickupLocation: safeText().trim().max(200).optional().nullable(),
});
export type BatchBookingItem = z.input<typeof batchBookingItem>;

export const batchBookingRequest = z.object({
  bookings: z
    .array(batchBookingItem)
    .min(1, "Choose at least one lesson")
    .max(MAX_LESSON_COUNT, `At most ${MAX_LESSON_COUNT} lessons at once`),
  /** Suburb the lessons are in; defaults to the student's own suburb. */
  suburb: suburbName().optional(),
  /** The number shown on the invoice screen (POST /student/invoices); a fresh one when absent. */
  invoice: invoiceNumberClaim.optional(),
  /**
   * Pay with this saved card (GET …/saved-cards), off-session, instead of a card entered on the
   * provider's page: the answer is then already paid (`savedCard.status` "paid"), or, when the bank asks
   * for the cardholder (3-D Secure), a hosted page for the same payment (decision 041).
   */
  savedCardId: z.uuid().optional(),
});
export type BatchBookingRequest = z.input<typeof batchBookingRequest>;

export const bundlePurchaseRequest = z.object({
  totalLessons: z.number().int().min(1).max(100),
  /** Dollars; must be what the bundle rules charge for that size. */
  pricePerLesson: dollars,
  /** The instructor the credits are for: the one chosen in Flow A, or the one Auto-Match picked. */
  instructorId: z.uuid().optional().nullable(),
  /** Where the lessons will be; defaults to the student's own suburb. */
  suburb: suburbName().optional(),
  /** The number shown on the invoice screen (POST /student/invoices); a fresh one when absent. */
  invoice: invoiceNumberClaim.optional(),
  /**
   * Pay with this saved card (GET …/saved-cards), off-session, instead of a card entered on the
   * provider's page: the answer is then already paid (`savedCard.status` "paid"), or, when the bank asks
   * for the cardholder (3-D Secure), a hosted page for the same payment (decision 041).
   */
  savedCardId: z.uuid().optional(),
});
export type BundlePurchaseRequest = z.input<typeof bundlePurchaseRequest>;

/** Answer of both checkout calls: in demo mode there is no paymentUrl and the client confirms itself. */
export const checkoutResponse = z.object({
  paymentUrl: z.string().optional(),
  payment: z.object({
    id: z.uuid(),
    invoiceNumber: z.string(),
    subtotal: z.number(),
    gst: z.number(),
    amount: z.number(),
    holdExpiresAt: z.string().nullable(),
  }),
  /**
   * Only when a saved card was asked for: "paid" (charged off-session and fulfilled: nothing to
   * confirm, though confirming again is harmless), or "authentication_required" (the bank wants the
   * cardholder: follow paymentUrl, the same payment with its holds kept).
   */
  savedCard: z.object({ status: z.enum(["paid", "authentication_required"]) }).optional(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

export const paymentLesson = z.object({
  id: z.uuid(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.string(),
  price: z.number(),
  isPoolHours: z.boolean(),
  pickupLocation: z.string().nullable(),
  instructor: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
});

export const paymentResponse = z.object({
  id: z.uuid(),
  type: z.enum(PAYMENT_TYPES),
  status: z.string(),
  provider: z.string(),
  currency: z.literal("AUD"),
  invoiceNumber: z.string(),
  subtotal: z.number(),
  gst: z.number(),
  /** Total charged, GST included, in dollars. */
  amount: z.number(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  lessons: z.array(paymentLesson),
  bundle: z
    .object({
      id: z.uuid().nullable(),
      totalLessons: z.number().int(),
      pricePerLesson: z.number(),
      expiresAt: z.string().nullable(),
    })
    .nullable(),
});
export type PaymentDetails = z.infer<typeof paymentResponse>;

export const confirmResponse = z.object({ payment: paymentResponse });

/** POST /api/payment/{id}/release: the unpaid checkout is let go and its held lessons freed. */
export const releasePaymentResponse = z.object({
  payment: z.object({ id: z.uuid(), status: z.literal("CANCELLED") }),
});
export type ReleasePaymentResponse = z.infer<typeof releasePaymentResponse>;
