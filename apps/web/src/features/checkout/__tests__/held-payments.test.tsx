import type { PaymentDetails, StudentProfileBooking } from "@kerb/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BOOKING_DRAFT_KEY } from "@/lib/booking-draft";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { studentProfile } from "@/test/fixtures";
import { renderApp } from "@/test/render";
import { lesson, signedIn } from "@/test/student-lesson-fixtures";

const HELD_PAYMENT = "00000000-0000-4000-8000-0000000000bb";
const holdExpiresAt = () => new Date(Date.now() + 10 * 60_000).toISOString();

function heldLessons(): StudentProfileBooking[] {
  const hold = holdExpiresAt();
  const held = { status: "PENDING_PAYMENT", paymentId: HELD_PAYMENT, holdExpiresAt: hold } as const;
  return [
    // Given latest first: the card lists them soonest first.
    lesson("b0000000-0000-4000-8000-000000000202", "2099-02-19T23:00:00.000Z", held),
    lesson("b0000000-0000-4000-8000-000000000201", "2099-01-15T23:00:00.000Z", { ...held, price: 55.25 }),
  ];
}

const scheduled = lesson("b0000000-0000-4000-8000-000000000203", "2099-03-19T23:00:00.000Z");

function heldPayment(overrides: Partial<PaymentDetails> = {}): PaymentDetails {
  return {
    id: HELD_PAYMENT,
    type: "BOOKINGS",
    status: "PENDING",
    provider: "demo",
    currency: "AUD",
    invoiceNumber: "KRB-000123",
    subtotal: 140.25,
    gst: 14.03,
    amount: 154.28,
    createdAt: new Date().toISOString(),
    paidAt: null,
    lessons: [],
    bundle: null,
    ...overrides,
  };
}

/** The student's server: the profile follows what release and confirm did to the held lessons. */
function server(routes: Parameters<typeof mockFetch>[0] = {}) {
  let bookings: StudentProfileBooking[] = [...heldLessons(), scheduled];
  const settle = (status: StudentProfileBooking["status"]) => {
    bookings = bookings.map((b) =>
      b.paymentId === HELD_PAYMENT ? { ...b, status, holdExpiresAt: null } : b,
    );
  };
  return {
    settle,
    ...mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, studentProfile(Date.now(), { bookings })),
      [`POST /api/payment/${HELD_PAYMENT}/release`]: () => {
        settle("EXPIRED");
        return jsonResponse(200, { payment: { id: HELD_PAYMENT, status: "CANCELLED" } });
      },
      [`GET /api/payment/${HELD_PAYMENT}`]: () => jsonResponse(200, heldPayment()),
      [`POST /api/student/bookings/batch/confirm/${HELD_PAYMENT}`]: () => {
        settle("SCHEDULED");
        return jsonResponse(200, {
          payment: heldPayment({ status: "PAID", paidAt: new Date().toISOString() }),
        });
      },
      ...routes,
    }),
  };
}

const heldList = () => screen.findByRole("list", { name: "Checkouts waiting for payment" });

describe("Lessons held for payment", () => {
  afterEach(() => vi.useRealTimers());

  /** Sets the clock (moving on with real time, so polling works) for tests that read the expiry. */
  const clockAt = (iso: string) => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["Date"] });
    vi.setSystemTime(new Date(iso));
  };

  it("groups a checkout's held lessons, soonest first, with its total and hold expiry", async () => {
    clockAt("2026-11-25T01:30:00.000Z"); // 12:30 pm in Sydney (AEDT): the hold lapses 10 minutes later
    server();
    renderApp("/student/bookings", signedIn);

    const list = await heldList();
    const checkout = within(list).getAllByRole("listitem")[0] as HTMLElement;
    const lessons = within(checkout).getAllByRole("listitem");
    expect(lessons).toHaveLength(2);
    expect(lessons[0]).toHaveTextContent(
      "Fri 16/01/2099, 10:00 am – 11:00 am with Ivy Teacher$60.78 incl. GST · $55.25 + GST",
    );
    expect(lessons[1]).toHaveTextContent(
      "Fri 20/02/2099, 10:00 am – 11:00 am with Ivy Teacher$93.50 incl. GST · $85.00 + GST",
    );
    expect(checkout).toHaveTextContent("2 lessons · $154.28 incl. GST · $140.25 + GST");
    expect(checkout).toHaveTextContent("Held until 12:40 pm (Sydney time)");
    expect(within(checkout).getByRole("button", { name: /^Pay now for 2 lessons held until/ })).toBeEnabled();
    expect(within(checkout).getByRole("button", { name: /^Release for 2 lessons held until/ })).toBeEnabled();
    // Held lessons are neither upcoming nor in the history.
    expect(screen.getByText("1 scheduled")).toBeInTheDocument();
    expect(screen.queryByText("Awaiting payment")).not.toBeInTheDocument();
  });

  it("dates the hold's expiry when it lapses after midnight in Sydney", async () => {
    clockAt("2026-11-25T12:55:00.000Z"); // 11:55 pm in Sydney: the hold lapses at 12:05 am tomorrow
    server();
    renderApp("/student/bookings", signedIn);

    const checkout = within(await heldList()).getAllByRole("listitem")[0] as HTMLElement;
    expect(checkout).toHaveTextContent("Held until 12:05 am on 26/11/2026 (Sydney time)");
  });

  it("Release lets the times go: the checkout leaves the page and the page says so", async () => {
    const api = server();
    const { user } = renderApp("/student/bookings", signedIn);
    const list = await heldList();

    await user.click(within(list).getByRole("button", { name: /^Release/ }));

    expect(
      await screen.findByText(
        "Released 2 lessons: those times are free for others again. Nothing was charged.",
      ),
    ).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/payment/${HELD_PAYMENT}/release`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole("list", { name: "Checkouts waiting for payment" })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole("heading", { name: "Waiting for payment" })).not.toBeInTheDocument();
  });

  it("a release that failed on the way says so by its buttons and can be tried again", async () => {
    let attempts = 0;
    const api = server({
      [`POST /api/payment/${HELD_PAYMENT}/release`]: () =>
        ++attempts === 1
          ? apiError(503, "unavailable", "The service is busy. Please try again.")
          : jsonResponse(200, { payment: { id: HELD_PAYMENT, status: "CANCELLED" } }),
    });
    const { user } = renderApp("/student/bookings", signedIn);
    const list = await heldList();

    await user.click(within(list).getByRole("button", { name: /^Release/ }));
    const alert = await within(list).findByRole("alert");
    expect(alert).toHaveTextContent("The times were not released");
    expect(alert).toHaveTextContent("The service is busy. Please try again.");

    api.settle("EXPIRED");
    await user.click(within(list).getByRole("button", { name: /^Release/ }));
    expect(await screen.findByText(/^Released 2 lessons/)).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it("a release the server refuses (paid meanwhile) is explained after the list catches up", async () => {
    const message = "This payment has already been made; cancel its lessons instead";
    const api = server({
      [`POST /api/payment/${HELD_PAYMENT}/release`]: () => {
        // Paid from another tab a moment ago.
        api.settle("SCHEDULED");
        return apiError(409, "invalid_state", message, { status: "PAID" });
      },
    });
    const { user } = renderApp("/student/bookings", signedIn);
    await user.click(within(await heldList()).getByRole("button", { name: /^Release/ }));

    expect(await screen.findByText(`The times were not released. ${message}.`)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("list", { name: "Checkouts waiting for payment" })).not.toBeInTheDocument(),
    );
    // The message outlives the checkout it was about, and the lessons show as booked.
    expect(screen.getByText(`The times were not released. ${message}.`)).toBeInTheDocument();
    expect(await screen.findByText("3 scheduled")).toBeInTheDocument();
  });

  it("Pay now shows the server's invoice, then pays a demo checkout", async () => {
    const api = server();
    const { user } = renderApp("/student/bookings", signedIn);
    await user.click(within(await heldList()).getByRole("button", { name: /^Pay now/ }));

    const dialog = await screen.findByRole("alertdialog", { name: "Pay for your held lessons" });
    await within(dialog).findByText("Subtotal");
    const rows = within(dialog)
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ["Subtotal", "$140.25 AUD"],
      ["GST (10%)", "$14.03 AUD"],
      ["Total", "$154.28 AUD"],
    ]);
    expect(api.calls.filter((c) => c.method === "POST")).toHaveLength(0);

    await user.click(within(dialog).getByRole("button", { name: "Pay $154.28" }));

    expect(
      await screen.findByText("Payment received: $154.28. Your 2 lessons are booked."),
    ).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/student/bookings/batch/confirm/${HELD_PAYMENT}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(await screen.findByText("3 scheduled")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Checkouts waiting for payment" })).not.toBeInTheDocument();
  });

  it("a double click on the dialog's Pay pays once, with an Idempotency-Key", async () => {
    const api = server();
    const { user } = renderApp("/student/bookings", signedIn);
    await user.click(within(await heldList()).getByRole("button", { name: /^Pay now/ }));
    const dialog = await screen.findByRole("alertdialog", { name: "Pay for your held lessons" });
    await within(dialog).findByText("Subtotal");
    const pay = within(dialog).getByRole("button", { name: "Pay $154.28" });
    // Both clicks land before the dialog has re-rendered with its button disabled.
    fireEvent.click(pay);
    fireEvent.click(pay);
    expect(
      await screen.findByText("Payment received: $154.28. Your 2 lessons are booked."),
    ).toBeInTheDocument();
    const confirms = api.callsTo("POST", `/api/student/bookings/batch/confirm/${HELD_PAYMENT}`);
    expect(confirms).toHaveLength(1);
    expect(confirms[0]?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("Not now closes the invoice without paying or releasing anything", async () => {
    const api = server();
    const { user } = renderApp("/student/bookings", signedIn);
    await user.click(within(await heldList()).getByRole("button", { name: /^Pay now/ }));
    const dialog = await screen.findByRole("alertdialog", { name: "Pay for your held lessons" });
    await within(dialog).findByText("Subtotal");

    await user.click(within(dialog).getByRole("button", { name: "Not now" }));

    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === "POST")).toHaveLength(0);
    expect(await heldList()).toBeInTheDocument();
  });

  it("a card checkout cannot be paid from here: the dialog offers to release the times instead", async () => {
    const api = server({
      [`GET /api/payment/${HELD_PAYMENT}`]: () => jsonResponse(200, heldPayment({ provider: "stripe" })),
    });
    const { user } = renderApp("/student/bookings", signedIn);
    await user.click(within(await heldList()).getByRole("button", { name: /^Pay now/ }));

    const dialog = await screen.findByRole("alertdialog", { name: "Book these times again" });
    expect(await within(dialog).findByText(/can't be reopened here/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Release times" }));
    expect(await screen.findByText(/^Released 2 lessons/)).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/payment/${HELD_PAYMENT}/release`)).toHaveLength(1);
    expect(api.callsTo("POST", `/api/student/bookings/batch/confirm/${HELD_PAYMENT}`)).toHaveLength(0);
  });

  it("the checkout of the saved booking is paid by resuming that booking", async () => {
    window.localStorage.setItem(
      BOOKING_DRAFT_KEY,
      JSON.stringify({
        timestamp: Date.now(),
        currentStep: "payment",
        pendingCheckout: { response: { payment: { id: HELD_PAYMENT } } },
      }),
    );
    server();
    renderApp("/student/bookings", signedIn);
    const list = await heldList();
    expect(within(list).getByRole("link", { name: /^Pay now/ })).toHaveAttribute(
      "href",
      "/student/book-lessons?resume=true",
    );
  });

  it("shows the held lessons on the dashboard too", async () => {
    server();
    const { user } = renderApp("/student/dashboard", signedIn);
    const list = await heldList();
    await user.click(within(list).getByRole("button", { name: /^Release/ }));
    expect(await screen.findByText(/^Released 2 lessons/)).toBeInTheDocument();
  });
});
