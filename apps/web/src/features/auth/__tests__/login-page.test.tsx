import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BOOKING_DRAFT_KEY } from "@/lib/booking-draft";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { adminUser, instructorUser, sessionFor, studentProfile, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";

async function fillAndSubmit(user: ReturnType<typeof renderApp>["user"], email: string, password: string) {
  if (email) await user.type(screen.getByLabelText("Email"), email);
  if (password) await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Log in" }));
}

describe("Login page", () => {
  it("shows the required-field messages and sends nothing", async () => {
    const { calls } = mockFetch({});
    const { user } = renderApp("/login");
    await user.click(await screen.findByRole("button", { name: "Log in" }));

    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Email is required");
    expect(calls).toHaveLength(0);
  });

  it("rejects a malformed email address", async () => {
    mockFetch({});
    const { user } = renderApp("/login");
    await screen.findByRole("button", { name: "Log in" });
    await fillAndSubmit(user, "not-an-email", "demo1234");
    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
    expect(screen.queryByText("Password is required")).not.toBeInTheDocument();
  });

  it("shows the server's message when login fails", async () => {
    const { callsTo } = mockFetch({
      "POST /api/auth/login": apiError(401, "invalid_credentials", "That email and password don't match"),
    });
    const { user } = renderApp("/login");
    await screen.findByRole("button", { name: "Log in" });
    await fillAndSubmit(user, "student@demo.test", "wrong");

    expect(await screen.findByRole("alert")).toHaveTextContent("That email and password don't match");
    // A 401 from login is an answer, not an expired session: no refresh attempt.
    expect(callsTo("POST", "/api/auth/refresh")).toHaveLength(0);
  });

  it('falls back to "Invalid email or password" when the server sends no message', async () => {
    mockFetch({ "POST /api/auth/login": new Response("Bad gateway", { status: 502 }) });
    const { user } = renderApp("/login");
    await screen.findByRole("button", { name: "Log in" });
    await fillAndSubmit(user, "student@demo.test", "demo1234");
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid email or password");
  });

  it("lists the demo accounts and fills the form from them", async () => {
    mockFetch({});
    const { user } = renderApp("/login");
    expect(await screen.findByText("student@demo.test")).toBeInTheDocument();
    expect(screen.getByText("instructor@demo.test")).toBeInTheDocument();
    expect(screen.getByText("admin@demo.test")).toBeInTheDocument();
    expect(screen.getByText("demo1234")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Use the instructor demo account" }));
    expect(screen.getByLabelText("Email")).toHaveValue("instructor@demo.test");
    expect(screen.getByLabelText("Password")).toHaveValue("demo1234");
  });

  it("links to registration", async () => {
    mockFetch({});
    renderApp("/login");
    expect(await screen.findByRole("link", { name: "Create an account" })).toHaveAttribute(
      "href",
      "/register",
    );
  });

  it("signs a student in, stores the session under one key and opens the dashboard", async () => {
    const { callsTo } = mockFetch({
      "POST /api/auth/login": jsonResponse(200, sessionFor(studentUser)),
      "GET /api/student/profile": jsonResponse(200, studentProfile()),
    });
    const { user, router } = renderApp("/login");
    await screen.findByRole("button", { name: "Log in" });
    await fillAndSubmit(user, " Student@Demo.test ", "demo1234");

    await waitFor(() => expect(router.state.location.pathname).toBe("/student/dashboard"));
    expect(callsTo("POST", "/api/auth/login")[0]?.body).toEqual({
      email: "student@demo.test",
      password: "demo1234",
    });
    const stored = JSON.parse(window.localStorage.getItem("kerb.auth") ?? "null");
    expect(stored).toMatchObject({
      accessToken: "access-1",
      refreshToken: "refresh-1",
      user: { role: "STUDENT" },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Sam" })).toBeInTheDocument();
  });

  it("sends a student with a saved booking draft back to the wizard", async () => {
    window.localStorage.setItem(
      BOOKING_DRAFT_KEY,
      JSON.stringify({ flow: "bundle", currentStep: "assessment", timestamp: Date.now() - 30 * 60_000 }),
    );
    mockFetch({ "POST /api/auth/login": jsonResponse(200, sessionFor(studentUser)) });
    const { user, router } = renderApp("/login");
    await screen.findByRole("button", { name: "Log in" });
    await fillAndSubmit(user, "student@demo.test", "demo1234");

    await waitFor(() => expect(router.state.location.pathname).toBe("/student/book-lessons"));
    // Only resume=true is this page's doing; the wizard may already have added its step to the address.
    expect(new URLSearchParams(router.state.location.search).get("resume")).toBe("true");
  });

  it("ignores a booking draft older than two hours", async () => {
    window.localStorage.setItem(
      BOOKING_DRAFT_KEY,
      JSON.stringify({ flow: "bundle", currentStep: "assessment", timestamp: Date.now() - 121 * 60_000 }),
    );
    mockFetch({
      "POST /api/auth/login": jsonResponse(200, sessionFor(studentUser)),
      "GET /api/student/profile": jsonResponse(200, studentProfile()),
    });
    const { user, router } = renderApp("/login");
    await screen.findByRole("button", { name: "Log in" });
    await fillAndSubmit(user, "student@demo.test", "demo1234");

    await waitFor(() => expect(router.state.location.pathname).toBe("/student/dashboard"));
    expect(window.localStorage.getItem(BOOKING_DRAFT_KEY)).toBeNull();
  });

  it.each([
    ["an instructor", instructorUser, "/instructor/dashboard"],
    ["an admin", adminUser, "/"],
  ] as const)("sends %s to the right place", async (_label, account, destination) => {
    mockFetch({ "POST /api/auth/login": jsonResponse(200, sessionFor(account)) });
    const { user, router } = renderApp("/login");
    await screen.findByRole("button", { name: "Log in" });
    await fillAndSubmit(user, account.email, "demo1234");
    await waitFor(() => expect(router.state.location.pathname).toBe(destination));
  });

  it("sends an admin to / (spec §4), where the way into the console is in view", async () => {
    mockFetch({ "POST /api/auth/login": jsonResponse(200, sessionFor(adminUser)) });
    const { user, router } = renderApp("/login");
    await screen.findByRole("button", { name: "Log in" });
    await fillAndSubmit(user, adminUser.email, "demo1234");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    const bar = await screen.findByRole("region", { name: "Operator console" });
    expect(within(bar).getByRole("link", { name: "Open the operator console" })).toHaveAttribute(
      "href",
      "/admin",
    );
  });

  it("goes back to the page that asked for a sign-in (returnTo), and only to a page of this app", async () => {
    mockFetch({ "POST /api/auth/login": jsonResponse(200, sessionFor(instructorUser)) });
    const back = "/payment/confirmed?payment_id=d0000000-0000-4000-8000-000000000009";
    const { user, router } = renderApp(`/login?returnTo=${encodeURIComponent(back)}`);
    await screen.findByRole("button", { name: "Log in" });
    await fillAndSubmit(user, instructorUser.email, "demo1234");
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(back),
    );
  });

  it.each(["//evil.test/x", "https://evil.test/", "/\\evil.test"])(
    "ignores a returnTo of another site (%s)",
    async (returnTo) => {
      mockFetch({ "POST /api/auth/login": jsonResponse(200, sessionFor(instructorUser)) });
      const { user, router } = renderApp(`/login?returnTo=${encodeURIComponent(returnTo)}`);
      await screen.findByRole("button", { name: "Log in" });
      await fillAndSubmit(user, instructorUser.email, "demo1234");
      await waitFor(() => expect(router.state.location.pathname).toBe("/instructor/dashboard"));
    },
  );
});
