import type { InstructorPayout, InstructorPayoutsResponse } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { recordDownloads } from "@/test/downloads";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { instructorUser, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(instructorUser) };
const PAYOUT_ID = "7a000000-0000-4000-8000-000000000001";

function payout(overrides: Partial<InstructorPayout> = {}): InstructorPayout {
  const id = overrides.id ?? PAYOUT_ID;
  return {
    id,
    periodStart: "2026-11-02",
    periodEnd: "2026-11-08",
    lessons: 4,
    gross: 265,
    fee: 66.25,
    net: 198.75,
    gst: 0,
    total: 198.75,
    status: "PAID",
    statementNumber: "PO-20261108-7A000000",
    createdAt: "2026-11-09T00:00:00.000Z",
    paidAt: "2026-11-09T00:00:05.000Z",
    statementCsvUrl: `/api/instructor/payouts/${id}/statement.csv`,
    statementPdfUrl: `/api/instructor/payouts/${id}/statement.pdf`,
    ...overrides,
  };
}

function payoutsResponse(overrides: Partial<InstructorPayoutsResponse> = {}): InstructorPayoutsResponse {
  return {
    payouts: [
      payout(),
      payout({
        id: "7a000000-0000-4000-8000-000000000002",
        periodStart: "2026-10-26",
        periodEnd: "2026-11-01",
        lessons: 1,
        gross: 80,
        fee: 20,
        net: 60,
        total: 60,
        status: "FAILED",
        statementNumber: "PO-20261101-7A000000",
        paidAt: null,
      }),
    ],
    details: {
      abn: "53004085616",
      gstRegistered: false,
      provider: "demo",
      stripeConnected: false,
      payoutHold: null,
      gstRegistrations: [],
    },
    unpaid: { lessons: 1, gross: 80, fee: 20, net: 60, gst: 0, total: 60 },
    held: { lessons: 0, gross: 0, fee: 0, net: 0, gst: 0, total: 0 },
    ...overrides,
  };
}

const earnings = {
  months: [
    {
      month: "2026-11",
      lessons: 5,
      testPacks: 0,
      gross: 345,
      platformFee: 86.25,
      net: 258.75,
      gst: 0,
      total: 258.75,
    },
  ],
  totals: { lessons: 5, testPacks: 0, gross: 345, platformFee: 86.25, net: 258.75, gst: 0, total: 258.75 },
  testPacks: [],
  gstRegistered: false,
  payoutHold: null,
};

function routes(payouts: InstructorPayoutsResponse, extra: Parameters<typeof mockFetch>[0] = {}) {
  return {
    "GET /api/instructor/earnings": jsonResponse(200, earnings),
    "GET /api/instructor/calendar-token": jsonResponse(200, { url: null }),
    "GET /api/instructor/payouts": () => jsonResponse(200, payouts),
    "GET /api/instructor/rcti-agreement": () =>
      jsonResponse(200, {
        name: "Recipient-created tax invoice agreement",
        version: "2026-12",
        clauses: ["Parties. Kerb and you."],
        current: true,
        lastAccepted: { version: "2026-12", acceptedAt: "2026-11-01T00:00:00.000Z", reaskedAt: null },
      }),
    ...extra,
  };
}

describe("Instructor earnings: payouts", () => {
  let saved: { href: string; download: string }[];
  beforeEach(() => {
    saved = recordDownloads();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("lists each payout with period, lessons, gross, fee, net and status, and what is not paid out yet", async () => {
    mockFetch(routes(payoutsResponse()));
    renderApp("/instructor/earnings", signedIn);

    const table = await screen.findByRole("table", { name: "Payouts" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Period", "Lessons", "Gross", "Fee", "Net", "Status", "Statement"]);
    const [, paid, failed] = within(table).getAllByRole("row");
    expect(within(paid as HTMLElement).getByRole("rowheader")).toHaveTextContent("02/11/2026 – 08/11/2026");
    expect(paid).toHaveTextContent("PO-20261108-7A000000");
    expect(paid).toHaveTextContent("4$265.00−$66.25$198.75Paid");
    expect(failed).toHaveTextContent("1$80.00−$20.00$60.00Delayed");
    expect(screen.getByText(/\$60\.00 from 1 lesson is not paid out yet/)).toBeInTheDocument();
  });

  it("downloads a payout's CSV and PDF statements with the session's token", async () => {
    const { callsTo } = mockFetch(
      routes(payoutsResponse(), {
        [`GET /api/instructor/payouts/${PAYOUT_ID}/statement.csv`]: () =>
          new Response("Statement,Net\r\n", { status: 200, headers: { "Content-Type": "text/csv" } }),
        [`GET /api/instructor/payouts/${PAYOUT_ID}/statement.pdf`]: () =>
          new Response("%PDF-1.7", { status: 200, headers: { "Content-Type": "application/pdf" } }),
      }),
    );
    const { user } = renderApp("/instructor/earnings", signedIn);

    await user.click(
      await screen.findByRole("button", { name: "Download CSV statement for 02/11/2026 – 08/11/2026" }),
    );
    await vi.waitFor(() =>
      expect(saved).toEqual([{ href: "blob:kerb/1", download: "Kerb-payout-PO-20261108-7A000000.csv" }]),
    );
    await user.click(
      screen.getByRole("button", { name: "Download PDF statement for 02/11/2026 – 08/11/2026" }),
    );
    await vi.waitFor(() => expect(saved.at(-1)?.download).toBe("Kerb-payout-PO-20261108-7A000000.pdf"));
    const [request] = callsTo("GET", `/api/instructor/payouts/${PAYOUT_ID}/statement.pdf`);
    expect(request?.headers.get("Authorization")).toMatch(/^Bearer /);
  });

  it("with GST on a payout, shows net ex GST, the GST and the total paid", async () => {
    mockFetch(
      routes(
        payoutsResponse({
          payouts: [payout({ gross: 145, fee: 36.25, net: 108.75, gst: 10.88, total: 119.63 })],
          unpaid: { lessons: 1, gross: 80, fee: 20, net: 60, gst: 6, total: 66 },
        }),
      ),
    );
    renderApp("/instructor/earnings", signedIn);
    const table = await screen.findByRole("table", { name: "Payouts" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(["Net (ex GST)", "GST", "Total paid"]));
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("$108.75$10.88$119.63");
    expect(screen.getByText(/\$60\.00 \(\$66\.00 with GST\) from 1 lesson is not paid/)).toBeInTheDocument();
  });

  it("says which earnings are on hold because they were taught while the instructor could not teach", async () => {
    mockFetch(
      routes(payoutsResponse({ held: { lessons: 1, gross: 70, fee: 17.5, net: 52.5, gst: 0, total: 52.5 } })),
    );
    renderApp("/instructor/earnings", signedIn);
    expect(await screen.findByText(/\$52\.50 from 1 lesson is on hold/)).toHaveTextContent(
      /pays it with your next payout or refunds the student/,
    );
    // What is payable is told apart from what is held.
    expect(screen.getByText(/\$60\.00 from 1 lesson is not paid out yet/)).toBeInTheDocument();
  });

  it("says when there are no payouts yet", async () => {
    mockFetch(
      routes(
        payoutsResponse({ payouts: [], unpaid: { lessons: 0, gross: 0, fee: 0, net: 0, gst: 0, total: 0 } }),
      ),
    );
    renderApp("/instructor/earnings", signedIn);
    expect(await screen.findByText("No payouts yet")).toBeInTheDocument();
    expect(screen.getByText("Demo mode")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Connect with Stripe" })).toBeNull();
  });

  it("saves the ABN and GST status, refusing an ABN that fails the checksum", async () => {
    const { callsTo } = mockFetch(
      routes(
        payoutsResponse({
          details: {
            abn: null,
            gstRegistered: false,
            provider: "demo",
            stripeConnected: false,
            payoutHold: "abn_missing",
            gstRegistrations: [],
          },
        }),
        {
          "PATCH /api/instructor/payout-details": (request) =>
            jsonResponse(200, {
              ...(request.body as object),
              provider: "demo",
              stripeConnected: false,
              abn: "53004085616",
              payoutHold: null,
              gstRegistrations: [],
            }),
        },
      ),
    );
    const { user } = renderApp("/instructor/earnings", signedIn);
    const form = await screen.findByRole("form", { name: "Payout details" });
    const abn = within(form).getByLabelText("ABN");
    await user.type(abn, "53 004 085 617");
    await user.click(within(form).getByRole("button", { name: "Save details" }));
    expect(await within(form).findByText(/ATO checksum/)).toBeInTheDocument();
    expect(callsTo("PATCH", "/api/instructor/payout-details")).toHaveLength(0);

    await user.clear(abn);
    await user.type(abn, "53 004 085 616");
    await user.click(within(form).getByLabelText("I am registered for GST"));
    await user.click(within(form).getByRole("button", { name: "Save details" }));
    await waitFor(() => expect(callsTo("PATCH", "/api/instructor/payout-details")).toHaveLength(1));
    expect(callsTo("PATCH", "/api/instructor/payout-details")[0]?.body).toEqual({
      abn: "53004085616",
      gstRegistered: true,
    });
    expect(await within(form).findByText("Payout details saved.")).toBeInTheDocument();
    expect(abn).toHaveValue("53 004 085 616");
  });

  it("with Stripe, offers to connect an account and opens Stripe's onboarding page", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    mockFetch(
      routes(
        payoutsResponse({
          details: {
            abn: "53004085616",
            gstRegistered: false,
            provider: "stripe",
            stripeConnected: false,
            payoutHold: null,
            gstRegistrations: [],
          },
        }),
        {
          "POST /api/instructor/payouts/connect": jsonResponse(200, {
            url: "https://connect.stripe.test/setup/acct_1",
          }),
        },
      ),
    );
    const { user } = renderApp("/instructor/earnings", signedIn);
    expect(await screen.findByText(/Connect your Stripe account below/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Connect with Stripe" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://connect.stripe.test/setup/acct_1"));
  });
});
