import type { CreditBookingResponse } from "@kerb/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { SelectedSlot } from "@/features/availability";
import { availabilityKeys, findStaleSlots, getSlotsQueryOptions } from "@/features/availability";
import { errorMessage, isApiError } from "@/lib/api-error";
import { scopeKeys } from "@/lib/query-keys";
import { creditKeys } from "../api/query-keys";
import { useSpendBundleCredits } from "../api/spend-bundle-credits";

/** Why a credit booking failed, in the student's words, and which lessons to drop when that is why. */
type CreditFailure = { code: string; title: string; message: string; removed: SelectedSlot[] };

const TITLES: Record<string, string> = {
  insufficient_credits: "Not enough credits left",
  bundle_expired: "This bundle has expired",
  instructor_unavailable: "Your instructor can no longer take bookings",
  slot_unavailable: "Some of your times are no longer available",
  not_found: "We couldn't find this bundle",
};

const BOOKING_FAILED_TITLE = "We couldn't book your lessons";

type UseCreditBookingOptions = {
  bundleId: string;
  suburb: string;
  slots: readonly SelectedSlot[];
  pickupLocation: string;
  onBooked: (result: CreditBookingResponse) => void;
};

/**
 * Spending the chosen lessons' credits: one all-or-nothing call. On a failure nothing was spent; the
 * bundle is read again (credits, expiry and instructor may have changed), and when times were taken
 * meanwhile it works out which, so the student can drop them and pick again.
 */
export function useCreditBooking({
  bundleId,
  suburb,
  slots,
  pickupLocation,
  onBooked,
}: UseCreditBookingOptions) {
  const queryClient = useQueryClient();
  const spend = useSpendBundleCredits();
  const [failure, setFailure] = useState<CreditFailure | null>(null);
  const [isCheckingSlots, setCheckingSlots] = useState(false);

  async function book() {
    setFailure(null);
    try {
      const result = await spend.mutateAsync({
        bundleId,
        request: {
          bookings: slots.map((slot) => ({
            startTime: slot.startTime,
            endTime: slot.endTime,
            pickupLocation,
          })),
        },
      });
      // Profile, bundle, lessons and calendars all changed.
      void queryClient.invalidateQueries({ queryKey: scopeKeys.student });
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
      onBooked(result);
    } catch (error) {
      const code = isApiError(error) ? error.code : "unknown";
      void queryClient.invalidateQueries({ queryKey: creditKeys.bundle(bundleId) });
      let removed: SelectedSlot[] = [];
      if (code === "slot_unavailable") {
        setCheckingSlots(true);
        removed = await findStaleSlots(error, slots, suburb, (query) =>
          queryClient.fetchQuery({ ...getSlotsQueryOptions(query), staleTime: 0 }),
        );
        void queryClient.invalidateQueries({ queryKey: availabilityKeys.summaries() });
        setCheckingSlots(false);
      }
      setFailure({
        code,
        title: TITLES[code] ?? BOOKING_FAILED_TITLE,
        message: errorMessage(error, "Please try again in a moment."),
        removed,
      });
    }
  }

  return { book, isBooking: spend.isPending, failure, isCheckingSlots };
}
