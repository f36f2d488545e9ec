/**
 * Paying with a saved card at checkout (issue 34, decision 041): "Pay with Visa •••• 4242" beside Pay
 * charges it off-session with no card page; a decline says why and leaves the normal card page as the
 * way on.
 */
import type { SavedCard } from "@kerb/shared";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { paidPayment, studentProfile } from "@/test/fixtures";
import { checkout, heldPayment, paymentId, startBatchInvoice } from "./invoice-test-utils";
import { findStepHeading, keepaliveRoute } from "./wizard-test-utils";

const visa: SavedCard = {
  id: "e0000000-0000-4000-8000-000000000001",
  provider: "stripe",
  brand: "Visa",
  last4: "4242",
  expMonth: 4,
  expYear: 2031,
  createdAt: "2026-11-01T00:00:00.000Z",
};

const paid = paidPayment({
  id: paymentId,
  provider: "stripe",
  invoiceNumber: "KRB-20261122-ABC123",
  subtotal: 133.85,
  gst: 13.39,
  amount: 147.24,
});

afterEach(() => vi.restoreAllMocks());

describe("Paying with a saved card", () => {
  it("pays off-session with the saved card: no card page, booked, then the dashboard", async () => {
    vi.spyOn(window, "alert").mockImplementation(() => {});
    const { callsTo } = mockFetch({
      ...keepaliveRoute,
      "GET /api/student/saved-cards": jsonResponse(200, { cards: [visa] }),
      "POST /api/student/bookings/batch": checkout({ savedCard: { status: "paid" } }),
      [`POST /api/student/bookings/batch/confirm/${paymentId}`]: jsonResponse(200, { payment: paid }),
      "GET /api/student/profile": () => jsonResponse(200, studentProfile()),
    });
    const { user, router } = startBatchInvoice();
    await findStepHeading("Review your booking and pay");
    await user.click(await screen.findByRole("button", { name: "Pay with Visa •••• 4242" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/student/dashboard"));
    expect(callsTo("POST", "/api/student/bookings/batch")[0]?.body).toMatchObject({ savedCardId: visa.id });
  });

  it("a declined card says so and offers the card page: Pay then holds without the saved card", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {}); // jsdom cannot navigate away
    const message =
      "Your Visa ending 4242 was declined, so nothing was booked and any held times were released. Please pay with a card on the payment page instead.";
    const { callsTo } = mockFetch({
      ...keepaliveRoute,
      "GET /api/student/saved-cards": jsonResponse(200, { cards: [visa] }),
      "POST /api/student/bookings/batch": (request) =>
        (request.body as { savedCardId?: string }).savedCardId
          ? apiError(402, "card_declined", message, {
              paymentId,
              reason: "insufficient_funds",
              next: "pay_on_session",
            })
          : checkout({ paymentUrl: "https://checkout.stripe.test/c/pay/cs_123", payment: heldPayment() }),
    });
    const { user } = startBatchInvoice();
    await findStepHeading("Review your booking and pay");
    await user.click(await screen.findByRole("button", { name: "Pay with Visa •••• 4242" }));
    expect(await screen.findByText(message)).toBeVisible();
    // The declined card is not offered again here; the normal Pay is.
    expect(screen.queryByRole("button", { name: "Pay with Visa •••• 4242" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Pay" }));
    expect(await screen.findByText("Taking you to our secure card payment page…")).toBeInTheDocument();
    const holds = callsTo("POST", "/api/student/bookings/batch");
    expect(holds).toHaveLength(2);
    expect(holds[1]?.body).not.toHaveProperty("savedCardId");
  });

  it("without a saved card there is just Pay", async () => {
    mockFetch({ ...keepaliveRoute, "GET /api/student/saved-cards": jsonResponse(200, { cards: [] }) });
    startBatchInvoice();
    await findStepHeading("Review your booking and pay");
    expect(await screen.findByRole("button", { name: "Pay" })).toBeVisible();
    expect(screen.queryByRole("button", { name: /Pay with/ })).not.toBeInTheDocument();
  });
});
