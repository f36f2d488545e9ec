import { ACCEPT_TERMS_REQUIRED, type AuthUser, type GuardianInvitationResponse } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { authStore } from "@/lib/auth-store";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const TOKEN = "tok_0123456789abcdefghijklmnop";
const invitationPath = `/api/guardian/invitations/${TOKEN}`;

const invitation: GuardianInvitationResponse = {
  learner: { firstName: "Sam" },
  email: "pat@example.com",
  accountExists: false,
  expiresAt: "2026-12-10T02:00:00.000Z",
};

const guardianUser: AuthUser = {
  id: "e0000000-0000-4000-8000-000000000001",
  email: "pat@example.com",
  role: "GUARDIAN",
  firstName: "Pat",
  lastName: "Parent",
  phone: null,
};
const learner = { id: "a1000000-0000-4000-8000-000000000001", firstName: "Sam", lastName: "Learner" };

describe("Guardian invitation page", () => {
  it("creates a guardian account for the invited email, signs in and opens the learner's page", async () => {
    const { user, router, callsTo } = mockFetchAndRender({
      [`GET ${invitationPath}`]: jsonResponse(200, invitation),
      "POST /api/guardian/invitations/accept": () =>
        jsonResponse(201, { ...sessionFor(guardianUser, { accessToken: "g-1", refreshToken: "g-r1" }) }),
      "GET /api/guardian/learners": jsonResponse(200, { learners: [learner] }),
      [`GET /api/guardian/learners/${learner.id}`]: jsonResponse(200, {
        learner,
        upcomingLessons: [],
        bundles: [],
        payments: [],
        instructors: [],
        suburb: "Parramatta",
      }),
      "GET /api/auth/me": jsonResponse(200, { user: guardianUser }),
    });

    expect(
      await screen.findByRole("heading", { level: 1, name: "Follow Sam's driving lessons" }),
    ).toBeVisible();
    expect(screen.getByText(/accept by 10\/12\/2026/)).toBeInTheDocument();
    const form = screen.getByRole("form", { name: "Create your guardian account" });
    const email = within(form).getByLabelText("Email");
    expect(email).toHaveValue("pat@example.com");
    expect(email).toHaveAttribute("readonly");

    // The shared schema's messages, before anything is sent.
    await user.click(within(form).getByRole("button", { name: "Create account and accept" }));
    expect(await within(form).findByText("First name is required")).toBeInTheDocument();
    expect(callsTo("POST", "/api/guardian/invitations/accept")).toHaveLength(0);

    await user.type(within(form).getByLabelText("First name"), "Pat");
    await user.type(within(form).getByLabelText("Last name"), "Parent");
    await user.type(within(form).getByLabelText("Password"), "secret12");
    await user.type(within(form).getByLabelText("Confirm password"), "secret13");
    await user.click(within(form).getByRole("button", { name: "Create account and accept" }));
    expect(await within(form).findByText("Passwords do not match")).toBeInTheDocument();

    await user.clear(within(form).getByLabelText("Confirm password"));
    await user.type(within(form).getByLabelText("Confirm password"), "secret12");
    await user.click(within(form).getByRole("button", { name: "Create account and accept" }));
    expect(await within(form).findByText(ACCEPT_TERMS_REQUIRED)).toBeInTheDocument();
    expect(callsTo("POST", "/api/guardian/invitations/accept")).toHaveLength(0);

    await user.click(within(form).getByRole("checkbox", { name: /I accept Kerb's terms of use/ }));
    await user.click(within(form).getByRole("button", { name: "Create account and accept" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/guardian"));
    expect(callsTo("POST", "/api/guardian/invitations/accept")[0]?.body).toEqual({
      token: TOKEN,
      firstName: "Pat",
      lastName: "Parent",
      password: "secret12",
      confirmPassword: "secret12",
      acceptTerms: true,
    });
    expect(authStore.getState()?.user.role).toBe("GUARDIAN");
    expect(authStore.getState()?.accessToken).toBe("g-1");
    expect(await screen.findByRole("heading", { level: 1, name: "Sam Learner" })).toBeVisible();
  });

  it("says clearly when the invitation is no longer valid", async () => {
    mockFetchAndRender({
      [`GET ${invitationPath}`]: apiError(
        404,
        "not_found",
        "This invitation is no longer valid. Ask the learner to send a new one.",
      ),
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "This invitation is no longer valid" }),
    ).toBeVisible();
    expect(screen.getByText(/Ask them to send you a new invitation/)).toBeInTheDocument();
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
  });

  it("asks an address that already has an account to log in and come back here", async () => {
    mockFetchAndRender({
      [`GET ${invitationPath}`]: jsonResponse(200, { ...invitation, accountExists: true }),
    });
    const login = await screen.findByRole("link", { name: "Log in to accept" });
    expect(login).toHaveAttribute(
      "href",
      `/login?returnTo=${encodeURIComponent(`/guardian/accept?token=${TOKEN}`)}`,
    );
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
  });

  it("accepts with the signed-in guardian account and opens the learner just joined", async () => {
    const other = { id: "a2000000-0000-4000-8000-000000000002", firstName: "Alex", lastName: "Other" };
    let following = [other];
    const { user, router, callsTo } = mockFetchAndRender(
      {
        [`GET ${invitationPath}`]: jsonResponse(200, { ...invitation, accountExists: true }),
        "GET /api/guardian/learners": () => jsonResponse(200, { learners: following }),
        "POST /api/guardian/invitations/join": () => {
          following = [other, learner];
          return jsonResponse(200, { learners: following });
        },
        [`GET /api/guardian/learners/${learner.id}`]: jsonResponse(200, {
          learner,
          upcomingLessons: [],
          bundles: [],
          payments: [],
          instructors: [],
          suburb: null,
        }),
        "GET /api/auth/me": jsonResponse(200, { user: guardianUser }),
      },
      guardianUser,
    );
    await user.click(await screen.findByRole("button", { name: "Accept and follow Sam" }));
    await waitFor(() => expect(router.state.location.search).toBe(`?learner=${learner.id}`));
    expect(callsTo("POST", "/api/guardian/invitations/join")[0]?.body).toEqual({ token: TOKEN });
    expect(await screen.findByRole("heading", { level: 1, name: "Sam Learner" })).toBeVisible();
    // Following two: the switcher, with Sam chosen.
    const switcher = screen.getByRole("navigation", { name: "Learners you follow" });
    expect(within(switcher).getByRole("link", { name: "Sam Learner" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });
});

function mockFetchAndRender(routes: Parameters<typeof mockFetch>[0], signedInAs?: AuthUser) {
  const mocked = mockFetch(routes);
  const rendered = renderApp(`/guardian/accept?token=${TOKEN}`, {
    ...(signedInAs ? { session: sessionFor(signedInAs) } : {}),
  });
  return { ...mocked, ...rendered };
}
