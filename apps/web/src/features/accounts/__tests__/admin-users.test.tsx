import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminUser, pageOf } from "@/test/admin-fixtures";
import { jsonResponse, type MockRequest, mockFetch } from "@/test/fetch-mock";
import { adminUser as adminAccount, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(adminAccount) };

describe("Admin console: users", () => {
  it("lists users with role and Sydney creation date, and searches by name or email", async () => {
    const everyone = [
      adminUser(),
      adminUser({ email: "ivy@example.test", firstName: "Ivy", lastName: "Teacher", role: "INSTRUCTOR" }),
    ];
    const { callsTo } = mockFetch({
      "GET /api/admin/users": ({ path }: MockRequest) => {
        const search = new URL(path, "http://x").searchParams.get("search");
        return jsonResponse(200, pageOf(search ? everyone.filter((u) => u.firstName === "Ivy") : everyone));
      },
    });
    const { user, router } = renderApp("/admin", signedIn);

    expect(await screen.findByRole("heading", { level: 1, name: "Admin console" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Users" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    const sam = within(table).getByRole("row", { name: /Sam Learner/ });
    expect(sam).toHaveTextContent("sam@example.test");
    expect(sam).toHaveTextContent("Student");
    expect(sam).toHaveTextContent("02/03/2026");
    expect(screen.getByText("2 users")).toBeInTheDocument();

    await user.type(screen.getByRole("searchbox", { name: "Search users" }), "ivy");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(within(screen.getByRole("table", { name: "Users" })).getAllByRole("row")).toHaveLength(2),
    );
    expect(callsTo("GET", "/api/admin/users?search=ivy&page=1&pageSize=20")).toHaveLength(1);
    expect(router.state.location.search).toBe("?search=ivy");
    expect(screen.getByRole("table", { name: "Users" })).toHaveTextContent("Ivy Teacher");

    await user.selectOptions(screen.getByLabelText("Role"), "INSTRUCTOR");
    await waitFor(() =>
      expect(callsTo("GET", "/api/admin/users?search=ivy&role=INSTRUCTOR&page=1&pageSize=20")).toHaveLength(
        1,
      ),
    );
  });

  it("checks the search text with the API's rule before searching, and follows the address", async () => {
    const { callsTo } = mockFetch({ "GET /api/admin/users": jsonResponse(200, pageOf([adminUser()])) });
    const { user, router } = renderApp("/admin?search=sam", signedIn);
    const box = await screen.findByRole("searchbox", { name: "Search users" });
    expect(box).toHaveAttribute("placeholder", "Name, email or phone");
    expect(box).toHaveValue("sam");

    await user.clear(box);
    await user.click(box);
    await user.paste("x".repeat(101));
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("search is too long")).toBeInTheDocument();
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(router.state.location.search).toBe("?search=sam");

    await user.clear(box);
    await user.type(box, "  ivy  ");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.search).toBe("?search=ivy"));
    await waitFor(() =>
      expect(callsTo("GET", "/api/admin/users?search=ivy&page=1&pageSize=20")).toHaveLength(1),
    );

    // The address leads: a link to another search fills the box with it.
    await act(() => router.navigate("/admin?search=bob"));
    await waitFor(() => expect(box).toHaveValue("bob"));
  });

  it("pages through users", async () => {
    const { callsTo } = mockFetch({
      "GET /api/admin/users": ({ path }: MockRequest) => {
        const page = Number(new URL(path, "http://x").searchParams.get("page"));
        return jsonResponse(200, pageOf([adminUser({ firstName: `Page${page}` })], 45, page));
      },
    });
    const { user } = renderApp("/admin", signedIn);
    expect(await screen.findByText("1–20 of 45 users")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("21–40 of 45 users")).toBeInTheDocument();
    expect(callsTo("GET", "/api/admin/users?page=2&pageSize=20")).toHaveLength(1);
  });

  it("suspends an account with a required reason, shows the state, and reactivates it", async () => {
    const sam = adminUser({ email: "sam@example.test" });
    let current = sam;
    const { callsTo } = mockFetch({
      "GET /api/admin/users": () =>
        jsonResponse(200, pageOf([adminUser({ ...adminAccount, role: "ADMIN" }), current])),
      [`POST /api/admin/users/${sam.id}/suspend`]: () => {
        current = { ...sam, suspendedAt: "2026-03-05T00:00:00.000Z", suspendedReason: "Three no-shows" };
        return jsonResponse(200, { user: current, lessonsCancelled: 2, refunded: 176 });
      },
      [`POST /api/admin/users/${sam.id}/reactivate`]: () => {
        current = sam;
        return jsonResponse(200, { user: current });
      },
    });
    const { user } = renderApp("/admin", signedIn);
    const table = await screen.findByRole("table", { name: "Users" });
    const row = within(table).getByRole("row", { name: /Sam Learner/ });
    expect(row).toHaveTextContent("Active");
    // No button to suspend yourself.
    expect(screen.queryByRole("button", { name: "Suspend Ada Admin" })).not.toBeInTheDocument();

    await user.click(within(row).getByRole("button", { name: "Suspend Sam Learner" }));
    const dialog = await screen.findByRole("dialog", { name: "Suspend Sam Learner" });
    expect(dialog).toHaveTextContent("cancelled with a full refund");
    await user.click(within(dialog).getByRole("button", { name: "Suspend account" }));
    expect(await within(dialog).findByText("Give a reason")).toBeInTheDocument();
    expect(callsTo("POST", `/api/admin/users/${sam.id}/suspend`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("Reason"), "  Three no-shows ");
    await user.click(within(dialog).getByRole("button", { name: "Suspend account" }));
    expect(
      await screen.findByText(
        "Sam Learner is suspended and signed out everywhere. 2 lessons cancelled, $176.00 refunded to cards.",
      ),
    ).toBeInTheDocument();
    expect(callsTo("POST", `/api/admin/users/${sam.id}/suspend`)[0]?.body).toEqual({
      reason: "Three no-shows",
    });
    const suspendedRow = await within(screen.getByRole("table", { name: "Users" })).findByRole("row", {
      name: /Suspended/,
    });
    expect(suspendedRow).toHaveTextContent("since 05/03/2026");
    expect(suspendedRow).toHaveTextContent("“Three no-shows”");

    await user.click(within(suspendedRow).getByRole("button", { name: "Reactivate Sam Learner" }));
    const again = await screen.findByRole("dialog", { name: "Reactivate Sam Learner" });
    await user.type(within(again).getByLabelText("Reason"), "Resolved");
    await user.click(within(again).getByRole("button", { name: "Reactivate account" }));
    expect(await screen.findByText(/Sam Learner is active again/)).toBeInTheDocument();
    expect(callsTo("POST", `/api/admin/users/${sam.id}/reactivate`)[0]?.body).toEqual({ reason: "Resolved" });
  });
});
