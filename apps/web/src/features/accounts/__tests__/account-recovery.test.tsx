import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { renderApp } from "@/test/render";

describe("Forgot password", () => {
  it("is linked from the login page", async () => {
    mockFetch({});
    const { user, router } = renderApp("/login");
    await user.click(await screen.findByRole("link", { name: "Forgot password?" }));
    expect(await screen.findByRole("heading", { name: "Forgot your password?" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/forgot-password");
  });

  it("validates the email, then says the same thing whether or not the account exists", async () => {
    const { calls } = mockFetch({ "POST /api/auth/forgot-password": jsonResponse(202, { accepted: true }) });
    const { user } = renderApp("/forgot-password");
    await user.click(await screen.findByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Email is required");
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText("Email"), "Someone@Example.com");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "If an account exists for someone@example.com, we've sent it a link",
    );
    expect(calls[0]?.body).toEqual({ email: "someone@example.com" });
  });
});

describe("Reset password", () => {
  it("uses the register form's password rules and mismatch message", async () => {
    const { calls } = mockFetch({});
    const { user } = renderApp("/reset-password?token=abc_DEF-123");
    await user.type(await screen.findByLabelText("New password"), "abc");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText("Password must be at least 4 characters")).toBeInTheDocument();

    await user.clear(screen.getByLabelText("New password"));
    await user.type(screen.getByLabelText("New password"), "secret12");
    await user.type(screen.getByLabelText("Confirm new password"), "secret13");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText("Passwords do not match")).toBeInTheDocument();
    expect(screen.getByLabelText("Confirm new password")).toHaveAttribute("aria-invalid", "true");
    expect(calls).toHaveLength(0);
  });

  it("sends the token from the link and points to log in afterwards", async () => {
    const { calls } = mockFetch({ "POST /api/auth/reset-password": jsonResponse(200, { ok: true }) });
    const { user } = renderApp("/reset-password?token=abc_DEF-123");
    await user.type(await screen.findByLabelText("New password"), "secret12");
    await user.type(screen.getByLabelText("Confirm new password"), "secret12");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText("Your password has been changed")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    expect(calls[0]?.body).toEqual({
      token: "abc_DEF-123",
      password: "secret12",
      confirmPassword: "secret12",
    });
  });

  it("offers a new link when the token is used or expired", async () => {
    mockFetch({
      "POST /api/auth/reset-password": apiError(
        400,
        "invalid_reset_token",
        "This password reset link is invalid",
      ),
    });
    const { user } = renderApp("/reset-password?token=old");
    await user.type(await screen.findByLabelText("New password"), "secret12");
    await user.type(screen.getByLabelText("Confirm new password"), "secret12");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("This password reset link is invalid");
    expect(within(alert).getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });

  it("explains a link without a token", async () => {
    mockFetch({});
    renderApp("/reset-password");
    expect(await screen.findByRole("alert")).toHaveTextContent("This link is incomplete");
  });
});

describe("Confirm email", () => {
  it("switches the email only when the button is pressed", async () => {
    const { calls } = mockFetch({
      "POST /api/auth/email-change/confirm": jsonResponse(200, { email: "new@example.com" }),
    });
    const { user } = renderApp("/confirm-email?token=tok_1");
    const button = await screen.findByRole("button", { name: "Confirm new email" });
    expect(calls).toHaveLength(0);
    await user.click(button);
    expect(await screen.findByText(/You now sign in with/)).toHaveTextContent("new@example.com");
    expect(calls[0]?.body).toEqual({ token: "tok_1" });
  });

  it("shows the server's reason when the address was taken meanwhile", async () => {
    mockFetch({
      "POST /api/auth/email-change/confirm": apiError(
        409,
        "email_taken",
        "An account with this email already exists.",
      ),
    });
    const { user } = renderApp("/confirm-email?token=tok_1");
    await user.click(await screen.findByRole("button", { name: "Confirm new email" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("An account with this email already exists.");
  });
});
