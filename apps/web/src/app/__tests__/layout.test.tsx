import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AUTH_STORAGE_KEY } from "@/lib/auth-store";
import { defined } from "@/test/defined";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { instructorUser, sessionFor, studentProfile, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";

describe("layout", () => {
  it("offers Login and Get Started when signed out, and a copyright line", async () => {
    mockFetch({});
    renderApp("/");
    const header = await screen.findByRole("banner");
    expect(within(header).getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    expect(within(header).getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/register");
    expect(within(header).queryByRole("button", { name: "Logout" })).not.toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toHaveTextContent(`© ${new Date().getFullYear()} Kerb`);
  });

  it("shows a student Dashboard, Book Lessons, Payments, their email and Logout", async () => {
    mockFetch({ "GET /api/student/profile": jsonResponse(200, studentProfile()) });
    renderApp("/student/dashboard", { session: sessionFor(studentUser) });
    const header = await screen.findByRole("banner");
    // The signed-in navigation is a chunk of its own: it appears once that has loaded.
    expect((await within(header).findAllByRole("link", { name: "Dashboard" }))[0]).toHaveAttribute(
      "href",
      "/student/dashboard",
    );
    expect(within(header).getAllByRole("link", { name: "Book Lessons" })[0]).toHaveAttribute(
      "href",
      "/student/book",
    );
    expect(within(header).getAllByRole("link", { name: "Payments" })[0]).toHaveAttribute(
      "href",
      "/student/payments",
    );
    expect(within(header).getAllByText("student@demo.test").length).toBeGreaterThan(0);
    expect(within(header).getAllByRole("button", { name: "Logout" }).length).toBeGreaterThan(0);
    expect(within(header).queryByRole("link", { name: "Login" })).not.toBeInTheDocument();
  });

  it("does not show Book Lessons to instructors", async () => {
    mockFetch({});
    renderApp("/instructor/dashboard", { session: sessionFor(instructorUser) });
    const header = await screen.findByRole("banner");
    expect((await within(header).findAllByRole("link", { name: "Dashboard" }))[0]).toHaveAttribute(
      "href",
      "/instructor/dashboard",
    );
    expect(within(header).queryByRole("link", { name: "Book Lessons" })).not.toBeInTheDocument();
    expect(within(header).queryByRole("link", { name: "Payments" })).not.toBeInTheDocument();
  });

  it("logs out through the server and lands signed out on the home page, even if the server fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { callsTo } = mockFetch({
      "GET /api/student/profile": jsonResponse(200, studentProfile()),
      "POST /api/auth/logout": apiError(500, "internal_error", "Something went wrong"),
    });
    const { user, router } = renderApp("/student/dashboard", { session: sessionFor(studentUser) });
    const header = await screen.findByRole("banner");
    await user.click(defined((await within(header).findAllByRole("button", { name: "Logout" }))[0]));

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(callsTo("POST", "/api/auth/logout")[0]?.body).toEqual({ refreshToken: "refresh-1" });
    expect(window.localStorage.getItem("kerb.auth")).toBeNull();
    expect(within(header).getByRole("link", { name: "Login" })).toBeInTheDocument();
  });

  it("has the home page calls to action", async () => {
    mockFetch({});
    renderApp("/");
    const main = await screen.findByRole("main");
    await within(main).findByRole("heading", { level: 1 });
    expect(within(main).getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/register");
    expect(within(main).getByRole("link", { name: "Become an Instructor" })).toHaveAttribute(
      "href",
      "/register?role=instructor",
    );
    expect(within(main).getAllByRole("link", { name: "Book Your Lesson" })[0]).toHaveAttribute(
      "href",
      "/student/book",
    );
    for (const feature of ["Certified Instructors", "Flexible Scheduling", "Competitive Rates"]) {
      expect(within(main).getByRole("heading", { name: feature })).toBeInTheDocument();
    }
    // ACL s 48: the home page names no figure that could leave GST out, and says prices include it.
    expect(main).toHaveTextContent("Clear per-hour prices up front with GST included");
    expect(main.textContent).not.toMatch(/\$\d/);
  });

  it("shows the account's email as it is now, not the one kept from sign-in, and keeps it for the next load", async () => {
    mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, studentProfile()),
      // Changed and confirmed from another device since this browser signed in.
      "GET /api/auth/me": () =>
        jsonResponse(200, { user: { ...studentUser, email: "sam.new@example.com.au" } }),
    });
    renderApp("/student/dashboard", { session: sessionFor(studentUser) });
    const header = await screen.findByRole("banner");
    await waitFor(() =>
      expect(within(header).getAllByText("sam.new@example.com.au").length).toBeGreaterThan(0),
    );
    expect(within(header).queryByText("student@demo.test")).not.toBeInTheDocument();
    // The stored copy (what a reload starts from) was brought in line too.
    expect(JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? "null")?.user.email).toBe(
      "sam.new@example.com.au",
    );
  });
});
