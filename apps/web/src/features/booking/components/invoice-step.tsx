import { type CheckoutResponse, DEMO_PAYMENT_DELAY_MS, type Suburb } from "@kerb/shared";
import {
  type BundleOption,
  type BundleSize,
  centsToDollars,
  dollarsToCents,
  formatAud,
  formatSydneyDate,
} from "@kerb/shared/rules";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, CreditCard, Lock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage, isApiError } from "@/lib/api-error";
import { useCurrentUser } from "@/lib/auth-store";
import { formatDate, formatTime, formatTimeRange } from "@/lib/format";
import { confirmBatchBooking } from "../api/confirm-batch-booking";
import { confirmBundlePurchase } from "../api/confirm-bundle-purchase";
import { createBatchBooking } from "../api/create-batch-booking";
import { getSlotsQueryOptions } from "../api/get-slots";
import { purchaseBundle } from "../api/purchase-bundle";
import {
  batchInvoiceLines,
  batchTotals,
  bundleInvoiceLines,
  bundleTotals,
  type InvoiceLine,
} from "../model/invoice";
import { describeSlot } from "../model/selection";
import { findStaleSlots, isStaleSelectionError } from "../model/stale-slots";
import {
  type Flow,
  instructorName,
  isCheckoutReusable,
  type PendingCheckout,
  type SelectedInstructor,
  type SelectedSlot,
  slotKey,
} from "../model/wizard-state";
import { BundleOptions } from "./bundle-options";
import { PoolTag } from "./slot-list";
import { StepActions } from "./step-frame";

export const PAYMENT_FAILED_MESSAGE = "Payment failed. Please try again.";
export const DRAFT_INVOICE_NUMBER = "Draft";

const STALE_TITLES: Record<string, string> = {
  slot_unavailable: "Some of your times are no longer available",
  hold_expired: "Your 30-minute hold has expired",
  amount_mismatch: "A lesson price has changed",
};

type Phase = "idle" | "creating" | "processing" | "redirecting" | "paid";

type StaleNotice = { code: string; message: string; removed: SelectedSlot[] };

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

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [pickup, setPickup] = useState<string>(suburb);
  const [phase, setPhase] = useState<Phase>("idle");
  const [failure, setFailure] = useState<string | null>(null);
  const [staleNotice, setStaleNotice] = useState<StaleNotice | null>(null);
  const [isCheckingSlots, setCheckingSlots] = useState(false);
  const today = useRef(formatSydneyDate(new Date())).current;

  const isBundle = flow === "bundle";
  const lines: InvoiceLine[] = isBundle ? bundleInvoiceLines(bundle) : batchInvoiceLines(slots);
  const totals = isBundle ? bundleTotals(bundle) : batchTotals(slots);
  const pickupLocation = pickup.trim() || suburb;
  // What was sent: a held checkout is reused only for exactly the same purchase.
  const signature = isBundle
    ? `bundle|${bundle.size}|${bundle.lessons}|${instructor?.id ?? ""}`
    : `batch|${pickupLocation}|${slots.map(slotKey).join(",")}`;
  const current =
    pendingCheckout && isCheckoutReusable(pendingCheckout, signature, Date.now())
      ? pendingCheckout.response
      : null;
  // The server's numbers once it has them; they equal ours (both sum integer cents the same way).
  const shown = current
    ? {
        subtotalCents: dollarsToCents(current.payment.subtotal),
        gstCents: dollarsToCents(current.payment.gst),
        totalCents: dollarsToCents(current.payment.amount),
      }
    : totals;
  const isBusy = phase !== "idle";
  useEffect(() => onBusyChange?.(isBusy), [isBusy, onBusyChange]);

  async function startCheckout(): Promise<CheckoutResponse> {
    if (current) return current;
    const response = isBundle
      ? await purchaseBundle({
          totalLessons: bundle.lessons,
          pricePerLesson: centsToDollars(bundle.pricePerLessonCents),
          ...(instructor?.id && !instructor.autoMatch ? { instructorId: instructor.id } : {}),
        })
      : await createBatchBooking({
          suburb,
          bookings: slots.map((slot) => ({
            instructorId: slot.instructorId,
            startTime: slot.startTime,
            endTime: slot.endTime,
            price: slot.price,
            isPoolHours: slot.isPoolHours,
            pickupLocation,
          })),
        });
    onCheckoutChange({ signature, response, startedAt: Date.now() });
    return response;
  }

  async function pay() {
    setFailure(null);
    setStaleNotice(null);
    setPhase("creating");
    let started: CheckoutResponse | null = null;
    try {
      started = await startCheckout();
      if (started.paymentUrl) {
        // The card provider's page; it returns to /payment/confirmed or /payment/cancelled.
        setPhase("redirecting");
        window.location.assign(started.paymentUrl);
        return;
      }
      // Demo mode: no card page, so pretend to process, then confirm ourselves (spec §7).
      setPhase("processing");
      await wait(DEMO_PAYMENT_DELAY_MS);
      if (isBundle) await confirmBundlePurchase(started.payment.id);
      else await confirmBatchBooking(started.payment.id);
      setPhase("paid");
      onPaid(flow);
    } catch (error) {
      setPhase("idle");
      window.alert(PAYMENT_FAILED_MESSAGE);
      if (!isBundle && isStaleSelectionError(error) && isApiError(error)) {
        // The held payment is gone (or never existed): the next attempt starts a new one.
        onCheckoutChange(null);
        setCheckingSlots(true);
        const removed = await findStaleSlots(error, slots, suburb, (query) =>
          queryClient.fetchQuery({ ...getSlotsQueryOptions(query), staleTime: 0 }),
        );
        void queryClient.invalidateQueries({ queryKey: ["booking", "availability-summary"] });
        setCheckingSlots(false);
        setStaleNotice({ code: error.code, message: error.message, removed });
        return;
      }
      setFailure(errorMessage(error, PAYMENT_FAILED_MESSAGE));
    }
  }

  const holdExpiresAt = current?.payment.holdExpiresAt ?? null;

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

      <Card>
        <CardContent className="flex flex-col gap-6">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="flex flex-col gap-1">
              <h2 className="font-bold text-slate-900 text-xl">Tax invoice</h2>
              <p className="text-slate-600 text-sm">Kerb Driving Pty Ltd · Sydney NSW</p>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:text-right">
              <dt className="text-slate-600">Invoice number</dt>
              <dd className="font-semibold text-slate-900" data-testid="invoice-number">
                {current?.payment.invoiceNumber ?? DRAFT_INVOICE_NUMBER}
              </dd>
              <dt className="text-slate-600">Date</dt>
              <dd className="font-semibold text-slate-900">{today}</dd>
            </dl>
          </div>

          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-1 rounded-xl bg-slate-50 p-4 text-sm">
              <h3 className="font-semibold text-slate-900">Bill to</h3>
              <p className="text-slate-800">{user ? `${user.firstName} ${user.lastName}` : ""}</p>
              <p className="break-all text-slate-600">{user?.email}</p>
            </div>
            <div className="flex flex-col gap-1 rounded-xl bg-slate-50 p-4 text-sm">
              <h3 className="font-semibold text-slate-900">Service details</h3>
              <p className="text-slate-800">
                {isBundle ? "Lesson bundle (Flow A)" : "Multi-select booking (Flow B)"}
              </p>
              <p className="text-slate-600">Suburb: {suburb}</p>
              {isBundle ? (
                <p className="text-slate-600">
                  Instructor:{" "}
                  {instructor && !instructor.autoMatch && instructor.id
                    ? instructorName(instructor)
                    : "Auto-Match (any suitable instructor)"}
                </p>
              ) : (
                <p className="text-slate-600">
                  {slots.length} {slots.length === 1 ? "lesson" : "lessons"} of 60 minutes
                </p>
              )}
            </div>
          </div>

          <div className="-mx-1 overflow-x-auto">
            <table className="w-full min-w-[18rem] text-left text-sm">
              <caption className="sr-only">Invoice items</caption>
              <thead>
                <tr className="border-slate-200 border-b text-slate-600">
                  <th scope="col" className="py-2 pr-2 pl-1 font-medium">
                    Description
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-medium">
                    Qty
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-medium">
                    Unit price
                  </th>
                  <th scope="col" className="py-2 pr-1 pl-2 text-right font-medium">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <tr key={line.key} className="border-slate-100 border-b align-top">
                    <td className="py-2.5 pr-2 pl-1 text-slate-900">{line.description}</td>
                    <td className="px-2 py-2.5 text-right tabular-nums">{line.quantity}</td>
                    <td className="px-2 py-2.5 text-right tabular-nums">{formatAud(line.unitCents)}</td>
                    <td className="py-2.5 pr-1 pl-2 text-right font-medium tabular-nums">
                      {formatAud(line.totalCents)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {!isBundle ? (
            <div className="flex flex-col gap-2">
              <h3 className="font-semibold text-slate-900">Lesson schedule</h3>
              <ul className="flex flex-col divide-y divide-slate-100 text-sm" aria-label="Lesson schedule">
                {slots.map((slot) => (
                  <li
                    key={slotKey(slot)}
                    className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 py-2.5 sm:grid-cols-[7rem_10rem_1fr]"
                  >
                    <span className="font-medium text-slate-900">{formatDate(slot.startTime)}</span>
                    <span className="text-slate-700">{formatTimeRange(slot.startTime, slot.endTime)}</span>
                    <span className="col-span-2 flex flex-wrap items-center gap-2 text-slate-700 sm:col-span-1">
                      {slot.instructorName}
                      {slot.isPoolHours ? <PoolTag /> : null}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          <dl className="ml-auto flex w-full max-w-xs flex-col gap-1.5 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Subtotal</dt>
              <dd className="tabular-nums" data-testid="invoice-subtotal">
                {formatAud(shown.subtotalCents)}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">GST (10%)</dt>
              <dd className="tabular-nums" data-testid="invoice-gst">
                {formatAud(shown.gstCents)}
              </dd>
            </div>
            <div className="flex justify-between gap-4 border-slate-200 border-t pt-2 text-base">
              <dt className="font-semibold text-slate-900">Total (AUD)</dt>
              <dd className="font-bold text-slate-900 tabular-nums" data-testid="invoice-total">
                {formatAud(shown.totalCents)}
              </dd>
            </div>
          </dl>

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

          <div className="flex flex-col gap-1.5 rounded-xl border border-slate-200 p-4 text-slate-700 text-sm">
            <h3 className="font-semibold text-slate-900">Cancellation terms</h3>
            <ul className="list-disc pl-5 leading-relaxed">
              <li>Cancel more than 48 hours before a lesson: full refund.</li>
              <li>Cancel 24 to 48 hours before: 50% refund.</li>
              <li>Cancel less than 24 hours before: no refund.</li>
              <li>You can reschedule a lesson up to 24 hours before it starts.</li>
              <li>Bundle credits expire 12 months after purchase.</li>
            </ul>
          </div>
        </CardContent>
      </Card>

      {holdExpiresAt && phase === "idle" ? (
        <Alert tone="info">
          Your times are held until {formatTime(holdExpiresAt)}. Pay before then to keep them.
        </Alert>
      ) : null}

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

      {staleNotice ? (
        <Alert
          tone="error"
          title={STALE_TITLES[staleNotice.code] ?? "Some of your times need another look"}
          action={
            <Button
              variant="outline"
              onClick={() => onReturnToSlots(staleNotice.removed)}
              icon={<ArrowLeft className="size-4" aria-hidden="true" />}
            >
              Back to slot selection
            </Button>
          }
        >
          <p>{staleNotice.message}</p>
          {staleNotice.removed.length > 0 ? (
            <>
              <p className="mt-1">We'll take these out of your selection:</p>
              <ul className="list-disc pl-5">
                {staleNotice.removed.map((slot) => (
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
            : "Times are held for 30 minutes while you pay."}
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
