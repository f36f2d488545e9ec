import { addDaysToDate } from "@kerb/shared/rules";
import { act, screen } from "@testing-library/react";
import { vi } from "vitest";
import { jsonResponse } from "@/test/fetch-mock";
import { completeAssessment, findStepHeading, resumeDraft, slotAt, today } from "./wizard-test-utils";

/** Flow B's invoice: a Pool Hours lesson tomorrow and a standard one with Olivia Brown in three days. */
export const instructorId = "c0000000-0000-4000-8000-0000000000aa";
export const paymentId = "d0000000-0000-4000-8000-000000000001";
export const poolLesson = slotAt(addDaysToDate(today(), 1), 10, { price: 48.75 });
export const olivia = slotAt(addDaysToDate(today(), 3), 9, {
  instructorId,
  instructorName: "Olivia Brown",
  price: 85.1,
  isPoolHours: false,
});

export const batchInvoiceDraft = {
  flow: "multi_select",
  currentStep: "invoice",
  suburb: "Parramatta",
  assessmentData: completeAssessment,
  rateOption: "pool_hours",
  selectedSlots: [poolLesson, olivia],
};

export function startBatchInvoice(options: { advanceTimers?: (ms: number) => unknown } = {}) {
  return resumeDraft(batchInvoiceDraft, options);
}

/** A payment opened for the chosen lessons, holding them for 30 minutes: both lessons' $147.24 unless told. */
export function heldPayment(overrides: Record<string, unknown> = {}) {
  return {
    id: paymentId,
    invoiceNumber: "KRB-20261122-ABC123",
    subtotal: 133.85,
    gst: 13.39,
    amount: 147.24,
    holdExpiresAt: new Date(Date.now() + 1_800_000).toISOString(),
    ...overrides,
  };
}

/** The server's answer to holding both lessons; `overrides` add to it (a card page's paymentUrl). */
export const checkout = (overrides: Record<string, unknown> = {}) =>
  jsonResponse(201, { payment: heldPayment(), ...overrides });

/**
 * The demo payment's 2-second processing wait runs on a fake clock: it still moves with real time (so
 * Testing Library's polling works) and the test jumps it forward instead of sleeping. Tests that use it
 * put the real timers back afterwards (`vi.useRealTimers()`).
 */
export function useFakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return { advanceTimers: (ms: number) => vi.advanceTimersByTime(ms) };
}

export const passTime = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Opens Flow B's invoice and presses Pay. */
export async function payBatchInvoice(options: { advanceTimers?: (ms: number) => unknown } = {}) {
  const rendered = startBatchInvoice(options);
  await findStepHeading("Review your booking and pay");
  await rendered.user.click(screen.getByRole("button", { name: "Pay" }));
  return rendered;
}
