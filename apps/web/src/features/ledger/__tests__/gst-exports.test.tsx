import type { GstSummary, LedgerBalance } from "@kerb/shared";
import { lastFullQuarter } from "@kerb/shared/rules";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { recordDownloads } from "@/test/downloads";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { adminUser as adminAccount, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(adminAccount) };

const balanced: LedgerBalance = {
  balanced: true,
  totalCents: 0,
  payments: { checked: 0, unbalanced: 0 },
  journals: { checked: 0, unbalanced: 0 },
  payouts: { ledgerDueCents: 0, untransferredCents: 0 },
  unbalancedPayments: [],
};

const csv = () => new Response("From,To\r\n", { status: 200, headers: { "Content-Type": "text/csv" } });
const pdf = () => new Response("%PDF-1.7\n", { status: 200, headers: { "Content-Type": "application/pdf" } });

describe("Admin console: GST summary and exports", () => {
  let saved: { href: string; download: string }[];
  beforeEach(() => {
    saved = recordDownloads();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("defaults to the last full quarter, shows its figures and downloads each CSV and the summary PDF with the token", async () => {
    const quarter = lastFullQuarter(new Date());
    const summary: GstSummary = {
      ...quarter,
      g1Sales: 14058,
      gstOnSales: 1278,
      gstCredits: 44.66,
      netGst: 1233.34,
    };
    const { callsTo } = mockFetch({
      "GET /api/admin/ledger/balance": jsonResponse(200, balanced),
      "GET /api/admin/reconciliation": jsonResponse(404, {}),
      "GET /api/admin/gst-summary": jsonResponse(200, summary),
      "GET /api/admin/gst-summary.csv": csv,
      "GET /api/admin/gst-summary.pdf": pdf,
      "GET /api/admin/exports/payments.csv": csv,
      "GET /api/admin/exports/refunds.csv": csv,
      "GET /api/admin/exports/payouts.csv": csv,
    });
    const { user } = renderApp("/admin/ledger", signedIn);

    const card = await screen.findByRole("region", { name: "GST summary and exports" });
    const scope = within(card);
    expect(scope.getByLabelText("From")).toHaveValue(quarter.from);
    expect(scope.getByLabelText("To")).toHaveValue(quarter.to);
    await waitFor(() => expect(card).toHaveTextContent("G1 Total sales (incl. GST)$14,058.00"));
    expect(card).toHaveTextContent("1A GST on sales$1,278.00");
    expect(card).toHaveTextContent("1B GST credits (RCTIs)$44.66");
    expect(card).toHaveTextContent("Net GST (1A − 1B)$1,233.34");
    expect(callsTo("GET", `/api/admin/gst-summary?from=${quarter.from}&to=${quarter.to}`)).toHaveLength(1);

    for (const [label, what, format] of [
      ["GST summary", "gst-summary", "CSV"],
      ["GST summary", "gst-summary", "PDF"],
      ["Payments", "payments", "CSV"],
      ["Refunds", "refunds", "CSV"],
      ["Payouts", "payouts", "CSV"],
    ] as const) {
      const button = scope.getByRole("button", { name: `Download ${label} ${format}` });
      expect(button).toHaveTextContent(`${label} (${format})`);
      await user.click(button);
      await vi.waitFor(() =>
        expect(saved.at(-1)?.download).toBe(
          `Kerb-${what}-${quarter.from}-to-${quarter.to}.${format.toLowerCase()}`,
        ),
      );
    }
    expect(saved).toHaveLength(5);
    const range = `?from=${quarter.from}&to=${quarter.to}`;
    const [request] = callsTo("GET", `/api/admin/exports/refunds.csv${range}`);
    expect(request?.headers.get("authorization")).toMatch(/^Bearer /);
    // The PDF is the same summary's, for the same dates, fetched with the same token.
    const [summaryPdf] = callsTo("GET", `/api/admin/gst-summary.pdf${range}`);
    expect(summaryPdf?.headers.get("authorization")).toMatch(/^Bearer /);
  });

  it("says why a misordered range cannot be downloaded, and asks the server nothing for it", async () => {
    const { callsTo } = mockFetch({
      "GET /api/admin/ledger/balance": jsonResponse(200, balanced),
      "GET /api/admin/reconciliation": jsonResponse(404, {}),
      "GET /api/admin/gst-summary": (request) => {
        const q = new URL(request.path, "http://x").searchParams;
        return jsonResponse(200, {
          from: q.get("from"),
          to: q.get("to"),
          g1Sales: 0,
          gstOnSales: 0,
          gstCredits: 0,
          netGst: 0,
        });
      },
    });
    const { user } = renderApp("/admin/ledger", signedIn);
    const card = await screen.findByRole("region", { name: "GST summary and exports" });
    const scope = within(card);
    const to = scope.getByLabelText("To");
    await user.clear(to);
    await user.type(to, "2001-01-01");
    expect(await scope.findByText("The end date must be on or after the start date")).toBeInTheDocument();
    expect(scope.getByRole("button", { name: "Download Payments CSV" })).toBeDisabled();
    expect(scope.getByRole("button", { name: "Download GST summary PDF" })).toBeDisabled();
    expect(
      callsTo("GET", `/api/admin/gst-summary?from=${lastFullQuarter(new Date()).from}&to=2001-01-01`),
    ).toHaveLength(0);
  });
});
