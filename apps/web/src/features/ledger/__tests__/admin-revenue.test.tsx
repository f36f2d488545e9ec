import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { adminUser as adminAccount, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(adminAccount) };

describe("Admin console: revenue", () => {
  it("shows revenue per month with totals", async () => {
    mockFetch({
      "GET /api/admin/revenue": jsonResponse(200, {
        months: [
          {
            month: "2026-11",
            lessonsCompleted: 2,
            gross: 150,
            platformFees: 37.5,
            instructorPayouts: 112.5,
            gstCollected: 15,
            gstOnPayments: 15,
            gstRefunded: 0,
            refunds: 0,
          },
          {
            month: "2026-10",
            lessonsCompleted: 1,
            gross: 80,
            platformFees: 20,
            instructorPayouts: 60,
            gstCollected: 0,
            gstOnPayments: 8,
            gstRefunded: 8,
            refunds: 88,
          },
        ],
        totals: {
          lessonsCompleted: 3,
          gross: 230,
          platformFees: 57.5,
          instructorPayouts: 172.5,
          gstCollected: 15,
          gstOnPayments: 23,
          gstRefunded: 8,
          refunds: 88,
        },
      }),
    });
    renderApp("/admin/revenue", signedIn);
    const table = await screen.findByRole("table", { name: "Revenue by month" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getByRole("rowheader").textContent)).toEqual([
      "November 2026",
      "October 2026",
      "Total",
    ]);
    // GST on payments, less the GST refunded, is the GST collected.
    expect(rows[1]).toHaveTextContent("1$80.00$20.00$60.00$8.00−$8.00$0.00−$88.00");
    expect(rows[2]).toHaveTextContent("3$230.00$57.50$172.50$23.00−$8.00$15.00−$88.00");
    expect(within(table).getByRole("columnheader", { name: "GST collected (net)" })).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: "GST refunded" })).toBeInTheDocument();
  });
});
