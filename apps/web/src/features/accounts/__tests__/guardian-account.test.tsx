/**
 * A guardian's account settings (/guardian/account): their name as given on accepting the invitation
 * (no profile endpoint of their own), and the same email and password forms as the other roles.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { authStore } from "@/lib/auth-store";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { guardianUser, sessionFor, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const me = jsonResponse(200, { user: guardianUser });

describe("Guardian account settings", () => {
  it("is the guardian's Account link and shows their name, without a form to edit it", async () => {
    mockFetch({ "GET /api/auth/me": () => me.clone() });
    renderApp("/guardian/account", { session: sessionFor(guardianUser) });
    expect(await screen.findByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
    const nav = (await screen.findAllByRole("navigation", { name: "Main" }))[0] as HTMLElement;
    expect(within(nav).getByRole("link", { name: "Account" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Learners" })).not.toHaveAttribute("aria-current");
    expect(within(nav).getByRole("link", { name: "Account" })).toHaveAttribute("href", "/guardian/account");

    const profile = (await screen.findByRole("heading", { name: "Profile" })).closest(
      "div.rounded-2xl",
    ) as HTMLElement;
    expect(profile).toHaveTextContent("NameGabi Learner");
    expect(within(profile).queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Change email" })).toHaveTextContent(
      "You sign in with guardian@demo.test.",
    );
  });

  it("changes the password, keeping this session with the new tokens", async () => {
    const { callsTo } = mockFetch({
      "GET /api/auth/me": () => me.clone(),
      "POST /api/auth/change-password": (request) =>
        (request.body as { currentPassword: string }).currentPassword === "demo1234"
          ? jsonResponse(200, { accessToken: "access-2", refreshToken: "refresh-2" })
          : apiError(400, "invalid_current_password", "Your current password is not right", [
              { path: "currentPassword", message: "Your current password is not right" },
            ]),
    });
    const { user } = renderApp("/guardian/account", { session: sessionFor(guardianUser) });
    const form = await screen.findByRole("form", { name: "Change password" });
    await user.type(within(form).getByLabelText("Current password"), "wrong");
    await user.type(within(form).getByLabelText("New password"), "secret12");
    await user.type(within(form).getByLabelText("Confirm new password"), "secret12");
    await user.click(within(form).getByRole("button", { name: "Change password" }));
    expect(await within(form).findByText("Your current password is not right")).toBeInTheDocument();

    await user.clear(within(form).getByLabelText("Current password"));
    await user.type(within(form).getByLabelText("Current password"), "demo1234");
    await user.click(within(form).getByRole("button", { name: "Change password" }));
    expect(await within(form).findByText("Password changed")).toBeInTheDocument();
    expect(callsTo("POST", "/api/auth/change-password").at(-1)?.body).toEqual({
      currentPassword: "demo1234",
      password: "secret12",
      confirmPassword: "secret12",
    });
    expect(authStore.getState()?.accessToken).toBe("access-2");
    expect(authStore.getState()?.refreshToken).toBe("refresh-2");
  });

  it("asks to confirm a new email, keeping the old one meanwhile", async () => {
    const { callsTo } = mockFetch({
      "GET /api/auth/me": () => me.clone(),
      "POST /api/auth/email-change": (request) =>
        jsonResponse(202, { pendingEmail: (request.body as { newEmail: string }).newEmail }),
    });
    const { user } = renderApp("/guardian/account", { session: sessionFor(guardianUser) });
    const form = await screen.findByRole("form", { name: "Change email" });
    await user.type(within(form).getByLabelText("New email"), "gabi@example.com");
    await user.type(within(form).getByLabelText("Current password"), "demo1234");
    await user.click(within(form).getByRole("button", { name: "Send confirmation link" }));
    expect(await within(form).findByText("Confirm your new email")).toBeInTheDocument();
    expect(within(form).getByRole("status")).toHaveTextContent(
      "We sent a link to gabi@example.com. Your email stays guardian@demo.test until you follow it.",
    );
    expect(callsTo("POST", "/api/auth/email-change")[0]?.body).toEqual({
      newEmail: "gabi@example.com",
      currentPassword: "demo1234",
    });
  });

  it("is where a signed-in guardian goes back to after confirming a new email", async () => {
    mockFetch({
      "GET /api/auth/me": () => me.clone(),
      "POST /api/auth/email-change/confirm": jsonResponse(200, { email: "gabi@example.com" }),
    });
    const { user } = renderApp("/confirm-email?token=tok_1", { session: sessionFor(guardianUser) });
    await user.click(await screen.findByRole("button", { name: "Confirm new email" }));
    expect(await screen.findByRole("link", { name: "Back to your account" })).toHaveAttribute(
      "href",
      "/guardian/account",
    );
  });

  it("is for guardians only", async () => {
    mockFetch({ "GET /api/auth/me": jsonResponse(200, { user: studentUser }) });
    const { router } = renderApp("/guardian/account", { session: sessionFor(studentUser) });
    await waitFor(() => expect(router.state.location.pathname).not.toBe("/guardian/account"));
  });
});
