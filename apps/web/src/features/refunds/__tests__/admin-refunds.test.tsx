import type { AdminRefund } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pageOf } from "@/test/admin-fixtures";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { adminUser as adminAccount, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(adminAccount) };

function refund(overrides: Partial<AdminRefund> = {}): AdminRefund {
  return {
    id: "6f1d3c8e-1a2b-4c5d-8e9f-000000000001",
    status: "PENDING",
    reason: "LESSON_CANCELLED",
    amount: 88,
    attempts: 2,
    nextAttemptAt: "2026-03-02T01:04:00.000Z",
    lastError: "fake stripe: refund outage",
    createdAt: "2026-03-02T01:00:00.000Z",
    succeededAt: null,
    bookingId: "6f1d3c8e-1a2b-4c5d-8e9f-0000000000b1",
    payment: {
      id: "6f1d3c8e-1a2b-4c5d-8e9f-0000000000a1",
      invoiceNumber: "KRB-20260302-7QH3XK",
      provider: "stripe",
    },
    student: {
      id: "6f1d3c8e-1a2b-4c5d-8e9f-0000000000c1",
      email: "sam@example.test",
      firstName: "Sam",
      lastName: "Learner",
    },
    ...overrides,
  };
}

describe("Admin console: refunds", () => {
  it("lists queued refunds with amount, reason, student, attempts and the provider's last error", async () => {
    const settled = refund({
      id: "6f1d3c8e-1a2b-4c5d-8e9f-000000000002",
      status: "SUCCEEDED",
      reason: "UNFULFILLED_PAYMENT",
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
      succeededAt: "2026-03-01T00:00:00.000Z",
    });
    const { callsTo } = mockFetch({
      "GET /api/admin/refunds": jsonResponse(200, pageOf([refund(), settled])),
    });
    const { user, router } = renderApp("/admin/refunds", signedIn);

    const table = await screen.findByRole("table", { name: "Card refunds" });
    const [, waiting, done] = within(table).getAllByRole("row");
    expect(waiting).toHaveTextContent("$88.00");
    expect(waiting).toHaveTextContent("Lesson cancelled");
    expect(waiting).toHaveTextContent("KRB-20260302-7QH3XK");
    expect(waiting).toHaveTextContent("Sam Learner");
    expect(waiting).toHaveTextContent("Waiting for the card provider");
    expect(waiting).toHaveTextContent("fake stripe: refund outage");
    expect(within(waiting as HTMLElement).getByRole("button", { name: "Retry now" })).toBeEnabled();
    expect(done).toHaveTextContent("Paid after the hold lapsed");
    expect(done).toHaveTextContent("Refunded");
    expect(within(done as HTMLElement).queryByRole("button", { name: "Retry now" })).toBeNull();

    await user.selectOptions(screen.getByLabelText("Status"), "PENDING");
    await waitFor(() =>
      expect(callsTo("GET", "/api/admin/refunds?status=PENDING&page=1&pageSize=20")).toHaveLength(1),
    );
    expect(router.state.location.search).toBe("?status=PENDING");
  });

  it("retries a refund at once and says whether it went through", async () => {
    let current = refund();
    const { callsTo } = mockFetch({
      "GET /api/admin/refunds": () => jsonResponse(200, pageOf([current])),
      [`POST /api/admin/refunds/${current.id}/retry`]: () => {
        current = refund({ status: "SUCCEEDED", attempts: 3, nextAttemptAt: null, lastError: null });
        return jsonResponse(200, { refund: current });
      },
    });
    const { user } = renderApp("/admin/refunds", signedIn);
    await user.click(await screen.findByRole("button", { name: "Retry now" }));
    expect(await screen.findByText("The refund went through.")).toBeInTheDocument();
    expect(callsTo("POST", `/api/admin/refunds/${current.id}/retry`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Retry now" })).toBeNull());
  });

  it("explains a refused retry", async () => {
    const pending = refund();
    mockFetch({
      "GET /api/admin/refunds": jsonResponse(200, pageOf([pending])),
      [`POST /api/admin/refunds/${pending.id}/retry`]: jsonResponse(409, {
        error: { code: "invalid_state", message: "This refund has already gone through" },
      }),
    });
    const { user } = renderApp("/admin/refunds", signedIn);
    await user.click(await screen.findByRole("button", { name: "Retry now" }));
    expect(await screen.findByText("This refund has already gone through")).toBeInTheDocument();
  });

  it("says when nothing is waiting", async () => {
    mockFetch({ "GET /api/admin/refunds": jsonResponse(200, pageOf([])) });
    renderApp("/admin/refunds?status=PENDING", signedIn);
    expect(await screen.findByText("No refunds waiting")).toBeInTheDocument();
  });
});
