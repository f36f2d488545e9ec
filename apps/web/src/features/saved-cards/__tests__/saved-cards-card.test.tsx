/**
 * "Saved cards" on the learner's and the guardian's account page (issue 34, decision 041): listed by
 * brand, last four and expiry; removed after a confirmation; saved on the provider's page (or at once in
 * demo mode, said so), and confirmed with the server when the browser comes back.
 */
import type { SavedCard, StudentAccount } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { guardianUser, sessionFor, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const account: StudentAccount = {
  id: studentUser.id,
  email: studentUser.email,
  pendingEmail: null,
  firstName: "Sam",
  lastName: "Learner",
  phone: "0400 000 000",
  suburb: "Parramatta",
  licenseType: "AUTOMATIC",
};

const visa: SavedCard = {
  id: "e0000000-0000-4000-8000-000000000001",
  provider: "stripe",
  brand: "Visa",
  last4: "4242",
  expMonth: 4,
  expYear: 2031,
  createdAt: "2026-11-01T00:00:00.000Z",
};

function studentAccountPage(routes: Parameters<typeof mockFetch>[0], path = "/student/account") {
  const mocked = mockFetch({
    "GET /api/student/account": jsonResponse(200, account),
    // The other cards of the page are not under test here.
    "GET /api/student/assessment": apiError(500, "internal_error", "not under test"),
    "GET /api/student/guardians": apiError(500, "internal_error", "not under test"),
    ...routes,
  });
  return { ...mocked, ...renderApp(path, { session: sessionFor(studentUser) }) };
}

const cardsSection = async () =>
  (await screen.findByRole("heading", { name: "Saved cards" })).closest("div.rounded-2xl") as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe("Saved cards card", () => {
  it("lists a card as brand •••• last4 with its MM/YY expiry, and removes it after a confirmation", async () => {
    let cards = [visa];
    const { user, callsTo } = studentAccountPage({
      "GET /api/student/saved-cards": () => jsonResponse(200, { cards }),
      [`DELETE /api/student/saved-cards/${visa.id}`]: () => {
        cards = [];
        return jsonResponse(200, { cards });
      },
    });
    const section = await cardsSection();
    const list = await within(section).findByRole("list", { name: "Your saved cards" });
    expect(list).toHaveTextContent("Visa •••• 4242");
    expect(list).toHaveTextContent("Expires 04/31");

    await user.click(within(list).getByRole("button", { name: "Remove Visa •••• 4242" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove Visa •••• 4242?" });
    expect(dialog).toHaveTextContent("Payments already made with it");
    await user.click(within(dialog).getByRole("button", { name: "Remove card" }));
    await waitFor(() => expect(callsTo("DELETE", `/api/student/saved-cards/${visa.id}`)).toHaveLength(1));
    expect(await within(section).findByText("You have no saved cards.")).toBeVisible();
    expect(within(section).getByRole("status")).toHaveTextContent("Visa •••• 4242 was removed.");
  });

  it("in demo mode saves the demo card at once and says it is not a real card", async () => {
    const demo: SavedCard = { ...visa, provider: "demo", brand: "Demo card", expMonth: 12, expYear: 2099 };
    let cards: SavedCard[] = [];
    const { user } = studentAccountPage({
      "GET /api/student/saved-cards": () => jsonResponse(200, { cards }),
      "POST /api/student/saved-cards": () => {
        cards = [demo];
        return jsonResponse(201, { card: demo });
      },
    });
    const section = await cardsSection();
    expect(await within(section).findByText("You have no saved cards.")).toBeVisible();
    await user.click(within(section).getByRole("button", { name: "Save a card" }));
    expect(await within(section).findByRole("list", { name: "Your saved cards" })).toHaveTextContent(
      "Demo card •••• 4242",
    );
    expect(within(section).getByText("Demo: no real card")).toBeVisible();
    expect(within(section).getByRole("status")).toHaveTextContent("demo mode: no real card");
  });

  it("sends the browser to the card provider's page to save a card", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const { user } = studentAccountPage({
      "GET /api/student/saved-cards": jsonResponse(200, { cards: [] }),
      "POST /api/student/saved-cards": jsonResponse(201, {
        setupUrl: "https://checkout.example.test/setup/cs_1",
      }),
    });
    const section = await cardsSection();
    await user.click(await within(section).findByRole("button", { name: "Save a card" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.example.test/setup/cs_1"));
  });

  it("back from the provider's page, asks the server to check the card once and shows it saved", async () => {
    let cards: SavedCard[] = [];
    const { callsTo } = studentAccountPage(
      {
        "GET /api/student/saved-cards": () => jsonResponse(200, { cards }),
        "POST /api/student/saved-cards/confirm": () => {
          cards = [visa];
          return jsonResponse(200, { card: visa });
        },
      },
      "/student/account?card_setup=return&session_id=cs_test_setup_7",
    );
    const section = await cardsSection();
    expect(await within(section).findByRole("list", { name: "Your saved cards" })).toHaveTextContent(
      "Visa •••• 4242",
    );
    expect(within(section).getByRole("status")).toHaveTextContent(
      "Visa •••• 4242 is saved for your next payment.",
    );
    expect(callsTo("POST", "/api/student/saved-cards/confirm").map((c) => c.body)).toEqual([
      { sessionId: "cs_test_setup_7" },
    ]);
  });

  it("is on the guardian's account page too, with the guardian's own cards", async () => {
    mockFetch({
      "GET /api/auth/me": () => jsonResponse(200, { user: guardianUser }),
      "GET /api/guardian/saved-cards": jsonResponse(200, {
        cards: [{ ...visa, brand: "Mastercard", last4: "0005" }],
      }),
    });
    renderApp("/guardian/account", { session: sessionFor(guardianUser) });
    const section = await cardsSection();
    expect(await within(section).findByRole("list", { name: "Your saved cards" })).toHaveTextContent(
      "Mastercard •••• 0005",
    );
  });
});
