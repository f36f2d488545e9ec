import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { instructorUser, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(instructorUser) };

const earnings = {
  months: [
    { month: "2026-11", lessons: 3, testPacks: 0, gross: 240, platformFee: 60, net: 180, gst: 0, total: 180 },
    {
      month: "2026-10",
      lessons: 1,
      testPacks: 0,
      gross: 85.5,
      platformFee: 21.38,
      net: 64.12,
      gst: 0,
      total: 64.12,
    },
  ],
  totals: { lessons: 4, testPacks: 0, gross: 325.5, platformFee: 81.38, net: 244.12, gst: 0, total: 244.12 },
  testPacks: [],
  gstRegistered: false,
  payoutHold: null,
};

// A GST-registered instructor: $80 → $60.00 share + $6.00 GST; $65 → $48.75 + $4.88.
const gstEarnings = {
  months: [
    {
      month: "2026-11",
      lessons: 2,
      testPacks: 0,
      gross: 145,
      platformFee: 36.25,
      net: 108.75,
      gst: 10.88,
      total: 119.63,
    },
  ],
  totals: {
    lessons: 2,
    testPacks: 0,
    gross: 145,
    platformFee: 36.25,
    net: 108.75,
    gst: 10.88,
    total: 119.63,
  },
  testPacks: [],
  gstRegistered: true,
  payoutHold: null,
};

const payoutsOf = (details: {
  abn: string | null;
  gstRegistered: boolean;
  payoutHold: "abn_missing" | null;
}) => ({
  payouts: [],
  details: { ...details, provider: "demo", stripeConnected: false, gstRegistrations: [] },
  unpaid: { lessons: 1, gross: 80, fee: 20, net: 60, gst: 0, total: 60 },
  held: { lessons: 0, gross: 0, fee: 0, net: 0, gst: 0, total: 0 },
});

const acceptedAgreement = {
  name: "Recipient-created tax invoice agreement",
  version: "2026-12",
  clauses: ["Parties. Kerb and you."],
  current: true,
  lastAccepted: { version: "2026-12", acceptedAt: "2026-11-01T00:00:00.000Z", reaskedAt: null },
};

describe("Instructor earnings", () => {
  it("shows a GST-registered instructor's net without GST, the GST and the total with it", async () => {
    mockFetch({
      "GET /api/instructor/rcti-agreement": () => jsonResponse(200, acceptedAgreement),
      "GET /api/instructor/earnings": jsonResponse(200, gstEarnings),
      "GET /api/instructor/payouts": jsonResponse(
        200,
        payoutsOf({ abn: "53004085616", gstRegistered: true, payoutHold: null }),
      ),
      "GET /api/instructor/calendar-token": jsonResponse(200, { active: false }),
    });
    renderApp("/instructor/earnings", signedIn);
    const table = await screen.findByRole("table", { name: /Earnings by month/ });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual([
      "Month",
      "Lessons",
      "Gross",
      "Platform fee (25%)",
      "Net (ex GST)",
      "GST (10%)",
      "Total (incl. GST)",
    ]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("2$145.00−$36.25$108.75$10.88$119.63");
    expect(rows[1]).toHaveTextContent("Total2$145.00−$36.25$108.75$10.88$119.63");
    const tile = screen.getByText("Total net earnings (ex GST)").parentElement;
    expect(tile).toHaveTextContent("$108.75");
    expect(tile).toHaveTextContent("$119.63 incl. GST");
    expect(screen.getByText(/Kerb also pays you 10% GST on your share/)).toBeInTheDocument();
    expect(screen.queryByText("Add your ABN to be paid")).toBeNull();
  });

  it("without an ABN, says payouts wait and takes the instructor to the ABN field in one step", async () => {
    mockFetch({
      "GET /api/instructor/rcti-agreement": () => jsonResponse(200, acceptedAgreement),
      "GET /api/instructor/earnings": jsonResponse(200, { ...earnings, payoutHold: "abn_missing" }),
      "GET /api/instructor/payouts": jsonResponse(
        200,
        payoutsOf({ abn: null, gstRegistered: false, payoutHold: "abn_missing" }),
      ),
      "GET /api/instructor/calendar-token": jsonResponse(200, { active: false }),
    });
    const { user } = renderApp("/instructor/earnings", signedIn);
    const alert = (await screen.findByText("Add your ABN to be paid")).closest("[role=alert]") as HTMLElement;
    expect(alert).toHaveTextContent(/earnings keep adding up/);
    expect(await screen.findByText(/Add your ABN in your payout details/)).toBeInTheDocument();
    const form = await screen.findByRole("form", { name: "Payout details" });
    await user.click(within(alert).getByRole("button", { name: "Add your ABN" }));
    expect(within(form).getByLabelText("ABN")).toHaveFocus();
    // Ticking GST with no ABN is refused before it reaches the API.
    await user.click(within(form).getByLabelText("I am registered for GST"));
    await user.click(within(form).getByRole("button", { name: "Save details" }));
    expect(await within(form).findByText(/Registering for GST needs a valid ABN/)).toBeInTheDocument();
  });

  it("the ABN banner goes once a valid ABN is saved, and GST shows once registered", async () => {
    // The server's answers before and after the save.
    let saved = false;
    mockFetch({
      "GET /api/instructor/rcti-agreement": () => jsonResponse(200, acceptedAgreement),
      "GET /api/instructor/earnings": () =>
        jsonResponse(
          200,
          saved ? { ...earnings, gstRegistered: true } : { ...earnings, payoutHold: "abn_missing" },
        ),
      "GET /api/instructor/payouts": () =>
        jsonResponse(
          200,
          saved
            ? payoutsOf({ abn: "53004085616", gstRegistered: true, payoutHold: null })
            : payoutsOf({ abn: null, gstRegistered: false, payoutHold: "abn_missing" }),
        ),
      "PATCH /api/instructor/payout-details": () => {
        saved = true;
        return jsonResponse(200, {
          abn: "53004085616",
          gstRegistered: true,
          provider: "demo",
          stripeConnected: false,
          payoutHold: null,
          gstRegistrations: [],
        });
      },
      "GET /api/instructor/calendar-token": jsonResponse(200, { active: false }),
    });
    const { user } = renderApp("/instructor/earnings", signedIn);
    await screen.findByText("Add your ABN to be paid");
    const form = await screen.findByRole("form", { name: "Payout details" });
    await user.type(within(form).getByLabelText("ABN"), "53 004 085 616");
    await user.click(within(form).getByLabelText("I am registered for GST"));
    await user.click(within(form).getByRole("button", { name: "Save details" }));
    expect(await within(form).findByText("Payout details saved.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Add your ABN to be paid")).toBeNull());
    // The earnings table is refreshed too: a registered instructor's GST columns.
    const table = await screen.findByRole("table", { name: /Earnings by month/ });
    expect(await within(table).findByText("GST (10%)")).toBeInTheDocument();
  });

  it("an unregistered instructor with an ABN sees no GST columns and no ABN warning", async () => {
    mockFetch({
      "GET /api/instructor/rcti-agreement": () => jsonResponse(200, acceptedAgreement),
      "GET /api/instructor/earnings": jsonResponse(200, earnings),
      "GET /api/instructor/payouts": jsonResponse(
        200,
        payoutsOf({ abn: "53004085616", gstRegistered: false, payoutHold: null }),
      ),
      "GET /api/instructor/calendar-token": jsonResponse(200, { active: false }),
    });
    renderApp("/instructor/earnings", signedIn);
    const table = await screen.findByRole("table", { name: /Earnings by month/ });
    expect(within(table).queryByText("GST (10%)")).toBeNull();
    expect(await screen.findByText(/Each Monday, the week that just ended is paid/)).toBeInTheDocument();
    expect(screen.queryByText("Add your ABN to be paid")).toBeNull();
  });

  it("lists each month with lessons, gross, the 25% fee and net, then the totals", async () => {
    mockFetch({
      "GET /api/instructor/rcti-agreement": () => jsonResponse(200, acceptedAgreement),
      "GET /api/instructor/earnings": jsonResponse(200, earnings),
      "GET /api/instructor/calendar-token": jsonResponse(200, { active: false }),
    });
    renderApp("/instructor/earnings", signedIn);

    const table = await screen.findByRole("table", { name: /Earnings by month/ });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Month", "Lessons", "Gross", "Platform fee (25%)", "Net earnings"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByRole("rowheader")).toHaveTextContent("November 2026");
    expect(rows[0]).toHaveTextContent("3$240.00−$60.00$180.00");
    expect(within(rows[1] as HTMLElement).getByRole("rowheader")).toHaveTextContent("October 2026");
    expect(rows[1]).toHaveTextContent("1$85.50−$21.38$64.12");
    expect(within(rows[2] as HTMLElement).getByRole("rowheader")).toHaveTextContent("Total");
    expect(rows[2]).toHaveTextContent("4$325.50−$81.38$244.12");
    expect(
      screen.getByText(/The Monthly Earnings tile on your dashboard equals this month's net/),
    ).toBeInTheDocument();
    // One count of lessons: the table counts what payouts count (taught, no-shows, late cancellations).
    expect(
      screen.getByText(
        /Lessons counts every lesson you are paid for: those you taught, no-shows, and late cancellations/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("Total net earnings").parentElement).toHaveTextContent("$244.12");
    // What a bundle-credit lesson earns, whatever the instructor's rate.
    expect(
      screen.getByText(
        /Lessons paid with bundle credits earn 75% of the bundle's per-lesson price \(\$65–\$75 a lesson\), whatever your rate\./,
      ),
    ).toBeInTheDocument();
  });

  it("lists a driving-test package as its own line and counts it apart from lessons", async () => {
    const label = "Driving test package — St Marys Driver Testing Centre, 10/11/2026";
    mockFetch({
      "GET /api/instructor/rcti-agreement": () => jsonResponse(200, acceptedAgreement),
      "GET /api/instructor/earnings": jsonResponse(200, {
        ...gstEarnings,
        months: [{ ...gstEarnings.months[0], lessons: 1, testPacks: 1 }],
        totals: { ...gstEarnings.totals, lessons: 1, testPacks: 1 },
        testPacks: [
          {
            bookingId: "7d1f2c55-8a7e-4c1b-9f5e-2b6f0f1e3a10",
            description: label,
            testAt: "2026-11-09T23:30:00.000Z",
            status: "COMPLETED",
            gross: 233.33,
            platformFee: 58.33,
            net: 175,
            gst: 17.5,
            total: 192.5,
          },
        ],
      }),
      "GET /api/instructor/payouts": jsonResponse(
        200,
        payoutsOf({ abn: "53004085616", gstRegistered: true, payoutHold: null }),
      ),
      "GET /api/instructor/calendar-token": jsonResponse(200, { active: false }),
    });
    renderApp("/instructor/earnings", signedIn);
    const table = await screen.findByRole("table", { name: /Earnings by month/ });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers.slice(0, 3)).toEqual(["Month", "Lessons", "Test packages"]);
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("11$145.00");
    const packs = screen.getByRole("region", { name: "Driving test packages" });
    const line = within(packs).getByRole("listitem");
    expect(line).toHaveTextContent(label);
    expect(line).toHaveTextContent("$233.33 − $58.33 fee (25%) = $175.00 + $17.50 GST (10%) = $192.50");
    expect(
      screen.getByText(/Driving test packages are counted under Test packages rather than Lessons/),
    ).toBeInTheDocument();
  });

  it("says what to do when nothing is earned yet", async () => {
    mockFetch({
      "GET /api/instructor/rcti-agreement": () => jsonResponse(200, acceptedAgreement),
      "GET /api/instructor/earnings": jsonResponse(200, {
        months: [],
        totals: { lessons: 0, testPacks: 0, gross: 0, platformFee: 0, net: 0, gst: 0, total: 0 },
        testPacks: [],
        gstRegistered: false,
        payoutHold: null,
      }),
      "GET /api/instructor/calendar-token": jsonResponse(200, { active: false }),
    });
    renderApp("/instructor/earnings", signedIn);
    expect(await screen.findByText("No earnings yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to your lessons" })).toHaveAttribute(
      "href",
      "/instructor/lessons",
    );
  });

  it("creates the private calendar feed and shows its absolute URL, then turns it off", async () => {
    const { callsTo } = mockFetch({
      "GET /api/instructor/earnings": jsonResponse(200, earnings),
      "GET /api/instructor/calendar-token": jsonResponse(200, { active: false }),
      "POST /api/instructor/calendar-token": jsonResponse(200, { url: "/api/calendar/secret-token.ics" }),
      "DELETE /api/instructor/calendar-token": jsonResponse(200, { ok: true }),
    });
    const { user } = renderApp("/instructor/earnings", signedIn);
    await user.click(await screen.findByRole("button", { name: "Create calendar link" }));

    const field = await screen.findByLabelText("Your private calendar link");
    expect(field).toHaveValue(`${window.location.origin}/api/calendar/secret-token.ics`);
    expect(screen.getByRole("button", { name: "Copy link" })).toBeInTheDocument();
    expect(callsTo("POST", "/api/instructor/calendar-token")).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Turn off feed" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Turn off your calendar feed?" });
    await user.click(within(dialog).getByRole("button", { name: "Turn off feed" }));
    expect(await screen.findByRole("button", { name: "Create calendar link" })).toBeInTheDocument();
    expect(screen.getByText("Calendar feed turned off. The old link no longer works.")).toBeInTheDocument();
  });

  it("says a feed is on without showing its link again, and offers a new one", async () => {
    const { callsTo } = mockFetch({
      "GET /api/instructor/earnings": jsonResponse(200, earnings),
      "GET /api/instructor/calendar-token": jsonResponse(200, { active: true }),
      "POST /api/instructor/calendar-token": jsonResponse(200, { url: "/api/calendar/new-token.ics" }),
    });
    const { user } = renderApp("/instructor/earnings", signedIn);
    expect(
      await screen.findByText(/Your calendar feed is on\. Kerb keeps only a fingerprint/),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText("Your private calendar link")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Get a new link" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Replace your calendar link?" });
    await user.click(within(dialog).getByRole("button", { name: "Get a new link" }));
    const field = await screen.findByLabelText("Your private calendar link");
    expect(field).toHaveValue(`${window.location.origin}/api/calendar/new-token.ics`);
    expect(screen.getByText(/Copy it now: Kerb shows this link only once/)).toBeInTheDocument();
    expect(callsTo("POST", "/api/instructor/calendar-token")).toHaveLength(1);
  });
});
