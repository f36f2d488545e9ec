import { DEMO_PAYMENT_DELAY_MS } from "@kerb/shared";
import { addDaysToDate, bundleOptions } from "@kerb/shared/rules";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authStore } from "@/lib/auth-store";
import { createQueryClient } from "@/lib/query-client";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { sessionFor, studentUser } from "@/test/fixtures";
import { heldPayment, paymentId } from "../__tests__/invoice-test-utils";
import { slotAt, today } from "../__tests__/wizard-test-utils";
import type { PendingCheckout } from "../model/wizard-state";
import { checkoutSignature, useCheckout } from "./use-checkout";

type UseCheckoutOptions = Parameters<typeof useCheckout>[0];

const lesson = slotAt(addDaysToDate(today(), 2), 11, { price: 52 });
const [, medium] = bundleOptions(10);
const checkoutResponse = { payment: heldPayment({ subtotal: 52, gst: 5.2, amount: 57.2 }) };
const confirmed = {
  payment: {
    ...checkoutResponse.payment,
    type: "BOOKINGS",
    status: "PAID",
    provider: "demo",
    currency: "AUD",
    createdAt: new Date().toISOString(),
    paidAt: new Date().toISOString(),
    lessons: [],
    bundle: null,
  },
};

function setup(overrides: Partial<UseCheckoutOptions> = {}) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const options: UseCheckoutOptions = {
    flow: "multi_select",
    suburb: "Parramatta",
    instructor: null,
    slots: [lesson],
    bundle: medium as NonNullable<typeof medium>,
    pickupLocation: "Parramatta",
    pendingCheckout: null,
    onCheckoutChange: vi.fn(),
    onPaid: vi.fn(),
    onBusyChange: vi.fn(),
    ...overrides,
  };
  const hook = renderHook((props: UseCheckoutOptions) => useCheckout(props), {
    wrapper,
    initialProps: options,
  });
  return { ...hook, options };
}

beforeEach(() => {
  authStore.setSession(sessionFor(studentUser));
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("useCheckout", () => {
  it("holds, waits the demo processing time on the clock, confirms and reports each phase", async () => {
    vi.spyOn(window, "alert").mockImplementation(() => {});
    const { callsTo } = mockFetch({
      "POST /api/student/bookings/batch": jsonResponse(201, checkoutResponse),
      [`POST /api/student/bookings/batch/confirm/${paymentId}`]: jsonResponse(200, confirmed),
    });
    const { result, options } = setup();
    expect(result.current.phase).toBe("idle");

    act(() => void result.current.pay());
    expect(result.current.phase).toBe("creating");
    await waitFor(() => expect(result.current.phase).toBe("processing"));
    expect(options.onBusyChange).toHaveBeenLastCalledWith(true);
    expect(options.onCheckoutChange).toHaveBeenCalledWith({
      signature: checkoutSignature(options),
      response: checkoutResponse,
      startedAt: expect.any(Number),
      pickupLocation: "Parramatta",
    });

    await act(() => vi.advanceTimersByTimeAsync(DEMO_PAYMENT_DELAY_MS - 500));
    expect(callsTo("POST", `/api/student/bookings/batch/confirm/${paymentId}`)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(options.onPaid).toHaveBeenCalledWith("multi_select"));
    expect(result.current.phase).toBe("paid");
    expect(window.alert).not.toHaveBeenCalled();
  });

  it("pays once for a double click: one hold and one confirmation, each with an Idempotency-Key", async () => {
    vi.spyOn(window, "alert").mockImplementation(() => {});
    const { callsTo } = mockFetch({
      "POST /api/student/bookings/batch": jsonResponse(201, checkoutResponse),
      [`POST /api/student/bookings/batch/confirm/${paymentId}`]: jsonResponse(200, confirmed),
    });
    const { result, options } = setup();
    act(() => {
      void result.current.pay();
      void result.current.pay();
    });
    await waitFor(() => expect(result.current.phase).toBe("processing"));
    await act(() => vi.advanceTimersByTimeAsync(DEMO_PAYMENT_DELAY_MS));
    await waitFor(() => expect(options.onPaid).toHaveBeenCalledOnce());
    const holds = callsTo("POST", "/api/student/bookings/batch");
    const confirms = callsTo("POST", `/api/student/bookings/batch/confirm/${paymentId}`);
    expect([holds.length, confirms.length]).toEqual([1, 1]);
    expect(holds[0]?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(confirms[0]?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("reuses the payment held for exactly this purchase and opens a new one once the pickup changes", async () => {
    vi.spyOn(window, "alert").mockImplementation(() => {});
    const { callsTo } = mockFetch({
      "POST /api/student/bookings/batch": jsonResponse(201, checkoutResponse),
      [`POST /api/student/bookings/batch/confirm/${paymentId}`]: jsonResponse(200, confirmed),
    });
    const signature = checkoutSignature({
      flow: "multi_select",
      suburb: "Parramatta",
      instructor: null,
      slots: [lesson],
      bundle: medium as NonNullable<typeof medium>,
      pickupLocation: "Parramatta",
    });
    const held: PendingCheckout = { signature, response: checkoutResponse, startedAt: Date.now() };
    const { result, rerender, options } = setup({ pendingCheckout: held });
    expect(result.current.checkout).toEqual(checkoutResponse);

    act(() => void result.current.pay());
    await act(() => vi.advanceTimersByTimeAsync(DEMO_PAYMENT_DELAY_MS));
    await waitFor(() => expect(options.onPaid).toHaveBeenCalledOnce());
    expect(callsTo("POST", "/api/student/bookings/batch")).toHaveLength(0);

    rerender({ ...options, pickupLocation: "12 George St, Parramatta" });
    expect(result.current.checkout).toBeNull();
  });

  it("lets the payment held for other times go before holding the new ones, so they cannot clash", async () => {
    vi.spyOn(window, "alert").mockImplementation(() => {});
    const oldPaymentId = "d0000000-0000-4000-8000-0000000000ff";
    const calls: string[] = [];
    mockFetch({
      [`POST /api/payment/${oldPaymentId}/release`]: () => {
        calls.push("release");
        return jsonResponse(200, { payment: { id: oldPaymentId, status: "CANCELLED" } });
      },
      "POST /api/student/bookings/batch": () => {
        calls.push("hold");
        return jsonResponse(201, checkoutResponse);
      },
      [`POST /api/student/bookings/batch/confirm/${paymentId}`]: jsonResponse(200, confirmed),
    });
    const earlier: PendingCheckout = {
      signature: "batch|Parramatta|an earlier selection",
      response: { ...checkoutResponse, payment: { ...checkoutResponse.payment, id: oldPaymentId } },
      startedAt: Date.now() - 60_000,
    };
    const { result, options } = setup({ pendingCheckout: earlier });
    expect(result.current.checkout).toBeNull();

    act(() => void result.current.pay());
    await act(() => vi.advanceTimersByTimeAsync(DEMO_PAYMENT_DELAY_MS));
    await waitFor(() => expect(options.onPaid).toHaveBeenCalledOnce());
    expect(calls).toEqual(["release", "hold"]);
  });

  it("still holds the new times when the earlier payment cannot be let go (already lapsed or paid)", async () => {
    vi.spyOn(window, "alert").mockImplementation(() => {});
    const oldPaymentId = "d0000000-0000-4000-8000-0000000000ff";
    const { callsTo } = mockFetch({
      [`POST /api/payment/${oldPaymentId}/release`]: apiError(
        409,
        "invalid_state",
        "This payment is expired and has nothing to release",
      ),
      "POST /api/student/bookings/batch": jsonResponse(201, checkoutResponse),
      [`POST /api/student/bookings/batch/confirm/${paymentId}`]: jsonResponse(200, confirmed),
    });
    const { result, options } = setup({
      pendingCheckout: {
        signature: "batch|Parramatta|an earlier selection",
        response: { ...checkoutResponse, payment: { ...checkoutResponse.payment, id: oldPaymentId } },
        startedAt: Date.now() - 40 * 60_000,
      },
    });
    act(() => void result.current.pay());
    await act(() => vi.advanceTimersByTimeAsync(DEMO_PAYMENT_DELAY_MS));
    await waitFor(() => expect(options.onPaid).toHaveBeenCalledOnce());
    expect(callsTo("POST", "/api/student/bookings/batch")).toHaveLength(1);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it("does not reuse a hold in its last minute", () => {
    const signature = checkoutSignature({
      flow: "multi_select",
      suburb: "Parramatta",
      instructor: null,
      slots: [lesson],
      bundle: medium as NonNullable<typeof medium>,
      pickupLocation: "Parramatta",
    });
    const { result } = setup({
      pendingCheckout: { signature, response: checkoutResponse, startedAt: Date.now() - 29 * 60_000 },
    });
    expect(result.current.checkout).toBeNull();
  });

  it("explains a failed confirmation (for the page to show; no native alert), then is ready to pay again", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    mockFetch({
      "POST /api/student/bookings/batch": jsonResponse(201, checkoutResponse),
      [`POST /api/student/bookings/batch/confirm/${paymentId}`]: apiError(
        402,
        "payment_failed",
        "The card was declined.",
      ),
    });
    const { result, options } = setup();
    act(() => void result.current.pay());
    await waitFor(() => expect(result.current.phase).toBe("processing"));
    await act(() => vi.advanceTimersByTimeAsync(DEMO_PAYMENT_DELAY_MS));
    await waitFor(() => expect(result.current.failure).toBe("The card was declined."));
    expect(alert).not.toHaveBeenCalled();
    expect(result.current.phase).toBe("idle");
    expect(options.onBusyChange).toHaveBeenLastCalledWith(false);
    expect(options.onPaid).not.toHaveBeenCalled();
  });

  const autoMatchedId = "c0000000-0000-4000-8000-0000000000bb";

  it("buys the bundle for the instructor Auto-Match picked, in the wizard's suburb", async () => {
    vi.spyOn(window, "alert").mockImplementation(() => {});
    const { callsTo } = mockFetch({
      "POST /api/student/bundles/purchase": jsonResponse(201, checkoutResponse),
      [`POST /api/student/bundles/confirm/${paymentId}`]: jsonResponse(200, {
        payment: { ...confirmed.payment, type: "BUNDLE" },
      }),
    });
    const { result, options } = setup({
      flow: "bundle",
      instructor: {
        id: autoMatchedId,
        firstName: "Beth",
        lastName: "Best",
        standardRate: 90,
        poolRate: 58.5,
        autoMatch: true,
      },
    });
    act(() => void result.current.pay());
    await waitFor(() => expect(result.current.phase).toBe("processing"));
    await act(() => vi.advanceTimersByTimeAsync(DEMO_PAYMENT_DELAY_MS));
    await waitFor(() => expect(options.onPaid).toHaveBeenCalledWith("bundle"));
    expect(callsTo("POST", "/api/student/bundles/purchase")[0]?.body).toEqual({
      totalLessons: 10,
      pricePerLesson: 70,
      instructorId: autoMatchedId,
      suburb: "Parramatta",
    });
  });
});
