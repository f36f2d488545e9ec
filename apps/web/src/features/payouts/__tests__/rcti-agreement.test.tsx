import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pageOf } from "@/test/admin-fixtures";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { adminUser, instructorUser, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const earnings = {
  months: [
    { month: "2026-11", lessons: 1, testPacks: 0, gross: 80, platformFee: 20, net: 60, gst: 0, total: 60 },
  ],
  totals: { lessons: 1, testPacks: 0, gross: 80, platformFee: 20, net: 60, gst: 0, total: 60 },
  testPacks: [],
  gstRegistered: false,
  payoutHold: "agreement_missing" as "agreement_missing" | null,
};

const payouts = (payoutHold: "agreement_missing" | null) => ({
  payouts: [],
  details: {
    abn: "51824753556",
    gstRegistered: false,
    provider: "demo",
    stripeConnected: false,
    payoutHold,
    gstRegistrations: [],
  },
  unpaid: { lessons: 1, gross: 80, fee: 20, net: 60, gst: 0, total: 60 },
  held: { lessons: 0, gross: 0, fee: 0, net: 0, gst: 0, total: 0 },
});

const agreement = (current: boolean) => ({
  name: "Recipient-created tax invoice agreement",
  version: "2026-12",
  clauses: [
    "Parties. Kerb Driving Pty Ltd (ABN 51 824 753 556), the recipient, and Ivy Instructor (ABN 51 824 753 556), the supplier.",
    "The supplier will not issue tax invoices for the supplies this agreement covers.",
  ],
  current,
  lastAccepted: current
    ? { version: "2026-12", acceptedAt: "2026-12-02T00:00:00.000Z", reaskedAt: null }
    : null,
});

describe("Instructor: the RCTI agreement", () => {
  it("says why payouts wait, shows the agreement and accepts the version read", async () => {
    let accepted = false;
    const { callsTo } = mockFetch({
      "GET /api/instructor/earnings": () =>
        jsonResponse(200, { ...earnings, payoutHold: accepted ? null : "agreement_missing" }),
      "GET /api/instructor/payouts": () => jsonResponse(200, payouts(accepted ? null : "agreement_missing")),
      "GET /api/instructor/calendar-token": jsonResponse(200, { active: false }),
      "GET /api/instructor/rcti-agreement": () => jsonResponse(200, agreement(accepted)),
      "POST /api/instructor/rcti-agreement/accept": () => {
        accepted = true;
        return jsonResponse(200, agreement(true));
      },
    });
    const { user } = renderApp("/instructor/earnings", { session: sessionFor(instructorUser) });
    expect(await screen.findByText("Accept the tax invoice agreement to be paid")).toBeInTheDocument();
    expect(
      await screen.findByText(/Accept the recipient-created tax invoice agreement on this page/),
    ).toBeInTheDocument();
    const card = screen.getByRole("region", { name: "Recipient-created tax invoice agreement" });
    expect(within(card).getByText(/will not issue tax invoices/)).toBeInTheDocument();
    expect(within(card).getByText("Version 2026-12")).toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: "I accept this agreement" }));
    await waitFor(() => expect(callsTo("POST", "/api/instructor/rcti-agreement/accept")).toHaveLength(1));
    expect(callsTo("POST", "/api/instructor/rcti-agreement/accept")[0]?.body).toEqual({ version: "2026-12" });
    expect(await within(card).findByText(/You accepted this agreement on/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Accept the tax invoice agreement to be paid")).toBeNull());
  });

  it("accepted twice (another tab): shows the server's plain message", async () => {
    mockFetch({
      "GET /api/instructor/earnings": () => jsonResponse(200, earnings),
      "GET /api/instructor/payouts": () => jsonResponse(200, payouts("agreement_missing")),
      "GET /api/instructor/calendar-token": () => jsonResponse(200, { active: false }),
      "GET /api/instructor/rcti-agreement": () => jsonResponse(200, agreement(false)),
      "POST /api/instructor/rcti-agreement/accept": () =>
        apiError(
          409,
          "conflict",
          "You have already accepted this version of the agreement: nothing more to do",
        ),
    });
    const { user } = renderApp("/instructor/earnings", { session: sessionFor(instructorUser) });
    await user.click(await screen.findByRole("button", { name: "I accept this agreement" }));
    expect(await screen.findByText(/already accepted this version of the agreement/)).toBeInTheDocument();
  });
});

describe("Instructor: GST registration by date", () => {
  it("sends the date the registration took effect, and lists the periods on record", async () => {
    let saved = false;
    const registrations = [{ effectiveFrom: "2026-07-01", effectiveTo: null, checked: false }];
    const { callsTo } = mockFetch({
      "GET /api/instructor/earnings": () => jsonResponse(200, { ...earnings, payoutHold: null }),
      "GET /api/instructor/payouts": () => {
        const body = payouts(null);
        return jsonResponse(
          200,
          saved ? { ...body, details: { ...body.details, gstRegistrations: registrations } } : body,
        );
      },
      "GET /api/instructor/calendar-token": () => jsonResponse(200, { active: false }),
      "GET /api/instructor/rcti-agreement": () => jsonResponse(200, agreement(true)),
      "PATCH /api/instructor/payout-details": () => {
        saved = true;
        return jsonResponse(200, {
          ...payouts("agreement_missing").details,
          gstRegistered: true,
          gstRegistrations: registrations,
        });
      },
    });
    const { user } = renderApp("/instructor/earnings", { session: sessionFor(instructorUser) });
    const form = await screen.findByRole("form", { name: "Payout details" });
    await user.click(within(form).getByLabelText("I am registered for GST"));
    await user.type(within(form).getByLabelText("Date your GST registration started or ended"), "2026-07-01");
    await user.click(within(form).getByRole("button", { name: "Save details" }));
    await waitFor(() => expect(callsTo("PATCH", "/api/instructor/payout-details")).toHaveLength(1));
    expect(callsTo("PATCH", "/api/instructor/payout-details")[0]?.body).toEqual({
      abn: "51824753556",
      gstRegistered: true,
      gstEffectiveDate: "2026-07-01",
    });
    const list = await screen.findByRole("list", { name: "GST registrations" });
    expect(list).toHaveTextContent("Registered for GST from 01/07/2026");
  });
});

describe("Admin: before a payout run", () => {
  const summary = {
    pending: { count: 0, amount: 0 },
    paid: { count: 0, amount: 0 },
    failed: { count: 0, amount: 0 },
    accruing: { instructors: 1, lessons: 1, amount: 60 },
  };
  const registration = {
    id: "7c000000-0000-4000-8000-000000000001",
    instructor: {
      id: "7c000000-0000-4000-8000-0000000000a1",
      firstName: "Gia",
      lastName: "Gst",
      abn: "53004085616",
    },
    effectiveFrom: "2026-07-01",
    effectiveTo: null,
    check: null,
  };

  it("shows unchecked GST registrations, marks one checked with what was seen, and who waits for the agreement", async () => {
    let checked = false;
    const { callsTo } = mockFetch({
      "GET /api/admin/payouts": jsonResponse(200, { ...pageOf([]), summary }),
      "GET /api/admin/payouts/readiness": () =>
        jsonResponse(200, {
          uncheckedGstRegistrations: checked ? [] : [registration],
          waitingForAgreement: [
            { id: "7c000000-0000-4000-8000-0000000000b1", firstName: "Nia", lastName: "Newcomer" },
          ],
        }),
      [`POST /api/admin/payouts/gst-registrations/${registration.id}/check`]: () => {
        checked = true;
        return jsonResponse(200, {
          ...registration,
          check: { by: "admin", at: "2026-12-02T00:00:00.000Z", note: "Registered from 01/07/2026" },
        });
      },
    });
    const { user } = renderApp("/admin/payouts", { session: sessionFor(adminUser) });
    expect(await screen.findByText("GST registrations to check (1)")).toBeInTheDocument();
    expect(screen.getByText("Gia Gst").closest("p")).toHaveTextContent(
      "ABN 53 004 085 616 · GST registered from 01/07/2026 · Not checked",
    );
    expect(screen.getByText(/Waiting for the RCTI agreement \(1\)/)).toBeInTheDocument();
    expect(screen.getByText(/Nia Newcomer/)).toBeInTheDocument();
    const form = screen.getByRole("form", { name: "Check Gia Gst's GST registration" });
    await user.type(within(form).getByLabelText("What the ABN Lookup shows"), "Registered from 01/07/2026");
    await user.click(within(form).getByRole("button", { name: "Mark checked" }));
    await waitFor(() =>
      expect(callsTo("POST", `/api/admin/payouts/gst-registrations/${registration.id}/check`)).toHaveLength(
        1,
      ),
    );
    expect(callsTo("POST", `/api/admin/payouts/gst-registrations/${registration.id}/check`)[0]?.body).toEqual(
      {
        note: "Registered from 01/07/2026",
      },
    );
    await waitFor(() => expect(screen.queryByText("GST registrations to check (1)")).toBeNull());
  });

  it("the run says how many instructors wait for the agreement", async () => {
    mockFetch({
      "GET /api/admin/payouts": jsonResponse(200, { ...pageOf([]), summary }),
      "GET /api/admin/payouts/readiness": jsonResponse(200, {
        uncheckedGstRegistrations: [],
        waitingForAgreement: [],
      }),
      "POST /api/admin/payouts/run": jsonResponse(200, {
        period: { start: "2026-11-02", end: "2026-11-08" },
        created: 0,
        skippedWithoutAccount: 0,
        skippedWithoutAbn: 0,
        skippedWithoutAgreement: 1,
        payouts: [],
      }),
    });
    const { user } = renderApp("/admin/payouts", { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole("button", { name: "Run payouts" }));
    expect(
      await screen.findByText(
        /1 instructor has not accepted the RCTI agreement and keeps? accruing until they do/,
      ),
    ).toBeInTheDocument();
  });
});
