import {
  type BatchBookingRequest,
  type BookAgainOffer,
  type BookAgainSlot,
  bookAgainBatchRequest,
  bookAgainCreditRequest,
} from "@kerb/shared";
import { useQueryClient } from "@tanstack/react-query";
import { confirmBatchBooking, createBatchBooking } from "@/features/checkout";
import { spendBundleCredits } from "@/features/credits";
import { scopeKeys } from "@/lib/query-keys";
import { useSingleFlightMutation } from "@/lib/single-flight";

/**
 * What a card payment adds to the batch checkout's body besides the lessons: nothing today; a saved
 * card's id once the checkout takes one (issue 34, part 1). The confirm step passes it through untouched.
 */
export type CardPaymentFields = Omit<BatchBookingRequest, "bookings" | "suburb" | "invoice">;

/** The lesson that was booked, as both writes describe it. */
export type BookedLesson = {
  id: string;
  startTime: string;
  endTime: string;
  pickupLocation: string | null;
  instructor: { id: string; firstName: string; lastName: string };
};

export type BookAgainResult = { kind: "booked"; lesson: BookedLesson } | { kind: "redirecting" };

type ConfirmInput = {
  offer: BookAgainOffer;
  slot: BookAgainSlot;
  cardPayment?: CardPaymentFields | undefined;
};

/**
 * The confirm step: the existing writes, never a new one. With the credits of a bundle for this
 * instructor, POST /student/bundles/{id}/bookings (booked at once); else the batch checkout of one lesson,
 * then the card provider's page when it gives one, or (demo mode, no card page) the client's confirm.
 * The server prices it again either way. Everything the student sees is refreshed afterwards.
 */
export function useConfirmBookAgain() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation<BookAgainResult, Error, ConfirmInput>({
    mutationFn: async ({ offer, slot, cardPayment }, idempotencyKey) => {
      if (offer.payment.method === "credits") {
        const spent = await spendBundleCredits({
          bundleId: offer.payment.bundleId,
          request: bookAgainCreditRequest(offer, slot),
        });
        const [lesson] = spent.bookings;
        if (!lesson) throw new Error("No lesson was booked. Please try again.");
        return { kind: "booked", lesson };
      }
      const started = await createBatchBooking(
        { ...bookAgainBatchRequest(offer, slot), ...cardPayment },
        idempotencyKey,
      );
      if (started.paymentUrl) {
        // The card provider's page; it comes back to /payment/confirmed, which shows the booking.
        window.location.assign(started.paymentUrl);
        return { kind: "redirecting" };
      }
      const payment = await confirmBatchBooking(started.payment.id);
      const [lesson] = payment.lessons;
      if (!lesson) throw new Error("No lesson was booked. Please try again.");
      return { kind: "booked", lesson };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: scopeKeys.student }),
  });
}
