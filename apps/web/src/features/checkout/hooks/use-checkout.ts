import {
  type CheckoutResponse,
  DEMO_PAYMENT_DELAY_MS,
  type InvoiceNumberClaim,
  type Suburb,
} from "@kerb/shared";
import { type BundleOption, centsToDollars } from "@kerb/shared/rules";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import {
  availabilityKeys,
  findStaleSlots,
  getSlotsQueryOptions,
  type SelectedSlot,
  slotKey,
} from "@/features/availability";
import { type ApiError, errorMessage, isApiError } from "@/lib/api-error";
import { studentProfileKeys } from "@/lib/query-keys";
import { useSingleFlight } from "@/lib/single-flight";
import { useConfirmBatchBooking } from "../api/confirm-batch-booking";
import { useConfirmBundlePurchase } from "../api/confirm-bundle-purchase";
import { useCreateBatchBooking } from "../api/create-batch-booking";
import { usePurchaseBundle } from "../api/purchase-bundle";
import { useReleasePayment } from "../api/release-payment";
import {
  type CheckoutConflictCode,
  checkoutConflictCode,
  isStaleSelectionError,
} from "../model/checkout-conflict";
import {
  type Flow,
  isCheckoutReusable,
  type PendingCheckout,
  type SelectedInstructor,
} from "../model/wizard-state";

export const PAYMENT_FAILED_MESSAGE = "Payment failed. Please try again.";

/**
 * idle → creating (hold + payment opened) → processing (demo: the pretend card processing, then our
 * own confirmation) → paid; or creating → redirecting (card mode: off to the provider's page).
 */
export type CheckoutPhase = "idle" | "creating" | "processing" | "redirecting" | "paid";

/**
 * The purchase no longer stands as chosen (a time taken, a price changed, the hold lapsed, too many
 * lessons held): the server's code and words, and the chosen lessons that can no longer be booked.
 */
export type CheckoutConflict = { code: CheckoutConflictCode; message: string; removed: SelectedSlot[] };

type UseCheckoutOptions = {
  flow: Flow;
  suburb: Suburb;
  instructor: SelectedInstructor | null;
  slots: readonly SelectedSlot[];
  bundle: BundleOption;
  /** Where the instructor meets the student for every lesson of a batch. */
  pickupLocation: string;
  /** The payment opened earlier for this purchase, kept in the draft. */
  pendingCheckout: PendingCheckout | null;
  onCheckoutChange: (checkout: PendingCheckout | null) => void;
  onPaid: (flow: Flow) => void;
  /** Told while a payment is under way. */
  onBusyChange?: (isBusy: boolean) => void;
  /** The number the invoice screen shows, for the payment to carry (absent: the server picks one). */
  invoice?: InvoiceNumberClaim | undefined;
  /** Awaited as Pay is pressed, before the payment opens; it must not throw. */
  beforePay?: (() => Promise<void>) | undefined;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What was sent: a held checkout is reused only for exactly the same purchase. */
export function checkoutSignature({
  flow,
  suburb,
  instructor,
  slots,
  bundle,
  pickupLocation,
}: Pick<
  UseCheckoutOptions,
  "flow" | "suburb" | "instructor" | "slots" | "bundle" | "pickupLocation"
>): string {
  return flow === "bundle"
    ? `bundle|${bundle.size}|${bundle.lessons}|${instructor?.id ?? ""}|${suburb}`
    : `batch|${pickupLocation}|${slots.map(slotKey).join(",")}`;
}

/**
 * Paying for the wizard's purchase (spec §7): opens the payment (or reuses the one held for exactly
 * this purchase), then either hands over to the card provider's page or, in demo mode, waits the
 * pretend processing time and confirms. A failed payment alerts "Payment failed" (spec §8) and says
 * why. A conflict (a time taken, a price changed, the hold lapsed, too many lessons held) is no failed
 * payment: it is reported as such, and when lessons were taken meanwhile it works out which, so the
 * student can drop them and pick again.
 */
export function useCheckout({
  flow,
  suburb,
  instructor,
  slots,
  bundle,
  pickupLocation,
  pendingCheckout,
  onCheckoutChange,
  onPaid,
  onBusyChange,
  invoice,
  beforePay,
}: UseCheckoutOptions) {
  const queryClient = useQueryClient();
  const createBatchBooking = useCreateBatchBooking();
  const purchaseBundle = usePurchaseBundle();
  const confirmBatchBooking = useConfirmBatchBooking();
  const confirmBundlePurchase = useConfirmBundlePurchase();
  const releasePayment = useReleasePayment();
  const [phase, setPhase] = useState<CheckoutPhase>("idle");
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<CheckoutConflict | null>(null);
  const [isCheckingSlots, setCheckingSlots] = useState(false);
  /** The saved card was declined: it is not offered again here, the card page is. */
  const [isCardDeclined, setCardDeclined] = useState(false);

  const isBundle = flow === "bundle";
  const signature = checkoutSignature({ flow, suburb, instructor, slots, bundle, pickupLocation });
  const checkout =
    pendingCheckout && isCheckoutReusable(pendingCheckout, signature, Date.now())
      ? pendingCheckout.response
      : null;
  const isBusy = phase !== "idle";
  useEffect(() => onBusyChange?.(isBusy), [isBusy, onBusyChange]);

  async function startCheckout(savedCardId?: string): Promise<CheckoutResponse> {
    // A saved card pays a checkout of its own: the one held for the card page is let go below.
    if (checkout && !savedCardId) return checkout;
    if (pendingCheckout) {
      // A payment opened for another purchase (other times, another bundle) still holds its lessons,
      // and the server would refuse these as clashing with them: let it go first. When it cannot be
      // (already lapsed, or paid meanwhile) there is nothing to free, and the new hold says the rest.
      await releasePayment.mutateAsync(pendingCheckout.response.payment.id).catch(() => undefined);
      onCheckoutChange(null);
    }
    const response = isBundle
      ? await purchaseBundle.mutateAsync({
          totalLessons: bundle.lessons,
          pricePerLesson: centsToDollars(bundle.pricePerLessonCents),
          // The credits are for this instructor (Auto-Match's pick too) and spent in this suburb.
          ...(instructor?.id ? { instructorId: instructor.id } : {}),
          suburb,
          ...(invoice ? { invoice } : {}),
          ...(savedCardId ? { savedCardId } : {}),
        })
      : await createBatchBooking.mutateAsync({
          suburb,
          ...(invoice ? { invoice } : {}),
          ...(savedCardId ? { savedCardId } : {}),
          bookings: slots.map((slot) => ({
            instructorId: slot.instructorId,
            startTime: slot.startTime,
            endTime: slot.endTime,
            price: slot.price,
            isPoolHours: slot.isPoolHours,
            pickupLocation,
          })),
        });
    onCheckoutChange({
      signature,
      response,
      startedAt: Date.now(),
      ...(isBundle ? {} : { pickupLocation }),
    });
    return response;
  }

  async function showStaleSelection(error: ApiError, code: CheckoutConflictCode) {
    // The held payment is gone (or never existed): the next attempt starts a new one.
    onCheckoutChange(null);
    setCheckingSlots(true);
    const removed = await findStaleSlots(error, slots, suburb, (query) =>
      queryClient.fetchQuery({ ...getSlotsQueryOptions(query), staleTime: 0 }),
    );
    void queryClient.invalidateQueries({ queryKey: availabilityKeys.summaries() });
    // The clash may be a lesson the student booked meanwhile: the calendar should know it when back.
    void queryClient.invalidateQueries({ queryKey: studentProfileKeys.profile() });
    setCheckingSlots(false);
    setConflict({ code, message: error.message, removed });
  }

  // A double click on Pay pays once: the second click finds this run under way.
  const run = useSingleFlight(async (savedCardId?: string) => {
    setFailure(null);
    setConflict(null);
    setCardDeclined(false);
    setPhase("creating");
    try {
      await beforePay?.();
      const started = await startCheckout(savedCardId);
      if (started.savedCard?.status === "paid") {
        // Charged off-session and booked by the server: confirming again is a no-op that refreshes
        // what the student sees, exactly as after the card page.
        if (isBundle) await confirmBundlePurchase.mutateAsync(started.payment.id);
        else await confirmBatchBooking.mutateAsync(started.payment.id);
        // No onCheckoutChange(null) here, as on the demo path: onPaid clears the draft, and a state change
        // now would save the draft again while the wizard is still on screen, leaving "You have an
        // unfinished booking" for the next visit.
        setPhase("paid");
        onPaid(flow);
        return;
      }
      if (started.paymentUrl) {
        // The card provider's page; it returns to /payment/confirmed or /payment/cancelled.
        setPhase("redirecting");
        window.location.assign(started.paymentUrl);
        return;
      }
      // Demo mode: no card page, so pretend to process, then confirm ourselves (spec §7).
      setPhase("processing");
      await wait(DEMO_PAYMENT_DELAY_MS);
      if (isBundle) await confirmBundlePurchase.mutateAsync(started.payment.id);
      else await confirmBatchBooking.mutateAsync(started.payment.id);
      setPhase("paid");
      onPaid(flow);
    } catch (error) {
      setPhase("idle");
      if (isApiError(error) && error.code === "card_declined") {
        // Nothing was booked and the times were let go: the normal Pay (the card page) is the way on.
        onCheckoutChange(null);
        setCardDeclined(true);
        setFailure(error.message);
        return;
      }
      const code = checkoutConflictCode(error);
      if (code && isApiError(error)) {
        // The payment did not go through: said first, in the spec's words, then what changed and how
        // to go on (the conflict's recovery box).
        setFailure(PAYMENT_FAILED_MESSAGE);
        if (!isBundle && isStaleSelectionError(error)) {
          await showStaleSelection(error, code);
        } else {
          if (code === "hold_expired") onCheckoutChange(null);
          setConflict({ code, message: error.message, removed: [] });
        }
        return;
      }
      setFailure(errorMessage(error, PAYMENT_FAILED_MESSAGE));
    }
  });

  return {
    /** The payment already opened for exactly this purchase, or null. */
    checkout,
    phase,
    isBusy,
    /** Why the last attempt failed (PAYMENT_FAILED_MESSAGE when there is nothing more to say). */
    failure,
    /** What stopped the last attempt when the purchase itself changed (shown below `failure`). */
    conflict,
    isCheckingSlots,
    isCardDeclined,
    /** Pay on the card provider's page (demo: the pretend processing). */
    pay: () => run(),
    /** Pay with a saved card, off-session (decision 041): paid at once, or the card page if the bank asks. */
    payWithSavedCard: (savedCardId: string) => run(savedCardId),
  };
}
