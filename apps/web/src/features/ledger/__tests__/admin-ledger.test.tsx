import type { LedgerBalance, Reconciliation } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { adminUser as adminAccount, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(adminAccount) };

const balanced: LedgerBalance = {
  balanced: true,
  totalCents: 0,
  payments: { checked: 12, unbalanced: 0 },
  journals: { checked: 40, unbalanced: 0 },
  payouts: { ledgerDueCents: 5_000, untransferredCents: 5_000 },
  unbalancedPayments: [],
};

function reconciliation(month: string, overrides: Partial<Reconciliation> = {}): Reconciliation {
  return {
    month,
    from: "2026-02-28T13:00:00.000Z",
    to: "2026-03-31T13:00:00.000Z",
    collectedCents: 123_456,
    gstCents: 10_809,
    gstCreditsCents: 1_088,
    refundsCents: 4_125,
    platformRevenueCents: 9_375,
    instructorEarningsCents: 28_125,
    paidOutCents: 20_000,
    owedCents: 8_125,
    payoutsDueCents: 5_000,
    unearnedCents: 71_022,
    ...overrides,
  };
}

describe("Admin console: ledger", () => {
  it("shows the balance check and the month's reconciliation to the cent, and changes month", async () => {
    const { callsTo } = mockFetch({
      "GET /api/admin/ledger/balance": jsonResponse(200, balanced),
      "GET /api/admin/reconciliation": (request) => {
        const month = new URL(request.path, "http://x").searchParams.get("month") ?? "";
        return jsonResponse(200, reconciliation(month, month === "2026-02" ? { collectedCents: 1 } : {}));
      },
    });
    const { user, router } = renderApp("/admin/ledger?month=2026-03", signedIn);

    const status = await screen.findByText("The ledger balances");
    expect(status.closest("[role=status]")).toHaveTextContent(
      "All entries sum to $0.00. 40 journals checked, 0 unbalanced. 12 payments checked, 0 unbalanced. Payouts due in the ledger: $50.00; not yet transferred: $50.00.",
    );
    const table = await screen.findByRole("table", { name: "Reconciliation for March 2026" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((r) => [
        within(r).getByRole("rowheader").textContent,
        within(r).getAllByRole("cell")[0]?.textContent,
      ]),
    ).toEqual([
      ["Collected", "$1,234.56"],
      ["GST (net of refunds)", "$108.09"],
      ["GST credits (RCTIs)", "$10.88"],
      ["Refunds", "$41.25"],
      ["Platform revenue", "$93.75"],
      ["Instructor earnings", "$281.25"],
      ["Paid out", "$200.00"],
      ["Owed to instructors", "$81.25"],
      ["Awaiting transfer", "$50.00"],
      ["Unearned", "$710.22"],
    ]);
    expect(callsTo("GET", "/api/admin/reconciliation?month=2026-03")).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText("Month"), "2026-02");
    await screen.findByRole("table", { name: "Reconciliation for February 2026" });
    expect(router.state.location.search).toBe("?month=2026-02");
    expect(screen.getByText("$0.01")).toBeInTheDocument();
  });

  it("says so when the ledger does not balance, naming the payments that disagree", async () => {
    mockFetch({
      "GET /api/admin/ledger/balance": jsonResponse(200, {
        ...balanced,
        balanced: false,
        payments: { checked: 12, unbalanced: 1 },
        unbalancedPayments: [
          {
            paymentId: "6f1d3c8e-1a2b-4c5d-8e9f-0000000000a1",
            invoiceNumber: "KRB-20260302-7QH3XK",
            problems: ["STUDENT_CASH: ledger $0.00, records $55.00"],
          },
        ],
      }),
      "GET /api/admin/reconciliation": jsonResponse(200, reconciliation("2026-03")),
    });
    renderApp("/admin/ledger", signedIn);

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The ledger does not balance");
    expect(alert).toHaveTextContent("12 payments checked, 1 unbalanced.");
    const table = await screen.findByRole("table", { name: "Payments that do not reconcile" });
    expect(table).toHaveTextContent("KRB-20260302-7QH3XK");
    expect(table).toHaveTextContent("STUDENT_CASH: ledger $0.00, records $55.00");
    await waitFor(() => expect(screen.getByLabelText("Month")).toBeInTheDocument());
  });
});
