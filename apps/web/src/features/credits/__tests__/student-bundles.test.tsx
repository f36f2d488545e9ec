import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { defined } from "@/test/defined";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { sessionFor, studentProfile, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(studentUser) };

describe("Student bundles page", () => {
  it("shows lessons used of total and the expiry date", async () => {
    const now = Date.now();
    const profile = studentProfile(now);
    defined(profile.bundles[0]).expiresAt = "2099-03-31T13:00:00.000Z"; // 1 April 2099, midnight in Sydney
    mockFetch({ "GET /api/student/profile": jsonResponse(200, profile) });
    renderApp("/student/bundles", signedIn);

    await screen.findByText("3 of 10");
    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("3 of 10");
    expect(items[0]).toHaveTextContent("Expires 01/04/2099");
    // ACL s 48: the price per lesson as paid, GST included, with its ex-GST part.
    expect(items[0]).toHaveTextContent("$77.00 per lesson incl. GST · $70.00 + GST");
    expect(items[0]).toHaveTextContent("7 credits left (7 hours of lessons)");
    expect(within(defined(items[0])).getByRole("progressbar", { name: "Credits used" })).toHaveAttribute(
      "aria-valuenow",
      "3",
    );
    expect(items[1]).toHaveTextContent("5 of 5");
    expect(items[1]).toHaveTextContent("All credits used");
    expect(within(defined(items[1])).queryByRole("link", { name: "Use Bundle" })).not.toBeInTheDocument();
  });

  it("says who bought a bundle for the learner, and nothing on their own", async () => {
    const profile = studentProfile(Date.now());
    defined(profile.bundles[0]).boughtBy = { firstName: "Mei", lastName: "Li" };
    mockFetch({ "GET /api/student/profile": jsonResponse(200, profile) });
    renderApp("/student/bundles", signedIn);

    await screen.findByText("3 of 10");
    const items = screen.getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Bought for you by Mei Li");
    expect(items[1]).not.toHaveTextContent("Bought for you");
  });

  it("keeps the page while the profile loads, then shows the empty state", async () => {
    mockFetch({ "GET /api/student/profile": jsonResponse(200, studentProfile(Date.now(), { bundles: [] })) });
    renderApp("/student/bundles", signedIn);
    await waitFor(() => expect(screen.getByText("No bundles yet")).toBeInTheDocument());
  });
});
