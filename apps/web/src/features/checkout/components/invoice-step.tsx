import type { InvoiceNumberClaim, Suburb } from "@kerb/shared";
import type { BundleOption, BundleSize } from "@kerb/shared/rules";
import { HOLD_DURATION, HOLD_DURATION_ADJECTIVE } from "@kerb/shared/words";
import ArrowLeft from "lucide-react/icons/arrow-left";
import CreditCard from "lucide-react/icons/credit-card";
import Lock from "lucide-react/icons/lock";
import { type ReactNode, useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { StepActions } from "@/components/ui/step-frame";
import { paths } from "@/config/paths";
import type { SelectedSlot } from "@/features/availability";
import { CheckingSlotsStatus, RemovedSlotList } from "@/features/availability";
import { savedCardLabel, useSavedCards } from "@/features/saved-cards";
import { formatTime } from "@/lib/format";
import { useOpenInvoice } from "../api/open-invoice";
import {
  type CheckoutConflict,
  type CheckoutPhase,
  PAYMENT_FAILED_MESSAGE,
  useCheckout,
} from "../hooks/use-checkout";
import type { CheckoutConflictCode } from "../model/checkout-conflict";
import type { Flow, PendingCheckout, SelectedInstructor } from "../model/wizard-state";
import { BundleOptions } from "./bundle-options";
import { InvoiceDocument } from "./invoice-document";
import { PickupAddressField } from "./pickup-address-field";

const CONFLICT_TITLES: Record<CheckoutConflictCode, string> = {
  slot_unavailable: "One of your times can no longer be booked",
  hold_expired: `Your ${HOLD_DURATION_ADJECTIVE} hold has expired`,
  amount_mismatch: "A price has changed",
  too_many_holds: "You have lessons waiting for payment",
};

type InvoiceStepProps = {
  flow: Flow;
  suburb: Suburb;
  instructor: SelectedInstructor | null;
  slots: readonly SelectedSlot[];
  bundleOptions: readonly BundleOption[];
  bundle: BundleOption;
  estimatedLessons: number;
  onBundleChange: (size: BundleSize) => void;
  onBack: () => void;
  /** Told while a payment is under way, so the wizard can lock its own Back button. */
  onBusyChange?: (isBusy: boolean) => void;
  /** Awaited as Pay is pressed, before the payment opens (the wizard keeps the assessment then). */
  onPay?: () => Promise<void>;
  /** The purchase is confirmed: the wizard says so, clears the draft and leaves. */
  onPaid: (flow: Flow) => void;
  /** After a stale-selection failure: drop these lessons and return to the calendar. */
  onReturnToSlots: (removed: SelectedSlot[]) => void;
  /** The payment opened for this purchase, kept in the draft so paying again reuses it. */
  pendingCheckout: PendingCheckout | null;
  onCheckoutChange: (checkout: PendingCheckout | null) => void;
  /** The number this checkout's invoice showed before, and where to keep the one it shows now. */
  shownInvoice: InvoiceNumberClaim | null;
  onInvoiceOpened: (invoice: InvoiceNumberClaim) => void;
};

export function InvoiceStep({
  flow,
  suburb,
  instructor,
  slots,
  bundleOptions,
  bundle,
  estimatedLessons,
  onBundleChange,
  onBack,
  onBusyChange,
  onPay,
  onPaid,
  onReturnToSlots,
  pendingCheckout,
  onCheckoutChange,
  shownInvoice,
  onInvoiceOpened,
}: InvoiceStepProps) {
  // A checkout already held for these lessons keeps its pickup, so reopening shows its invoice number.
  const [pickup, setPickup] = useState<string>(pendingCheckout?.pickupLocation ?? suburb);
  const opened = useOpenInvoice(shownInvoice);
  const openedInvoice = opened.data?.invoice;
  useEffect(() => {
    if (openedInvoice && openedInvoice.number !== shownInvoice?.number) onInvoiceOpened(openedInvoice);
  }, [openedInvoice, shownInvoice, onInvoiceOpened]);
  const {
    checkout,
    phase,
    isBusy,
    failure,
    conflict,
    isCheckingSlots,
    isCardDeclined,
    pay,
    payWithSavedCard,
  } = useCheckout({
    flow,
    suburb,
    instructor,
    slots,
    bundle,
    pickupLocation: pickup.trim() || suburb,
    pendingCheckout,
    onCheckoutChange,
    onPaid,
    onBusyChange,
    beforePay: onPay,
    invoice: opened.data?.invoice,
  });
  const isBundle = flow === "bundle";
  // The student's first saved card, offered beside Pay (none offered again once it was declined).
  const savedCards = useSavedCards("student");
  const savedCard = isCardDeclined ? undefined : savedCards.data?.cards[0];
  const holdExpiresAt = checkout?.payment.holdExpiresAt ?? null;

  return (
    <div className="flex flex-col gap-6">
      {isBundle ? (
        <BundleOptions
          options={bundleOptions}
          value={bundle.size}
          estimatedLessons={estimatedLessons}
          onChange={(size) => !isBusy && onBundleChange(size)}
        />
      ) : null}

      <InvoiceDocument
        flow={flow}
        suburb={suburb}
        instructor={instructor}
        slots={slots}
        bundle={bundle}
        checkout={checkout}
        opened={opened.data}
      >
        {!isBundle ? <PickupAddressField value={pickup} onChange={setPickup} disabled={isBusy} /> : null}
      </InvoiceDocument>

      {holdExpiresAt && phase === "idle" ? (
        <Alert tone="info">
          Your times are held until {formatTime(holdExpiresAt)}. Pay before then to keep them.
        </Alert>
      ) : null}

      <CheckoutStatus phase={phase} isCheckingSlots={isCheckingSlots} />

      {failure ? (
        <Alert tone="error" title={PAYMENT_FAILED_MESSAGE}>
          {failure === PAYMENT_FAILED_MESSAGE ? "You have not been charged." : failure}
        </Alert>
      ) : null}

      {conflict && !isCheckingSlots ? (
        <ConflictAlert
          conflict={conflict}
          isBundle={isBundle}
          onReturnToSlots={() => onReturnToSlots(conflict.removed)}
          onRetry={pay}
        />
      ) : null}

      <StepActions>
        <p className="flex items-center justify-center gap-1.5 text-slate-600 text-sm sm:mr-auto">
          <Lock className="size-4" aria-hidden="true" />
          {isBundle
            ? "Bundle lessons are booked later from your dashboard."
            : `Times are held for ${HOLD_DURATION} while you pay.`}
        </p>
        <Button variant="outline" size="lg" onClick={onBack} disabled={isBusy}>
          Back to Review
        </Button>
        {savedCard ? (
          <Button
            size="lg"
            onClick={() => void payWithSavedCard(savedCard.id)}
            isLoading={isBusy}
            loadingText="Processing…"
            disabled={!isBundle && slots.length === 0}
            icon={<CreditCard className="size-5" aria-hidden="true" />}
          >
            Pay with {savedCardLabel(savedCard)}
          </Button>
        ) : null}
        <Button
          size="lg"
          // With a saved card, that is the way to pay; another card is the second choice.
          variant={savedCard ? "outline" : "primary"}
          onClick={pay}
          isLoading={isBusy}
          loadingText="Processing…"
          disabled={!isBundle && slots.length === 0}
          icon={<CreditCard className="size-5" aria-hidden="true" />}
          className="sm:min-w-40"
        >
          {savedCard ? "Pay with another card" : "Pay"}
        </Button>
      </StepActions>
    </div>
  );
}

function CheckoutStatus({ phase, isCheckingSlots }: { phase: CheckoutPhase; isCheckingSlots: boolean }) {
  return (
    <>
      {phase === "processing" || phase === "creating" || phase === "redirecting" ? (
        <div
          role="status"
          className="flex items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-brand-900"
        >
          <Spinner className="size-5" />
          <span>
            {phase === "redirecting"
              ? "Taking you to our secure card payment page…"
              : "Processing your payment… Please keep this page open."}
          </span>
        </div>
      ) : null}

      {isCheckingSlots ? <CheckingSlotsStatus /> : null}
    </>
  );
}

/**
 * What stopped the purchase, in the server's words, and a way on: choose other times when some were
 * taken, hold them again when they are all still free, or see the lessons already waiting for payment.
 */
function ConflictAlert({
  conflict,
  isBundle,
  onReturnToSlots,
  onRetry,
}: {
  conflict: CheckoutConflict;
  isBundle: boolean;
  onReturnToSlots: () => void;
  onRetry: () => void;
}) {
  const { code, message, removed } = conflict;
  const title =
    code === "slot_unavailable" && removed.length > 1
      ? "Some of your times can no longer be booked"
      : CONFLICT_TITLES[code];
  const backToTimes = (
    <Button
      variant="outline"
      onClick={onReturnToSlots}
      icon={<ArrowLeft className="size-4" aria-hidden="true" />}
    >
      Back to lesson times
    </Button>
  );
  let action: ReactNode;
  if (removed.length > 0) {
    action = (
      <Button onClick={onReturnToSlots} icon={<ArrowLeft className="size-4" aria-hidden="true" />}>
        Choose another time
      </Button>
    );
  } else if (code === "too_many_holds") {
    action = (
      <div className="flex flex-col gap-2 sm:flex-row">
        <ButtonLink to={paths.student.bookings()}>See lessons waiting for payment</ButtonLink>
        {isBundle ? null : backToTimes}
      </div>
    );
  } else if (isBundle) {
    action = <Button onClick={onRetry}>Try again</Button>;
  } else {
    action = (
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={onRetry}>{code === "hold_expired" ? "Hold my times again" : "Try again"}</Button>
        {backToTimes}
      </div>
    );
  }

  return (
    <Alert tone="error" title={title} action={action}>
      <p>{message}</p>
      {removed.length > 0 ? (
        <>
          <p className="mt-1">We'll take these out of your selection:</p>
          <RemovedSlotList slots={removed} withInstructor />
        </>
      ) : !isBundle && code !== "too_many_holds" ? (
        <p className="mt-1">Your times are all still free.</p>
      ) : null}
    </Alert>
  );
}
