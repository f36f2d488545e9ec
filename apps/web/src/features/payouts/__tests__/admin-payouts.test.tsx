import type { AdminPayout } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pageOf } from "@/test/admin-fixtures";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { adminUser as adminAccount, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(adminAccount) };

function payout(overrides: Partial<AdminPayout> = {}): AdminPayout {
  return {
    id: "7b000000-0000-4000-8000-000000000001",
    instructor: {
      id: "7b000000-0000-4000-8000-0000000000a1",
      email: "penny@example.test",
      firstName: "Penny",
      lastName: "Instructor",
    },
    periodStart: "2026-11-02",
    periodEnd: "2026-11-08",
    lessons: 3,
    gross: 240,
    fee: 60,
    gst: 0,
    amount: 180,
    status: "FAILED",
    provider: "stripe",
    providerRef: null,
    attempts: 1,
    lastError: "fake stripe: transfer outage",
    createdAt: "2026-11-09T00:00:00.000Z",
    paidAt: null,
    ...overrides,
  };
}

const summary = {
  pending: { count: 0, amount: 0 },
  paid: { count: 1, amount: 52.5 },
  failed: { count: 1, amount: 180 },
  accruing: { instructors: 2, lessons: 5, amount: 300 },
};

const paidPayout = payout({
  id: "7b000000-0000-4000-8000-000000000002",
  status: "PAID",
  // A GST-registered instructor: $52.50 share + $5.25 GST.
  amount: 57.75,
  gst: 5.25,
  lessons: 1,
  gross: 70,
  fee: 17.5,
  lastError: null,
  providerRef: "tr_1",
  paidAt: "2026-11-09T00:00:03.000Z",
});

describe("Admin console: payouts", () => {
  it("shows due, paid, failed and accruing totals, and each payout with its last error", async () => {
    const { callsTo } = mockFetch({
      "GET /api/admin/payouts/readiness": jsonResponse(200, {
        uncheckedGstRegistrations: [],
        waitingForAgreement: [],
      }),
      "GET /api/admin/payouts": jsonResponse(200, { ...pageOf([payout(), paidPayout]), summary }),
    });
    const { user, router } = renderApp("/admin/payouts", signedIn);

    const table = await screen.findByRole("table", { name: "Instructor payouts" });
    const [, failed, paid] = within(table).getAllByRole("row");
    expect(failed).toHaveTextContent("Penny Instructor");
    expect(failed).toHaveTextContent("02/11/2026 – 08/11/2026");
    expect(failed).toHaveTextContent("$180.00");
    expect(failed).toHaveTextContent("3 lessons · gross $240.00 · fee $60.00");
    expect(failed).toHaveTextContent("Failed");
    expect(failed).toHaveTextContent("fake stripe: transfer outage");
    expect(within(failed as HTMLElement).getByRole("button", { name: "Retry" })).toBeEnabled();
    expect(failed).not.toHaveTextContent("GST");
    expect(paid).toHaveTextContent("$57.75");
    expect(paid).toHaveTextContent("1 lesson · gross $70.00 · fee $17.50 · incl. GST $5.25");
    expect(paid).toHaveTextContent("Paid");
    expect(within(paid as HTMLElement).queryByRole("button", { name: "Retry" })).toBeNull();
    expect(screen.getByText("$300.00")).toBeInTheDocument();
    expect(screen.getByText("5 lessons, 2 instructors")).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText("Status"), "FAILED");
    await waitFor(() =>
      expect(callsTo("GET", "/api/admin/payouts?status=FAILED&page=1&pageSize=20")).toHaveLength(1),
    );
    expect(router.state.location.search).toBe("?status=FAILED");
  });

  it("words a count of one in the singular: 1 lesson, 1 instructor, 1 attempt", async () => {
    mockFetch({
      "GET /api/admin/payouts/readiness": jsonResponse(200, {
        uncheckedGstRegistrations: [],
        waitingForAgreement: [],
      }),
      "GET /api/admin/payouts": jsonResponse(200, {
        ...pageOf([paidPayout]),
        summary: { ...summary, accruing: { instructors: 1, lessons: 1, amount: 52.5 } },
      }),
    });
    renderApp("/admin/payouts", signedIn);
    expect(await screen.findByText("1 lesson, 1 instructor")).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Instructor payouts" });
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("Stripe transfer · 1 attempt");
  });

  it("runs payouts and says what the run did", async () => {
    let items = [paidPayout];
    const { callsTo } = mockFetch({
      "GET /api/admin/payouts/readiness": jsonResponse(200, {
        uncheckedGstRegistrations: [],
        waitingForAgreement: [],
      }),
      "GET /api/admin/payouts": () => jsonResponse(200, { ...pageOf(items), summary }),
      "POST /api/admin/payouts/run": () => {
        items = [payout({ status: "PAID", lastError: null }), paidPayout];
        return jsonResponse(200, {
          period: { start: "2026-11-02", end: "2026-11-08" },
          created: 1,
          skippedWithoutAccount: 2,
          skippedWithoutAbn: 0,
          skippedWithoutAgreement: 0,
          payouts: [
            {
              id: items[0]?.id,
              instructorId: items[0]?.instructor.id,
              amount: 180,
              status: "PAID",
              lessons: 3,
            },
          ],
        });
      },
    });
    const { user } = renderApp("/admin/payouts", signedIn);
    await screen.findByRole("table", { name: "Instructor payouts" });
    await user.click(screen.getByRole("button", { name: "Run payouts" }));
    expect(
      await screen.findByText(
        "1 payout created for 02/11/2026 – 08/11/2026. 2 instructors have no Stripe account yet and keep accruing.",
      ),
    ).toBeInTheDocument();
    expect(callsTo("POST", "/api/admin/payouts/run")).toHaveLength(1);
    await waitFor(() =>
      expect(callsTo("GET", "/api/admin/payouts?page=1&pageSize=20").length).toBeGreaterThan(1),
    );
  });

  it("retries a failed payout and says it went through", async () => {
    let current = payout();
    const { callsTo } = mockFetch({
      "GET /api/admin/payouts/readiness": jsonResponse(200, {
        uncheckedGstRegistrations: [],
        waitingForAgreement: [],
      }),
      "GET /api/admin/payouts": () => jsonResponse(200, { ...pageOf([current]), summary }),
      [`POST /api/admin/payouts/${current.id}/retry`]: () => {
        current = payout({
          status: "PAID",
          attempts: 2,
          lastError: null,
          providerRef: "tr_2",
          paidAt: "2026-11-09T01:00:00.000Z",
        });
        return jsonResponse(200, { payout: current });
      },
      "GET /api/admin/audit-log": jsonResponse(200, pageOf([])),
    });
    const { user } = renderApp("/admin/payouts", signedIn);
    const table = await screen.findByRole("table", { name: "Instructor payouts" });
    await user.click(within(table).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("The payout of $180.00 went through.")).toBeInTheDocument();
    expect(callsTo("POST", `/api/admin/payouts/${current.id}/retry`)).toHaveLength(1);
    await waitFor(() => expect(within(table).queryByRole("button", { name: "Retry" })).toBeNull());
  });

  it("is linked from the admin console's sections", async () => {
    mockFetch({ "GET /api/admin/payouts": jsonResponse(200, { ...pageOf([]), summary }) });
    renderApp("/admin/payouts", signedIn);
    expect(await screen.findByText("No payouts yet")).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Admin sections" });
    expect(within(nav).getByRole("link", { name: "Payouts" })).toHaveAttribute("aria-current", "page");
  });
});
