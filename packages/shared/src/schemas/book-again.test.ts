import { describe, expect, it } from "vitest";
import {
  type BookAgainOffer,
  bookAgainBatchRequest,
  bookAgainCreditRequest,
  bookAgainOffer,
} from "./book-again.ts";
import { batchBookingRequest } from "./bookings.ts";
import { creditBookingRequest } from "./credits.ts";

const offer: BookAgainOffer = {
  fromLessonId: "5b0f7d1e-3c1a-4f7e-9a51-0d6b1c2e3f40",
  fromLessonStartTime: "2026-12-01T23:00:00.000Z",
  instructor: { id: "0e7c6a2b-8d4f-4b1a-9c3e-2f5d6a7b8c90", firstName: "Ivy", lastName: "Instructor" },
  suburb: "Sydney CBD",
  pickupLocation: "1 Martin Place",
  lessonMinutes: 60,
  slots: [
    {
      startTime: "2026-12-08T23:00:00.000Z",
      endTime: "2026-12-09T00:00:00.000Z",
      price: 80,
      priceInclGst: 88,
      isPoolHours: false,
    },
  ],
  payment: { method: "card" },
};

describe("book-again requests", () => {
  it("are valid bodies of the existing writes, carrying the offer's instructor, suburb and pickup", () => {
    expect(bookAgainOffer.parse(offer)).toEqual(offer);
    const slot = offer.slots[0];
    if (!slot) throw new Error("no slot");
    const card = batchBookingRequest.parse(bookAgainBatchRequest(offer, slot));
    expect(card).toEqual({
      suburb: "Sydney CBD",
      bookings: [
        {
          instructorId: offer.instructor.id,
          startTime: slot.startTime,
          endTime: slot.endTime,
          price: 80,
          isPoolHours: false,
          pickupLocation: "1 Martin Place",
        },
      ],
    });
    const credits = creditBookingRequest.parse(bookAgainCreditRequest(offer, slot));
    expect(credits.bookings).toEqual([
      { startTime: slot.startTime, endTime: slot.endTime, pickupLocation: "1 Martin Place" },
    ]);
  });
});
