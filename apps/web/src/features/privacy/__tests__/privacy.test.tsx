/**
 * Terms and privacy on the web (issue 31 item 4): a sign-in with a new version of the terms goes to the
 * accept screen first, and the account page's Privacy card asks for a closure and says why it can't be.
 */

import { TERMS_VERSION } from "@kerb/shared/words";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { adminUser, guardianUser, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const outstanding = [{ document: "TERMS", version: TERMS_VERSION }];

describe("accepting a new version of the terms", () => {
  it("shows the new terms and goes on once they are accepted", async () => {
    let accepted = false;
    const { callsTo } = mockFetch({
      "GET /api/auth/me": () =>
        jsonResponse(200, { user: guardianUser, outstandingLegal: accepted ? [] : outstanding }),
      "POST /api/me/legal-acceptances": () => {
        accepted = true;
        return jsonResponse(200, { outstandingLegal: [] });
      },
    });
    const { user, router } = renderApp("/legal/accept?returnTo=%2Fguardian%2Faccount", {
      session: sessionFor(guardianUser),
    });
    expect(await screen.findByRole("heading", { name: "We've updated our terms" })).toBeVisible();
    expect(screen.getByRole("heading", { name: "Terms of use" })).toBeVisible();
    await user.click(screen.getByRole("button", { name: "I accept" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/guardian/account"));
    expect(callsTo("POST", "/api/me/legal-acceptances")[0]?.body).toEqual({ documents: outstanding });
  });
});

describe("the account page's Privacy card", () => {
  it("says why the account cannot be closed yet", async () => {
    const { callsTo } = mockFetch({
      "GET /api/auth/me": () => jsonResponse(200, { user: guardianUser, outstandingLegal: [] }),
      "POST /api/me/closure-request": () =>
        apiError(409, "invalid_state", "We can't close your account yet. You still have 1 lesson booked."),
    });
    const { user } = renderApp("/guardian/account", { session: sessionFor(guardianUser) });
    await user.click(await screen.findByRole("button", { name: "Close my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Close your account?" });
    await user.type(within(dialog).getByLabelText(/Why are you leaving/), "Done with lessons");
    await user.click(within(dialog).getByRole("button", { name: "Ask to close my account" }));
    expect(await screen.findByText(/You still have 1 lesson booked/)).toBeVisible();
    expect(callsTo("POST", "/api/me/closure-request")[0]?.body).toEqual({ reason: "Done with lessons" });
    expect(screen.getByRole("button", { name: "Download my data" })).toBeVisible();
  });
});

describe("the admin's closure requests", () => {
  it("lists an open request and closes the account on the admin's word", async () => {
    let completedAt: string | null = null;
    const request = {
      id: "4f0f8a9e-6f0c-4a55-9d0e-0c6d7c1f2a10",
      userId: "7c1f2a10-6f0c-4a55-9d0e-4f0f8a9e0c6d",
      role: "STUDENT",
      name: "Riley Learner",
      email: "riley@example.com",
      reason: "Got my licence",
      requestedAt: "2026-12-01T23:00:00.000Z",
    };
    const { callsTo } = mockFetch({
      "GET /api/auth/me": () => jsonResponse(200, { user: adminUser, outstandingLegal: [] }),
      "GET /api/admin/closure-requests": () => jsonResponse(200, { requests: [{ ...request, completedAt }] }),
      [`POST /api/admin/closure-requests/${request.id}/complete`]: () => {
        completedAt = "2026-12-02T01:00:00.000Z";
        return jsonResponse(200, { id: request.id, completedAt });
      },
    });
    const { user } = renderApp("/admin/closure-requests", { session: sessionFor(adminUser) });
    const table = await screen.findByRole("table", { name: "Account closure requests" });
    expect(within(table).getByText("Riley Learner")).toBeVisible();
    expect(within(table).getByText("Got my licence")).toBeVisible();
    await user.click(within(table).getByRole("button", { name: "Close account" }));
    expect(await within(table).findByText(/^Closed 02\/12\/2026/)).toBeVisible();
    expect(callsTo("POST", `/api/admin/closure-requests/${request.id}/complete`)).toHaveLength(1);
  });
});
