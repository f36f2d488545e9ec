import type { Suburb } from "@kerb/shared";
import type { BundleOption, BundleSize } from "@kerb/shared/rules";
import { ArrowLeft, CreditCard, Lock } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { formatTime } from "@/lib/format";
import { HOLD_DURATION, HOLD_DURATION_ADJECTIVE } from "@/lib/policy-text";
import {
  type CheckoutPhase,
  PAYMENT_FAILED_MESSAGE,
  type StaleNotice,
  useCheckout,
} from "../hooks/use-checkout";
import { describeSlot } from "../model/selection";
import {
  type Flow,
  type PendingCheckout,
  type SelectedInstructor,
  type SelectedSlot,
  slotKey,
} from "../model/wizard-state";
import { BundleOptions } from "./bundle-options";
import { InvoiceDocument } from "./invoice-document";
import { StepActions } from "./step-frame";

const STALE_TITLES: Record<string, string> = {
  slot_unavailable: "Some of your times are no longer available",
  hold_expired: `Your ${HOLD_DURATION_ADJECTIVE} hold has expired`,
  amount_mismatch: "A lesson price has changed",
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
  /** The purchase is confirmed: the wizard says so, clears the draft and leaves. */
  onPaid: (flow: Flow) => void;
  /** After a stale-selection failure: drop these lessons and return to the calendar. */
  onReturnToSlots: (removed: SelectedSlot[]) => void;
  /** The payment opened for this purchase, kept in the draft so paying again reuses it. */
  pendingCheckout: PendingCheckout | null;
  onCheckoutChange: (checkout: PendingCheckout | null) => void;
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
  onPaid,
  onReturnToSlots,
  pendingCheckout,
  onCheckoutChange,
}: InvoiceStepProps) {
  const [pickup, setPickup] = useState<string>(suburb);
  const { checkout, phase, isBusy, failure, staleNotice, isCheckingSlots, pay } = useCheckout({
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
  });
  const isBundle = flow === "bundle";
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
      >
        {!isBundle ? (
          <TextField
            label="Pickup address"
            hint="Where your instructor meets you for every lesson in this booking."
            value={pickup}
            maxLength={200}
            autoComplete="street-address"
            disabled={isBusy}
            onChange={(event) => setPickup(event.target.value)}
          />
        ) : null}
      </InvoiceDocument>

      {holdExpiresAt && phase === "idle" ? (
        <Alert tone="info">
          Your times are held until {formatTime(holdExpiresAt)}. Pay before then to keep them.
        </Alert>
      ) : null}

      <CheckoutStatus phase={phase} isCheckingSlots={isCheckingSlots} />

      {staleNotice ? (
        <StaleSelectionAlert
          notice={staleNotice}
          onReturnToSlots={() => onReturnToSlots(staleNotice.removed)}
        />
      ) : null}

      {failure ? (
        <Alert tone="error" title={PAYMENT_FAILED_MESSAGE}>
          {failure === PAYMENT_FAILED_MESSAGE ? "You have not been charged." : failure}
        </Alert>
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
        <Button
          size="lg"
          onClick={pay}
          isLoading={isBusy}
          loadingText="Processing…"
          disabled={!isBundle && slots.length === 0}
          icon={<CreditCard className="size-5" aria-hidden="true" />}
          className="sm:min-w-40"
        >
          Pay
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

      {isCheckingSlots ? (
        <div role="status" className="flex items-center gap-3 text-slate-700">
          <Spinner className="size-5" />
          Checking which of your times are still free…
        </div>
      ) : null}
    </>
  );
}

function StaleSelectionAlert({
  notice,
  onReturnToSlots,
}: {
  notice: StaleNotice;
  onReturnToSlots: () => void;
}) {
  return (
    <Alert
      tone="error"
      title={STALE_TITLES[notice.code] ?? "Some of your times need another look"}
      action={
        <Button
          variant="outline"
          onClick={onReturnToSlots}
          icon={<ArrowLeft className="size-4" aria-hidden="true" />}
        >
          Back to slot selection
        </Button>
      }
    >
      <p>{notice.message}</p>
      {notice.removed.length > 0 ? (
        <>
          <p className="mt-1">We'll take these out of your selection:</p>
          <ul className="list-disc pl-5">
            {notice.removed.map((slot) => (
              <li key={slotKey(slot)}>
                {describeSlot(slot)} with {slot.instructorName}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-1">Please check your selection and try again. You have not been charged.</p>
      )}
    </Alert>
  );
}
