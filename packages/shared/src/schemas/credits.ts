import { z } from "zod";
import { MAX_LESSON_COUNT } from "../constants.ts";
import { isoDateTime, safeText } from "./common.ts";
import { studentProfileBooking, studentProfileBundle } from "./profiles.ts";

// Spending a Flow A bundle: lessons with the bundle's instructor, paid with its credits (no card, no
// new GST: it was charged on the bundle). POST /api/student/bundles/{bundleId}/bookings.

export const creditBookingItem = z.object({
  startTime: isoDateTime,
  endTime: isoDateTime,
  pickupLocation: safeText().trim().max(200).optional().nullable(),
});
export type CreditBookingItem = z.input<typeof creditBookingItem>;

export const creditBookingRequest = z.object({
  bookings: z
    .array(creditBookingItem)
    .min(1, "Choose at least one lesson")
    .max(MAX_LESSON_COUNT, `At most ${MAX_LESSON_COUNT} lessons at once`),
});
export type CreditBookingRequest = z.input<typeof creditBookingRequest>;

export const bundleCredits = z.object({
  id: z.uuid(),
  totalLessons: z.number().int(),
  usedLessons: z.number().int(),
  expiresAt: z.string(),
});

export const creditBookingResponse = z.object({
  bundle: bundleCredits,
  /** Every lesson booked, SCHEDULED at once; `price` is the bundle's per-lesson price. */
  bookings: z.array(studentProfileBooking.extend({ status: z.literal("SCHEDULED") })),
});
export type CreditBookingResponse = z.infer<typeof creditBookingResponse>;

/** GET /api/student/bundles/{bundleId}: what the wizard's credit mode needs. */
export const studentBundleResponse = z.object({ bundle: studentProfileBundle });
export type StudentBundleResponse = z.infer<typeof studentBundleResponse>;

/**
 * PUT /api/student/bundles/{bundleId}/instructor: move the remaining credits to another verified
 * instructor in the bundle's suburb, allowed only while the bundle's own instructor may not be booked
 * (delisted, lapsed documents) or the bundle has none.
 */
export const bundleInstructorRequest = z.object({ instructorId: z.uuid() });
export type BundleInstructorRequest = z.input<typeof bundleInstructorRequest>;
