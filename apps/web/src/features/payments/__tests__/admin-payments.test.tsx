import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pageOf } from "@/test/admin-fixtures";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { adminUser as adminAccount, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(adminAccount) };

describe("Admin console: payments", () => {
  it("shows payments with AUD amounts, invoice numbers, provider and status", async () => {
    const payment = {
      id: "f0000000-0000-4000-8000-000000000001",
      type: "BOOKINGS",
      status: "PAID",
      provider: "stripe",
      invoiceNumber: "KRB-2026-0042",
      subtotal: 150,
      gst: 15,
      amount: 165,
      refunded: 0,
      createdAt: "2026-11-01T00:00:00.000Z",
      paidAt: "2026-11-01T00:00:00.000Z",
      user: {
        id: "f0000000-0000-4000-8000-000000000002",
        email: "sam@example.test",
        firstName: "Sam",
        lastName: "Learner",
      },
    };
    const { callsTo } = mockFetch({ "GET /api/admin/payments": jsonResponse(200, pageOf([payment])) });
    const { user } = renderApp("/admin/payments", signedIn);
    const row = (await screen.findByText("KRB-2026-0042")).closest("tr") as HTMLElement;
    expect(row).toHaveTextContent("$165.00");
    expect(row).toHaveTextContent("incl. $15.00 GST");
    expect(row).toHaveTextContent("Stripe");
    expect(row).toHaveTextContent("Paid");
    await user.selectOptions(screen.getByLabelText("Provider"), "demo");
    await waitFor(() =>
      expect(callsTo("GET", "/api/admin/payments?provider=demo&page=1&pageSize=20")).toHaveLength(1),
    );
  });
});
