import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { adminUser, instructorUser, sessionFor, studentProfile, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";

describe("route guards", () => {
  it.each([
    "/student/dashboard",
    "/student/book",
    "/student/book-lessons?resume=true",
    "/student/bookings",
    "/student/bundles",
    "/instructor/dashboard",
  ])("send a signed-out visitor from %s to /login", async (path) => {
    mockFetch({});
    const { router } = renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome back" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("send an instructor away from student pages to /", async () => {
    mockFetch({});
    const { router } = renderApp("/student/dashboard", { session: sessionFor(instructorUser) });
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByRole("heading", { level: 1, name: /Learn to drive/ })).toBeInTheDocument();
  });

  it("send a student away from the instructor dashboard to /", async () => {
    mockFetch({});
    const { router } = renderApp("/instructor/dashboard", { session: sessionFor(studentUser) });
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("send an admin away from student pages to /", async () => {
    mockFetch({});
    const { router } = renderApp("/student/bookings", { session: sessionFor(adminUser) });
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("let a student through to the booking wizard", async () => {
    mockFetch({});
    renderApp("/student/book-lessons", { session: sessionFor(studentUser) });
    expect(
      await screen.findByRole("heading", { level: 1, name: "How would you like to book?" }),
    ).toBeInTheDocument();
  });

  it("let an instructor through to the instructor dashboard", async () => {
    mockFetch({});
    renderApp("/instructor/dashboard", { session: sessionFor(instructorUser) });
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Ivy" })).toBeInTheDocument();
  });

  it("leave the payment pages unguarded", async () => {
    mockFetch({});
    const { router } = renderApp("/payment/cancelled");
    expect(await screen.findByRole("heading", { level: 1, name: "Payment Cancelled" })).toBeInTheDocument();
    expect(screen.getByText("No charges have been made.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/payment/cancelled");
  });

  it("send the user to /login when the session dies mid-visit", async () => {
    mockFetch({
      "GET /api/student/profile": apiError(401, "token_expired", "Your session has expired"),
      "POST /api/auth/refresh": apiError(401, "unauthorized", "Refresh token is not valid"),
    });
    const { router } = renderApp("/student/dashboard", { session: sessionFor(studentUser) });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(await screen.findByText("Your session has ended. Please log in again.")).toBeInTheDocument();
    expect(window.localStorage.getItem("kerb.auth")).toBeNull();
  });

  it("keep a signed-in student out of /login", async () => {
    mockFetch({ "GET /api/student/profile": jsonResponse(200, studentProfile()) });
    const { router } = renderApp("/login", { session: sessionFor(studentUser) });
    await waitFor(() => expect(router.state.location.pathname).toBe("/student/dashboard"));
  });
});

describe("unknown paths", () => {
  it("show the 404 page", async () => {
    mockFetch({});
    renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { level: 1, name: "Wrong turn" })).toBeInTheDocument();
    expect(screen.getByText("404")).toBeInTheDocument();
  });
});
