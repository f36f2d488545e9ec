import type { PaymentDetails } from "@kerb/shared";
import { BUNDLE_CREDIT_TERMS } from "@kerb/shared/words";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BOOKING_DRAFT_KEY } from "@/lib/booking-draft";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { sessionFor, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(studentUser) };
const paymentId = "d0000000-0000-4000-8000-000000000009";

function payment(overrides: Partial<PaymentDetails> = {}): PaymentDetails {
  return {
    id: paymentId,
    type: "BOOKINGS",
    status: "PAID",
    provider: "stripe",
    currency: "AUD",
    invoiceNumber: "KRB-20261122-XYZ789",
    subtotal: 133.85,
    gst: 13.39,
    amount: 147.24,
    createdAt: "2026-11-22T04:00:00.000Z",
    paidAt: "2026-11-22T04:01:00.000Z",
    lessons: [
      {
        id: "e0000000-0000-4000-8000-000000000001",
        // 23:00 UTC on 24 Nov is 10:00 am on 25 Nov in Sydney (AEDT).
        startTime: "2026-11-24T23:00:00.000Z",
        endTime: "2026-11-25T00:00:00.000Z",
        status: "SCHEDULED",
        price: 48.75,
        isPoolHours: true,
        pickupLocation: "Parramatta",
        instructor: { id: "c0000000-0000-4000-8000-0000000000aa", firstName: "Zainab", lastName: "Hussain" },
      },
    ],
    bundle: null,
    ...overrides,
  };
}

async function expectTryAgain() {
  expect(await screen.findByRole("link", { name: "Try Again" })).toHaveAttribute(
    "href",
    "/student/book-lessons?resume=true",
  );
}

describe("Payment failed screen", () => {
  it.each([
    ["verification_failed", /couldn't confirm your payment status with the card provider/],
    ["verification_error", /Please try again or contact support/],
    ["amount_mismatch", /amount charged does not match the expected amount/],
    ["something_else", /An unknown error occurred/],
  ])("explains error=%s", async (code, message) => {
    mockFetch({});
    renderApp(`/payment/failed?error=${code}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Payment Failed" })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    await expectTryAgain();
  });

  it("says Payment Not Found for payment_not_found", async () => {
    mockFetch({});
    renderApp("/payment/failed?error=payment_not_found");
    expect(await screen.findByRole("heading", { level: 1, name: "Payment Not Found" })).toBeInTheDocument();
    await expectTryAgain();
  });

  it("treats an error on the confirmed route as a failure too, without any guard", async () => {
    mockFetch({});
    renderApp("/payment/confirmed?error=verification_error&payment_id=x");
    expect(await screen.findByRole("heading", { level: 1, name: "Payment Failed" })).toBeInTheDocument();
  });
});

describe("Payment confirmed screen", () => {
  it("says Payment Not Found without a payment id", async () => {
    mockFetch({});
    renderApp("/payment/confirmed", signedIn);
    expect(await screen.findByRole("heading", { level: 1, name: "Payment Not Found" })).toBeInTheDocument();
  });

  it("shows the paid lessons with invoice number and amount, and clears the finished draft", async () => {
    window.localStorage.setItem(
      BOOKING_DRAFT_KEY,
      JSON.stringify({ currentStep: "invoice", timestamp: Date.now() }),
    );
    const { callsTo } = mockFetch({ [`GET /api/payment/${paymentId}`]: jsonResponse(200, payment()) });
    renderApp(`/payment/confirmed?payment_id=${paymentId}&session_id=cs_123`, signedIn);

    expect(await screen.findByRole("heading", { level: 1, name: "Payment Confirmed" })).toBeInTheDocument();
    expect(screen.getByText("KRB-20261122-XYZ789")).toBeInTheDocument();
    expect(screen.getByText("$147.24")).toBeInTheDocument();
    expect(
      screen.getByText(/Subtotal \$133\.85 \+ GST \(10%\) \$13\.39 = \$147\.24 AUD/),
    ).toBeInTheDocument();
    expect(screen.getByText("25/11/2026, 10:00 am – 11:00 am")).toBeInTheDocument();
    expect(screen.getByText(/Zainab Hussain/)).toBeInTheDocument();
    // ACL s 48: each lesson's price as paid, GST included, with its ex-GST part beside it.
    expect(screen.getByText("$53.63")).toHaveAttribute("data-price-part", "total");
    expect(screen.getByText("incl. GST · $48.75 + GST")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View my bookings" })).toHaveAttribute(
      "href",
      "/student/bookings",
    );
    expect(screen.getByRole("link", { name: "Go to dashboard" })).toHaveAttribute(
      "href",
      "/student/dashboard",
    );
    // The tax invoice lives with the student's payments.
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Payments" })).toHaveAttribute(
      "href",
      "/student/payments",
    );
    // Already paid: nothing to confirm.
    expect(callsTo("POST", `/api/student/bookings/batch/confirm/${paymentId}`)).toHaveLength(0);
    await waitFor(() => expect(window.localStorage.getItem(BOOKING_DRAFT_KEY)).toBeNull());
  });

  it("confirms a still-pending bundle payment once on return from the card page", async () => {
    const bundle = {
      id: "f0000000-0000-4000-8000-000000000001",
      totalLessons: 10,
      pricePerLesson: 70,
      expiresAt: "2027-11-21T13:00:00.000Z",
    };
    const { callsTo } = mockFetch({
      [`GET /api/payment/${paymentId}`]: jsonResponse(
        200,
        payment({
          type: "BUNDLE",
          status: "PENDING",
          paidAt: null,
          lessons: [],
          bundle: { ...bundle, id: null, expiresAt: null },
        }),
      ),
      [`POST /api/student/bundles/confirm/${paymentId}`]: jsonResponse(200, {
        payment: payment({ type: "BUNDLE", lessons: [], bundle, subtotal: 700, gst: 70, amount: 770 }),
      }),
    });
    renderApp(`/payment/confirmed?payment_id=${paymentId}&session_id=cs_123`, signedIn);

    expect(await screen.findByRole("heading", { level: 1, name: "Payment Confirmed" })).toBeInTheDocument();
    expect(callsTo("POST", `/api/student/bundles/confirm/${paymentId}`)).toHaveLength(1);
    expect(screen.getByRole("heading", { name: "10-lesson bundle" })).toBeInTheDocument();
    expect(screen.getByText("Use your lessons by 22/11/2027")).toBeInTheDocument();
    expect(screen.getByText("$77.00 per lesson")).toHaveAttribute("data-price-part", "total");
    expect(screen.getByText("incl. GST · $70.00 + GST")).toBeInTheDocument();
    expect(screen.getByText("$770.00")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View my bundles" })).toHaveAttribute("href", "/student/bundles");
  });

  it("states the credit rule on a bundle's receipt, as its invoice does", async () => {
    const bundle = {
      id: "f0000000-0000-4000-8000-000000000001",
      totalLessons: 10,
      pricePerLesson: 70,
      expiresAt: "2027-11-21T13:00:00.000Z",
    };
    mockFetch({
      [`GET /api/payment/${paymentId}`]: jsonResponse(
        200,
        payment({ type: "BUNDLE", lessons: [], bundle, subtotal: 700, gst: 70, amount: 770 }),
      ),
    });
    renderApp(`/payment/confirmed?payment_id=${paymentId}`, signedIn);
    expect(await screen.findByRole("heading", { level: 1, name: "Payment Confirmed" })).toBeInTheDocument();
    const terms = screen.getByRole("list", { name: "Terms for lessons paid with credits" });
    expect(
      within(terms)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([...BUNDLE_CREDIT_TERMS]);
  });

  it("keeps the credit rule off a lesson payment's receipt", async () => {
    mockFetch({ [`GET /api/payment/${paymentId}`]: jsonResponse(200, payment()) });
    renderApp(`/payment/confirmed?payment_id=${paymentId}`, signedIn);
    expect(await screen.findByRole("heading", { level: 1, name: "Payment Confirmed" })).toBeInTheDocument();
    expect(
      screen.queryByRole("list", { name: "Terms for lessons paid with credits" }),
    ).not.toBeInTheDocument();
    expect(screen.queryByText(BUNDLE_CREDIT_TERMS[0] ?? "")).not.toBeInTheDocument();
  });

  it("shows the failure when confirming fails", async () => {
    mockFetch({
      [`GET /api/payment/${paymentId}`]: jsonResponse(200, payment({ status: "PENDING", paidAt: null })),
      [`POST /api/student/bookings/batch/confirm/${paymentId}`]: apiError(
        402,
        "verification_failed",
        "The card provider has not confirmed this payment.",
      ),
    });
    renderApp(`/payment/confirmed?payment_id=${paymentId}&session_id=cs_123`, signedIn);
    expect(await screen.findByRole("heading", { level: 1, name: "Payment Failed" })).toBeInTheDocument();
    expect(
      screen.getByText(/couldn't confirm your payment status with the card provider/),
    ).toBeInTheDocument();
  });

  it("says in the server's words that the instructor took the held time off and the charge goes back", async () => {
    const refused =
      "Ivy Teacher is no longer available at 10:00 am on 25/11/2026: they have taken that time off since you chose it. Your held times were released and the charge is being refunded to your card. Please choose another time.";
    mockFetch({
      [`GET /api/payment/${paymentId}`]: jsonResponse(200, payment({ status: "PENDING", paidAt: null })),
      [`POST /api/student/bookings/batch/confirm/${paymentId}`]: apiError(409, "slot_unavailable", refused),
    });
    renderApp(`/payment/confirmed?payment_id=${paymentId}&session_id=cs_123`, signedIn);
    expect(await screen.findByRole("heading", { level: 1, name: "Payment Failed" })).toBeInTheDocument();
    expect(screen.getByText(refused)).toBeInTheDocument();
  });

  it("says Payment Not Found when the server does not know the payment", async () => {
    mockFetch({ [`GET /api/payment/${paymentId}`]: apiError(404, "payment_not_found", "Payment not found") });
    renderApp(`/payment/confirmed?payment_id=${paymentId}`, signedIn);
    expect(await screen.findByRole("heading", { level: 1, name: "Payment Not Found" })).toBeInTheDocument();
  });

  it.each([
    ["payment_id", "not-a-uuid"],
    ["paymentId", "not-a-uuid"],
    ["payment_id", "12345"],
  ])(
    "answers a malformed %s=%s with a friendly message and a way on, asking the server nothing",
    async (name, value) => {
      const { calls } = mockFetch({});
      renderApp(`/payment/confirmed?${name}=${value}`, signedIn);

      expect(await screen.findByRole("heading", { level: 1, name: "Payment Not Found" })).toBeInTheDocument();
      expect(screen.getByText(/couldn't find a payment for this link/)).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "View my payments" })).toHaveAttribute(
        "href",
        "/student/payments",
      );
      expect(screen.getByRole("link", { name: "Go to dashboard" })).toHaveAttribute(
        "href",
        "/student/dashboard",
      );
      expect(screen.queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
      // Nothing about the payment (the navbar re-reads the signed-in user and the unread messages).
      const navbar = ["/api/auth/me", "/api/messages/unread"];
      expect(calls.filter((call) => !navbar.includes(call.path))).toHaveLength(0);
    },
  );

  it.each([
    [404, "payment_not_found", "Payment not found"],
    [400, "validation_error", "params/id must be a UUID"],
  ])(
    "treats a %i (%s) for the id as an unknown payment, without the raw error",
    async (status, code, message) => {
      mockFetch({ [`GET /api/payment/${paymentId}`]: apiError(status, code, message) });
      renderApp(`/payment/confirmed?payment_id=${paymentId}`, signedIn);

      expect(await screen.findByRole("heading", { level: 1, name: "Payment Not Found" })).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "View my payments" })).toHaveAttribute(
        "href",
        "/student/payments",
      );
      expect(screen.queryByText(message)).not.toBeInTheDocument();
    },
  );

  it("shows the app's not-found page, with ways on, for a payment address that does not exist", async () => {
    mockFetch({});
    renderApp("/payment/result?paymentId=not-a-uuid", signedIn);
    expect(await screen.findByRole("heading", { level: 1, name: "Wrong turn" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  });

  it("says Failed to load payment details when loading fails, with a retry", async () => {
    let attempts = 0;
    mockFetch({
      [`GET /api/payment/${paymentId}`]: () =>
        ++attempts === 1
          ? apiError(500, "internal_error", "Something went wrong on our side.")
          : jsonResponse(200, payment()),
    });
    const { user } = renderApp(`/payment/confirmed?payment_id=${paymentId}`, signedIn);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Failed to load payment details" }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Payment Confirmed" })).toBeInTheDocument();
  });
});

describe("Payment cancelled screen", () => {
  it("says nothing was charged and offers Try Again", async () => {
    mockFetch({});
    renderApp("/payment/cancelled?payment_id=abc");
    expect(await screen.findByRole("heading", { level: 1, name: "Payment Cancelled" })).toBeInTheDocument();
    expect(screen.getByText("No charges have been made.")).toBeInTheDocument();
    await expectTryAgain();
  });
});

describe("Payment Cancelled for a payment that was paid after all", () => {
  it("says it was paid, with its amount, and links to it instead of saying nothing was charged", async () => {
    mockFetch({ [`GET /api/payment/${paymentId}`]: () => jsonResponse(200, payment()) });
    renderApp(`/payment/cancelled?payment_id=${paymentId}`, signedIn);
    expect(
      await screen.findByRole("heading", { level: 1, name: "This payment went through" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/KRB-20261122-XYZ789 of \$147\.24 was paid on 22\/11\/2026/)).toBeInTheDocument();
    expect(screen.queryByText("No charges have been made.")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View this payment" })).toHaveAttribute(
      "href",
      `/payment/confirmed?payment_id=${paymentId}`,
    );
  });

  it("still says nothing was charged for a payment left open", async () => {
    mockFetch({
      [`GET /api/payment/${paymentId}`]: () =>
        jsonResponse(200, payment({ status: "PENDING", paidAt: null })),
    });
    renderApp(`/payment/cancelled?payment_id=${paymentId}`, signedIn);
    expect(await screen.findByRole("heading", { level: 1, name: "Payment Cancelled" })).toBeInTheDocument();
    expect(screen.getByText("No charges have been made.")).toBeInTheDocument();
  });
});

describe("A payment's page, signed out", () => {
  it("asks to sign in without talking of an ended session, and Sign in comes back to the payment", async () => {
    mockFetch({
      "POST /api/auth/login": () => jsonResponse(200, sessionFor(studentUser)),
      [`GET /api/payment/${paymentId}`]: () => jsonResponse(200, payment()),
    });
    const { user, router } = renderApp(`/payment/confirmed?payment_id=${paymentId}`);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Sign in to see your payment" }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/session has ended/)).not.toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Sign in" }));
    await user.type(await screen.findByLabelText("Email"), studentUser.email);
    await user.type(screen.getByLabelText("Password"), "demo1234");
    await user.click(screen.getByRole("button", { name: "Log in" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Payment Confirmed" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/payment/confirmed");
    expect(router.state.location.search).toBe(`?payment_id=${paymentId}`);
  });
});

describe("Payment Cancelled, signed out", () => {
  it("does not say nothing was charged, asks to sign in, and Sign in comes back to say it was paid", async () => {
    mockFetch({
      "POST /api/auth/login": () => jsonResponse(200, sessionFor(studentUser)),
      [`GET /api/payment/${paymentId}`]: () => jsonResponse(200, payment()),
    });
    const { user, router } = renderApp(`/payment/cancelled?payment_id=${paymentId}`);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Sign in to see your payment" }),
    ).toBeInTheDocument();
    expect(screen.queryByText("No charges have been made.")).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Payment Cancelled" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Sign in" }));
    await user.type(await screen.findByLabelText("Email"), studentUser.email);
    await user.type(screen.getByLabelText("Password"), "demo1234");
    await user.click(screen.getByRole("button", { name: "Log in" }));

    expect(
      await screen.findByRole("heading", { level: 1, name: "This payment went through" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/payment/cancelled");
    expect(router.state.location.search).toBe(`?payment_id=${paymentId}`);
  });
});
