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
            instructorEarnings: 112.5,
            paidOut: 9648.99,
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
            instructorEarnings: 60,
            paidOut: 0,
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
          instructorEarnings: 172.5,
          paidOut: 9648.99,
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
    expect(rows[1]).toHaveTextContent("1$80.00$20.00$60.00$0.00$8.00−$8.00$0.00−$88.00");
    expect(rows[2]).toHaveTextContent("3$230.00$57.50$172.50$9,648.99$23.00−$8.00$15.00−$88.00");
    // Earnings and what was transferred are two columns: a month pays out more than it earns.
    expect(rows[0]).toHaveTextContent("2$150.00$37.50$112.50$9,648.99");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(expect.arrayContaining(["Instructor earnings", "Paid out"]));
    expect(within(table).queryByRole("columnheader", { name: "Instructor payouts" })).toBeNull();
    expect(within(table).getByRole("columnheader", { name: "GST collected (net)" })).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: "GST refunded" })).toBeInTheDocument();
  });
});
