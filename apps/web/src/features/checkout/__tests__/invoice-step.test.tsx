import { DEMO_PAYMENT_DELAY_MS, type PaymentDetails } from "@kerb/shared";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, type MockRequest, mockFetch } from "@/test/fetch-mock";
import { studentProfile } from "@/test/fixtures";
import {
  batchInvoiceDraft,
  checkout,
  heldPayment,
  instructorId,
  olivia,
  passTime,
  payBatchInvoice,
  paymentId,
  poolLesson,
  startBatchInvoice,
  useFakeClock,
} from "./invoice-test-utils";
import {
  bundleInvoiceDraft,
  completeAssessment,
  findStepHeading,
  keepaliveRoute,
  openedInvoice,
  resumeDraft,
  storedDraft,
  today,
  wizardRoutes,
} from "./wizard-test-utils";

afterEach(() => {
  vi.useRealTimers();
});

function startBundleInvoice(
  estimatedLessons: number,
  selectedInstructor: Record<string, unknown> | null = null,
  options: { advanceTimers?: (ms: number) => unknown } = {},
) {
  return resumeDraft(
    {
      ...bundleInvoiceDraft,
      assessmentData: { ...completeAssessment, estimatedLessons },
      ...(selectedInstructor ? { selectedInstructor } : {}),
    },
    options,
  );
}

function paymentDetails(overrides: Partial<PaymentDetails> = {}): PaymentDetails {
  return {
    id: paymentId,
    type: "BOOKINGS",
    status: "PAID",
    provider: "demo",
    currency: "AUD",
    invoiceNumber: "KRB-20261122-ABC123",
    subtotal: 133.85,
    gst: 13.39,
    amount: 147.24,
    createdAt: new Date().toISOString(),
    paidAt: new Date().toISOString(),
    lessons: [],
    bundle: null,
    ...overrides,
  };
}

function rows(table: HTMLElement) {
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );
}

describe("Invoice step: batch", () => {
  it("shows a draft invoice with bill-to, service details, items, schedule, GST and terms", async () => {
    mockFetch(keepaliveRoute);
    startBatchInvoice();
    await findStepHeading("Review your booking and pay");

    // Numbered as the screen opens, with the supplier's ABN, as on the PDF.
    expect(await screen.findByText("KRB-20261125-7QH3XK")).toHaveAttribute("data-testid", "invoice-number");
    expect(screen.getByTestId("supplier-abn")).toHaveTextContent("ABN 51 824 753 556");
    expect(screen.queryByText("Draft")).not.toBeInTheDocument();
    expect(screen.getByText(today().split("-").reverse().join("/"))).toBeInTheDocument();
    const billTo = screen.getByRole("heading", { name: "Bill to" }).parentElement as HTMLElement;
    expect(billTo).toHaveTextContent("Sam Learner");
    expect(billTo).toHaveTextContent("student@demo.test");
    expect(screen.getByText("Suburb: Parramatta")).toBeInTheDocument();
    expect(screen.getByText("Multi-select booking (Flow B)")).toBeInTheDocument();

    expect(rows(screen.getByRole("table", { name: "Invoice items" }))).toEqual([
      ["Pool Hours driving lesson (60 min) · Auto-assigned pool instructor", "1", "$48.75", "$48.75"],
      ["Driving lesson (60 min) · Olivia Brown", "1", "$85.10", "$85.10"],
    ]);
    const schedule = within(screen.getByRole("list", { name: "Lesson schedule" })).getAllByRole("listitem");
    expect(schedule).toHaveLength(2);
    expect(schedule[0]).toHaveTextContent("10:00 am – 11:00 am");
    expect(schedule[0]).toHaveTextContent("Pool Hours - Save 35%");
    expect(schedule[1]).toHaveTextContent("Olivia Brown");
    expect(schedule[1]).not.toHaveTextContent("Pool Hours");

    // 13385 cents × 10% = 1338.5 → 1339 (half up), so the total is $147.24.
    expect(screen.getByTestId("invoice-subtotal")).toHaveTextContent("$133.85");
    expect(screen.getByTestId("invoice-gst")).toHaveTextContent("$13.39");
    expect(screen.getByTestId("invoice-total")).toHaveTextContent("$147.24");
    // ACL s 48: the total paid, GST included, is the largest figure; the ex-GST lines are its parts.
    const totalRow = screen.getByTestId("invoice-total").parentElement as HTMLElement;
    expect(totalRow).toHaveClass("text-lg");
    expect(totalRow).toHaveTextContent("Total (AUD) incl. GST$147.24");
    expect(totalRow.parentElement).toHaveClass("text-sm");
    expect(screen.getByRole("columnheader", { name: "Unit price (ex GST)" })).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Total (ex GST)" })).toBeInTheDocument();

    expect(screen.getByText("Cancel more than 48 hours before a lesson: full refund.")).toBeInTheDocument();
    expect(screen.getByText("Cancel 24 to 48 hours before: 50% refund.")).toBeInTheDocument();
    expect(screen.getByText("Cancel less than 24 hours before: no refund.")).toBeInTheDocument();
    expect(
      screen.getByText("You can reschedule a lesson up to 24 hours before it starts."),
    ).toBeInTheDocument();
    expect(screen.getByText("Bundle credits expire 12 months after purchase.")).toBeInTheDocument();
    expect(screen.getByLabelText("Pickup address")).toHaveValue("Parramatta");
  });

  it("pays: holds the lessons, shows the real invoice number, confirms after the demo delay, then goes to the dashboard", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const { callsTo } = mockFetch({
      ...keepaliveRoute,
      "POST /api/student/bookings/batch": checkout(),
      [`POST /api/student/bookings/batch/confirm/${paymentId}`]: jsonResponse(200, {
        payment: paymentDetails(),
      }),
      "GET /api/student/profile": () => jsonResponse(200, studentProfile()),
    });
    const { user, router } = startBatchInvoice(useFakeClock());
    await findStepHeading("Review your booking and pay");
    const pickup = screen.getByLabelText("Pickup address");
    await user.clear(pickup);
    await user.type(pickup, "12 George St, Parramatta");
    await screen.findByText(openedInvoice.invoice.number);
    await user.click(screen.getByRole("button", { name: "Pay" }));

    expect(
      await screen.findByText("Processing your payment… Please keep this page open."),
    ).toBeInTheDocument();
    expect(screen.getByTestId("invoice-number")).toHaveTextContent("KRB-20261122-ABC123");
    expect(callsTo("POST", "/api/student/bookings/batch")[0]?.body).toEqual({
      suburb: "Parramatta",
      invoice: openedInvoice.invoice,
      bookings: [
        {
          instructorId: null,
          startTime: poolLesson.startTime,
          endTime: poolLesson.endTime,
          price: 48.75,
          isPoolHours: true,
          pickupLocation: "12 George St, Parramatta",
        },
        {
          instructorId,
          startTime: olivia.startTime,
          endTime: olivia.endTime,
          price: 85.1,
          isPoolHours: false,
          pickupLocation: "12 George St, Parramatta",
        },
      ],
    });
    // Nothing is confirmed before the demo processing delay has passed.
    await passTime(DEMO_PAYMENT_DELAY_MS / 2);
    expect(callsTo("POST", `/api/student/bookings/batch/confirm/${paymentId}`)).toHaveLength(0);
    expect(alert).not.toHaveBeenCalled();

    await passTime(DEMO_PAYMENT_DELAY_MS / 2);
    // Spec §8's words, in the dashboard's status message rather than a native alert.
    const done = await screen.findByText("Bookings confirmed successfully!");
    expect(done.closest("[role='status']")).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    expect(callsTo("POST", `/api/student/bookings/batch/confirm/${paymentId}`)).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe("/student/dashboard"));
    expect(storedDraft()).toBeNull();
  });

  it("shows the invoice number of a payment already opened for this purchase", async () => {
    mockFetch(keepaliveRoute);
    resumeDraft({
      ...batchInvoiceDraft,
      pendingCheckout: {
        signature: `batch|Parramatta|pool|${poolLesson.startTime}|${poolLesson.endTime},${instructorId}|${olivia.startTime}|${olivia.endTime}`,
        startedAt: Date.now() - 60_000,
        response: {
          payment: heldPayment({
            invoiceNumber: "KRB-20261122-XYZ789",
            holdExpiresAt: new Date(Date.now() + 1_740_000).toISOString(),
          }),
        },
      },
    });
    await findStepHeading("Review your booking and pay");
    expect(screen.getByTestId("invoice-number")).toHaveTextContent("KRB-20261122-XYZ789");
  });

  it("reopened with the checkout held for another pickup address: that address and the same number", async () => {
    mockFetch(keepaliveRoute);
    const pickup = "12 Church St, Parramatta";
    const draft = {
      ...batchInvoiceDraft,
      pendingCheckout: {
        signature: `batch|${pickup}|pool|${poolLesson.startTime}|${poolLesson.endTime},${instructorId}|${olivia.startTime}|${olivia.endTime}`,
        startedAt: Date.now() - 60_000,
        pickupLocation: pickup,
        response: {
          payment: heldPayment({
            invoiceNumber: "KRB-20261122-XYZ789",
            holdExpiresAt: new Date(Date.now() + 1_740_000).toISOString(),
          }),
        },
      },
    };
    // Opened twice (a reload, or Back and forward again): the held checkout's number both times.
    for (let open = 0; open < 2; open++) {
      const { unmount } = resumeDraft(draft);
      await findStepHeading("Review your booking and pay");
      expect(screen.getByTestId("invoice-number")).toHaveTextContent("KRB-20261122-XYZ789");
      expect(screen.getByDisplayValue(pickup)).toBeInTheDocument();
      unmount();
    }
  });

  // Conflicts at payment (a time taken, a hold lapsed, too many held) are in payment-conflicts.test.tsx.

  it("hands over to the card page when the server returns a paymentUrl, keeping the draft for a retry", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {}); // jsdom cannot navigate away
    const { callsTo } = mockFetch({
      ...keepaliveRoute,
      "POST /api/student/bookings/batch": checkout({
        paymentUrl: "https://checkout.stripe.test/c/pay/cs_123",
      }),
    });
    await payBatchInvoice();
    expect(await screen.findByText("Taking you to our secure card payment page…")).toBeInTheDocument();
    expect(callsTo("POST", `/api/student/bookings/batch/confirm/${paymentId}`)).toHaveLength(0);
    expect(storedDraft()).toMatchObject({
      currentStep: "invoice",
      pendingCheckout: { response: { paymentUrl: "https://checkout.stripe.test/c/pay/cs_123" } },
    });
  });

  it("keeps one number for one checkout however often its invoice opens, and a new booking gets its own", async () => {
    let issued = 0;
    const numbers = ["KRB-20261125-AAAAAA", "KRB-20261125-BBBBBB", "KRB-20261125-CCCCCC"];
    const { callsTo } = wizardRoutes(
      { days: [1, 0] },
      {
        // The server shows a number it issued again when the screen sends it back; else a new one.
        "POST /api/student/invoices": (request: MockRequest) => {
          const shown = (request.body as { invoice?: { number: string; key: string } } | undefined)?.invoice;
          const invoice = shown ?? { number: numbers[issued++] as string, key: `key-${issued}` };
          return jsonResponse(200, { ...openedInvoice, invoice });
        },
      },
    );
    const { user } = startBatchInvoice();
    await findStepHeading("Review your booking and pay");
    await waitFor(() =>
      expect(screen.getByTestId("invoice-number")).toHaveTextContent("KRB-20261125-AAAAAA"),
    );

    await user.click(screen.getByRole("button", { name: "Back to Review" }));
    await findStepHeading("Pick your lesson times");
    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
    await findStepHeading("Review your booking and pay");
    await waitFor(() =>
      expect(screen.getByTestId("invoice-number")).toHaveTextContent("KRB-20261125-AAAAAA"),
    );
    expect(callsTo("POST", "/api/student/invoices").at(-1)?.body).toEqual({
      invoice: { number: "KRB-20261125-AAAAAA", key: "key-1" },
    });
    expect(storedDraft()).toMatchObject({ invoice: { number: "KRB-20261125-AAAAAA" } });

    // A reload resumes the same checkout: the same number.
    cleanup();
    resumeDraft(storedDraft() as Record<string, unknown>);
    await findStepHeading("Review your booking and pay");
    await waitFor(() =>
      expect(screen.getByTestId("invoice-number")).toHaveTextContent("KRB-20261125-AAAAAA"),
    );
    expect(issued).toBe(1);

    // Another booking (a draft that never showed an invoice) is another checkout: a new number.
    cleanup();
    startBatchInvoice();
    await findStepHeading("Review your booking and pay");
    await waitFor(() =>
      expect(screen.getByTestId("invoice-number")).toHaveTextContent("KRB-20261125-BBBBBB"),
    );
  });

  it("goes Back to Review on the slot step", async () => {
    wizardRoutes({ days: [1, 0] });
    const { user } = startBatchInvoice();
    await findStepHeading("Review your booking and pay");
    await user.click(screen.getByRole("button", { name: "Back to Review" }));
    await findStepHeading("Pick your lesson times");
    expect(screen.getByTestId("selection-total")).toHaveTextContent("$147.24");
  });
});

describe("Invoice step: bundle", () => {
  function bundleCard(name: string) {
    return screen.getByRole("radio", { name: new RegExp(`^${name} bundle`) }).closest("label") as HTMLElement;
  }

  it("highlights Small and Medium for 10 lessons and invoices the Medium bundle", async () => {
    mockFetch(keepaliveRoute);
    startBundleInvoice(10);
    await findStepHeading("Review your bundle and pay");

    expect(within(bundleCard("Small")).getByText("Recommended")).toBeInTheDocument();
    expect(within(bundleCard("Medium")).getByText("Recommended")).toBeInTheDocument();
    expect(within(bundleCard("Large")).queryByText("Recommended")).not.toBeInTheDocument();
    expect(bundleCard("Small")).toHaveTextContent("5 lessons");
    expect(bundleCard("Large")).toHaveTextContent("20 lessons");
    expect(screen.getByRole("radio", { name: /^Medium bundle/ })).toBeChecked();
    // ACL s 48: each tier leads with what it costs, GST included; the ex-GST figures stay beside it.
    expect(bundleCard("Medium")).toHaveTextContent("$77.00 per lesson incl. GST · $70.00 + GST");
    expect(bundleCard("Medium")).toHaveTextContent("$770.00 incl. GST · $700.00 + GST");
    expect(bundleCard("Large")).toHaveTextContent("$71.50 per lesson incl. GST · $65.00 + GST");
    expect(screen.getByRole("radio", { name: /^Medium bundle/ })).toHaveAccessibleName(
      "Medium bundle, 10 lessons at $77.00 each, $770.00 incl. GST ($700.00 + GST), recommended",
    );
    const tierTotal = within(bundleCard("Medium")).getByText("$770.00");
    expect(tierTotal).toHaveClass("text-lg");
    expect(within(bundleCard("Medium")).getByText("incl. GST · $700.00 + GST")).toHaveClass("text-xs");

    expect(rows(screen.getByRole("table", { name: "Invoice items" }))).toEqual([
      ["Medium bundle · 10 driving lessons (60 min)", "10", "$70.00", "$700.00"],
    ]);
    expect(screen.getByTestId("invoice-subtotal")).toHaveTextContent("$700.00");
    expect(screen.getByTestId("invoice-gst")).toHaveTextContent("$70.00");
    expect(screen.getByTestId("invoice-total")).toHaveTextContent("$770.00");
    expect(screen.queryByLabelText("Pickup address")).not.toBeInTheDocument();
  });

  it("recommends only Large for 16 lessons, and follows the student's choice", async () => {
    mockFetch(keepaliveRoute);
    const { user } = startBundleInvoice(16);
    await findStepHeading("Review your bundle and pay");
    expect(within(bundleCard("Small")).queryByText("Recommended")).not.toBeInTheDocument();
    expect(within(bundleCard("Medium")).queryByText("Recommended")).not.toBeInTheDocument();
    expect(within(bundleCard("Large")).getByText("Recommended")).toBeInTheDocument();
    expect(bundleCard("Large")).toHaveTextContent("24 lessons");
    expect(screen.getByRole("radio", { name: /^Large bundle/ })).toBeChecked();
    expect(screen.getByTestId("invoice-total")).toHaveTextContent("$1,716.00");

    await user.click(screen.getByRole("radio", { name: /^Medium bundle/ }));
    expect(screen.getByTestId("invoice-subtotal")).toHaveTextContent("$1,120.00");
    expect(storedDraft()?.bundleSize).toBe("medium");
  });

  it("buys the bundle with the chosen instructor and confirms it", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const { callsTo } = mockFetch({
      ...keepaliveRoute,
      "POST /api/student/bundles/purchase": checkout({}),
      [`POST /api/student/bundles/confirm/${paymentId}`]: jsonResponse(200, {
        payment: paymentDetails({ type: "BUNDLE" }),
      }),
      "GET /api/student/profile": () => jsonResponse(200, studentProfile()),
    });
    const { user, router } = startBundleInvoice(
      10,
      {
        id: instructorId,
        firstName: "Olivia",
        lastName: "Brown",
        standardRate: 85.1,
        poolRate: 55.32,
        autoMatch: false,
      },
      useFakeClock(),
    );
    await findStepHeading("Review your bundle and pay");
    expect(screen.getByText("Instructor: Olivia Brown")).toBeInTheDocument();
    await screen.findByText(openedInvoice.invoice.number);
    await user.click(screen.getByRole("button", { name: "Pay" }));
    expect(
      await screen.findByText("Processing your payment… Please keep this page open."),
    ).toBeInTheDocument();
    expect(callsTo("POST", `/api/student/bundles/confirm/${paymentId}`)).toHaveLength(0);
    await passTime(DEMO_PAYMENT_DELAY_MS);
    const done = await screen.findByText("Bundle purchased successfully!");
    expect(done.closest("[role='status']")).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    expect(callsTo("POST", `/api/student/bundles/confirm/${paymentId}`)).toHaveLength(1);
    expect(callsTo("POST", "/api/student/bundles/purchase")[0]?.body).toEqual({
      totalLessons: 10,
      pricePerLesson: 70,
      instructorId,
      suburb: "Bondi",
      invoice: openedInvoice.invoice,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/student/dashboard"));
    expect(storedDraft()).toBeNull();
  });

  it("goes Back to Review on the instructor step", async () => {
    mockFetch({ ...keepaliveRoute, "GET /api/student/instructors": { body: [] } });
    const { user } = startBundleInvoice(10);
    await findStepHeading("Review your bundle and pay");
    await user.click(screen.getByRole("button", { name: "Back to Review" }));
    await findStepHeading("Choose your instructor");
  });
});
