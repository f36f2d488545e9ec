import type { StudentPayment } from "@kerb/shared";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { defined } from "@/test/defined";
import { recordDownloads } from "@/test/downloads";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { sessionFor, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(studentUser) };

const batchId = "c0000000-0000-4000-8000-000000000001";
const bundleId = "c0000000-0000-4000-8000-000000000002";
const pendingId = "c0000000-0000-4000-8000-000000000003";

function payment(overrides: Partial<StudentPayment>): StudentPayment {
  return {
    id: batchId,
    invoiceNumber: "KRB-20261122-XYZ789",
    type: "BOOKINGS",
    status: "PAID",
    description: "2 driving lessons with Daniel Cooper",
    // 22:30 UTC on 21 Nov is 9:30 am on 22 Nov in Sydney (AEDT): the Sydney date is shown.
    createdAt: "2026-11-21T22:29:00.000Z",
    paidAt: "2026-11-21T22:30:00.000Z",
    subtotal: 123.75,
    gst: 12.38,
    amount: 136.13,
    refunded: 0,
    refunds: [],
    invoiceUrl: `/api/student/payments/${overrides.id ?? batchId}/invoice.pdf`,
    ...overrides,
  };
}

const batch = payment({
  refunded: 82.5,
  refunds: [
    {
      id: "e0000000-0000-4000-8000-000000000001",
      amount: 82.5,
      gst: 7.5,
      status: "SUCCEEDED",
      createdAt: "2026-11-24T01:00:00.000Z",
      bookingId: "b0000000-0000-4000-8000-000000000001",
    },
  ],
});
const bundle = payment({
  id: bundleId,
  invoiceNumber: "KRB-20261125-BUNDLE",
  type: "BUNDLE",
  description: "10-lesson bundle with Daniel Cooper",
  createdAt: "2026-11-25T02:00:00.000Z",
  paidAt: "2026-11-25T02:01:00.000Z",
  subtotal: 700,
  gst: 70,
  amount: 770,
});
const pending = payment({
  id: pendingId,
  invoiceNumber: "KRB-20261126-PENDNG",
  status: "PENDING",
  description: "1 driving lesson with Daniel Cooper",
  createdAt: "2026-11-26T02:00:00.000Z",
  paidAt: null,
  subtotal: 75,
  gst: 7.5,
  amount: 82.5,
  invoiceUrl: null,
});

const list = { payments: [pending, bundle, batch] };

function cardOf(invoiceNumber: string): HTMLElement {
  const item = screen.getAllByRole("listitem").find((li) => li.textContent?.includes(invoiceNumber));
  return defined(item?.closest("li"), `payment ${invoiceNumber}`);
}

describe("Payments page", () => {
  it("lists every payment: Sydney date, invoice number, what it bought, amount, status and refunds", async () => {
    mockFetch({ "GET /api/student/payments": jsonResponse(200, list) });
    renderApp("/student/payments", signedIn);

    expect(await screen.findByRole("heading", { level: 1, name: "Payments" })).toBeInTheDocument();
    const payments = within(await screen.findByRole("list", { name: "Payments, newest first" }));
    expect(payments.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "1 driving lesson with Daniel Cooper",
      "10-lesson bundle with Daniel Cooper",
      "2 driving lessons with Daniel Cooper",
    ]);

    const paid = within(cardOf("KRB-20261125-BUNDLE"));
    expect(paid.getByText("Paid")).toBeInTheDocument();
    expect(paid.getByText("25/11/2026")).toBeInTheDocument();
    expect(paid.getByText("$770.00")).toBeInTheDocument();
    expect(paid.getByText("incl. $70.00 GST")).toBeInTheDocument();
    expect(paid.queryByRole("heading", { name: "Refunds" })).not.toBeInTheDocument();

    const refunded = within(cardOf("KRB-20261122-XYZ789"));
    expect(refunded.getByText("Partly refunded")).toBeInTheDocument();
    expect(refunded.getByText("22/11/2026")).toBeInTheDocument();
    expect(refunded.getByRole("heading", { name: "Refunds" })).toBeInTheDocument();
    expect(refunded.getByText("24/11/2026 · Refunded to your card")).toBeInTheDocument();
    expect(refunded.getByText("$82.50")).toBeInTheDocument();
    expect(refunded.getByText("Net paid").parentElement).toHaveTextContent("$53.63");

    const open = within(cardOf("KRB-20261126-PENDNG"));
    expect(open.getByText("Awaiting payment")).toBeInTheDocument();
    expect(open.queryByRole("button", { name: /Download tax invoice/ })).not.toBeInTheDocument();
    expect(open.getByRole("link", { name: "My bookings" })).toHaveAttribute("href", "/student/bookings");

    // One download per paid payment, each named by its invoice for screen readers.
    expect(screen.getAllByRole("button", { name: /Download tax invoice/ }).map((b) => b.textContent)).toEqual(
      ["Download tax invoice KRB-20261125-BUNDLE", "Download tax invoice KRB-20261122-XYZ789"],
    );
  });

  describe("downloading a tax invoice", () => {
    let saved: { href: string; download: string }[];
    beforeEach(() => {
      saved = recordDownloads();
    });
    afterEach(() => {
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
    });

    it("fetches the PDF with the session's token and saves it under the invoice number", async () => {
      const { callsTo } = mockFetch({
        "GET /api/student/payments": jsonResponse(200, list),
        [`GET /api/student/payments/${bundleId}/invoice.pdf`]: new Response("%PDF-1.7", {
          status: 200,
          headers: { "Content-Type": "application/pdf" },
        }),
      });
      const { user } = renderApp("/student/payments", signedIn);

      const card = within(
        await screen
          .findByRole("heading", { name: "10-lesson bundle with Daniel Cooper" })
          .then((h) => defined(h.closest("li"))),
      );
      await user.click(card.getByRole("button", { name: /Download tax invoice/ }));

      await vi.waitFor(() =>
        expect(saved).toEqual([
          { href: "blob:kerb/1", download: "Kerb-tax-invoice-KRB-20261125-BUNDLE.pdf" },
        ]),
      );
      const [request] = callsTo("GET", `/api/student/payments/${bundleId}/invoice.pdf`);
      expect(request?.headers.get("Authorization")).toBe("Bearer access-1");
      expect(card.queryByRole("alert")).not.toBeInTheDocument();
    });

    it("says what went wrong when the invoice cannot be fetched, and keeps the list", async () => {
      mockFetch({
        "GET /api/student/payments": jsonResponse(200, list),
        [`GET /api/student/payments/${batchId}/invoice.pdf`]: apiError(
          409,
          "invalid_state",
          "This payment has not been paid, so there is no tax invoice for it yet",
        ),
      });
      const { user } = renderApp("/student/payments", signedIn);
      await screen.findByRole("list", { name: "Payments, newest first" });
      const card = within(cardOf("KRB-20261122-XYZ789"));
      await user.click(card.getByRole("button", { name: /Download tax invoice/ }));

      const alert = await card.findByRole("alert");
      expect(alert).toHaveTextContent("We couldn't download the tax invoice");
      expect(alert).toHaveTextContent(
        "This payment has not been paid, so there is no tax invoice for it yet",
      );
      expect(saved).toEqual([]);
      expect(screen.getAllByRole("button", { name: /Download tax invoice/ })).toHaveLength(2);
    });
  });

  it("shows a skeleton while loading", async () => {
    mockFetch({ "GET /api/student/payments": new Promise<Response>(() => {}) });
    renderApp("/student/payments", signedIn);
    expect(await screen.findByText("Loading payments…")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Payments, newest first" })).not.toBeInTheDocument();
  });

  it("says what to do when there are no payments yet", async () => {
    mockFetch({ "GET /api/student/payments": jsonResponse(200, { payments: [] }) });
    renderApp("/student/payments", signedIn);
    expect(await screen.findByText("No payments yet — book your first lesson")).toBeInTheDocument();
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Book a lesson" })).toHaveAttribute(
      "href",
      "/student/book",
    );
  });

  it("shows the failure and retries on request", async () => {
    let attempts = 0;
    mockFetch({
      "GET /api/student/payments": () =>
        ++attempts === 1
          ? apiError(500, "internal_error", "Something went wrong on our side. Please try again.")
          : jsonResponse(200, list),
    });
    const { user } = renderApp("/student/payments", signedIn);

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("We couldn't load your payments");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("list", { name: "Payments, newest first" })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it("is reached from the student's navigation", async () => {
    mockFetch({ "GET /api/student/payments": jsonResponse(200, list) });
    renderApp("/student/payments", signedIn);
    const header = await screen.findByRole("banner");
    // The signed-in navigation is a chunk of its own: its links appear once that has loaded.
    expect((await within(header).findAllByRole("link", { name: "Payments" }))[0]).toHaveAttribute(
      "href",
      "/student/payments",
    );
  });
});
