import { z } from "zod";
import type { BatchBookingRequest } from "./bookings.ts";
import type { CreditBookingRequest } from "./credits.ts";

// "Book again" (issue 34): the same instructor, suburb, pickup and length as one of the learner's lessons,
// with that instructor's next open times first. A read only: booking goes through the existing writes
// (POST /api/student/bundles/{id}/bookings with credits, else POST /api/student/bookings/batch).

/** One open time of the offer, priced by the same rules as GET /api/student/slots. */
export const bookAgainSlot = z.object({
  startTime: z.string(),
  endTime: z.string(),
  /** Dollars, GST excluded: what the batch booking item echoes (the server checks it again). */
  price: z.number(),
  /** Dollars, GST included: what a card is charged for this lesson alone. */
  priceInclGst: z.number(),
  isPoolHours: z.boolean(),
});
export type BookAgainSlot = z.infer<typeof bookAgainSlot>;

/** How the confirm step pays: a bundle's credits for this instructor when there are enough, else a card. */
export const bookAgainPayment = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("credits"),
    bundleId: z.uuid(),
    /** Credits this lesson uses (a credit is one hour). */
    creditsNeeded: z.number().int(),
    creditsLeft: z.number().int(),
  }),
  z.object({ method: z.literal("card") }),
]);
export type BookAgainPayment = z.infer<typeof bookAgainPayment>;

export const bookAgainOffer = z.object({
  /** The lesson it repeats. */
  fromLessonId: z.uuid(),
  fromLessonStartTime: z.string(),
  instructor: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
  suburb: z.string(),
  pickupLocation: z.string().nullable(),
  lessonMinutes: z.number().int(),
  /** The next open times with this instructor, soonest first (at most two a day); may be empty. */
  slots: z.array(bookAgainSlot),
  payment: bookAgainPayment,
});
export type BookAgainOffer = z.infer<typeof bookAgainOffer>;

/** GET /api/student/lessons/{id}/book-again. */
export const bookAgainResponse = z.object({ offer: bookAgainOffer });
export type BookAgainResponse = z.infer<typeof bookAgainResponse>;

/** GET /api/student/book-again: from the learner's most recent completed lesson, or null when none can be. */
export const latestBookAgainResponse = z.object({ offer: bookAgainOffer.nullable() });
export type LatestBookAgainResponse = z.infer<typeof latestBookAgainResponse>;

/** The body of POST /api/student/bookings/batch that books `slot` of the offer by card. */
export function bookAgainBatchRequest(offer: BookAgainOffer, slot: BookAgainSlot): BatchBookingRequest {
  return {
    suburb: offer.suburb,
    bookings: [
      {
        instructorId: offer.instructor.id,
        startTime: slot.startTime,
        endTime: slot.endTime,
        price: slot.price,
        isPoolHours: slot.isPoolHours,
        pickupLocation: offer.pickupLocation,
      },
    ],
  };
}

/** The body of POST /api/student/bundles/{bundleId}/bookings that books `slot` with the offer's credits. */
export function bookAgainCreditRequest(offer: BookAgainOffer, slot: BookAgainSlot): CreditBookingRequest {
  return {
    bookings: [{ startTime: slot.startTime, endTime: slot.endTime, pickupLocation: offer.pickupLocation }],
  };
}
