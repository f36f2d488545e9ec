import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pageOf } from "@/test/admin-fixtures";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { adminUser as adminAccount, sessionFor, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(adminAccount) };

describe("Admin console: layout", () => {
  it("gives admins an Admin link instead of Dashboard, and keeps students out", async () => {
    mockFetch({ "GET /api/admin/users": jsonResponse(200, pageOf([])) });
    renderApp("/admin", signedIn);
    const nav = (await screen.findAllByRole("navigation", { name: "Main" }))[0] as HTMLElement;
    expect(within(nav).getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
    expect(within(nav).queryByRole("link", { name: "Dashboard" })).not.toBeInTheDocument();
    const sections = screen.getByRole("navigation", { name: "Admin sections" });
    expect(
      within(sections)
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual([
      "Users",
      "Instructors",
      "Compliance",
      "Bookings",
      "Payments",
      "Refunds",
      "Payouts",
      "Outbox",
      "Jobs",
      "Revenue",
      "Ledger",
      "Reviews",
      "Audit log",
      "Closure requests",
      "Pass promise",
    ]);
    expect(await screen.findByText("Nobody has signed up yet.")).toBeInTheDocument();
  });

  it("answers /admin/users with the Users tab at /admin", async () => {
    mockFetch({ "GET /api/admin/users": jsonResponse(200, pageOf([])) });
    const { router } = renderApp("/admin/users", signedIn);
    expect(await screen.findByText("Nobody has signed up yet.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/admin");
  });

  it("sends a student away from /admin to /", async () => {
    mockFetch({});
    const { router } = renderApp("/admin/revenue", { session: sessionFor(studentUser) });
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });
});
