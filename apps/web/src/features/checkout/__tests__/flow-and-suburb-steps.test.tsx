import { SUBURBS } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { renderApp } from "@/test/render";
import { findStepHeading, keepaliveRoute, seedDraft, signedIn, storedDraft } from "./wizard-test-utils";

describe("Flow selection step", () => {
  it("offers Flow A and Flow B and does not save a draft until a flow is chosen", async () => {
    const { callsTo } = mockFetch(keepaliveRoute);
    const { user } = renderApp("/student/book", signedIn);

    await findStepHeading("How would you like to book?");
    expect(screen.getByRole("button", { name: "Buy Bundle" })).toBeInTheDocument();
    // ACL s 48: the bundle price is the one a student pays, GST included, with its ex-GST part.
    expect(
      screen.getByText("From $71.50 per lesson incl. GST ($65.00 + GST) in larger bundles"),
    ).toBeInTheDocument();
    expect(screen.getByText("Flow A")).toBeInTheDocument();
    expect(screen.getByText("Flow B")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Back" })).not.toBeInTheDocument();
    expect(storedDraft()).toBeNull();
    expect(callsTo("POST", "/api/auth/extend-session")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Multi-Select Booking" }));
    await findStepHeading("Where would you like your lessons?");
    expect(storedDraft()).toMatchObject({ flow: "multi_select", currentStep: "suburb_selection" });
    // Entering a booking step extends the session.
    await waitFor(() => expect(callsTo("POST", "/api/auth/extend-session")).toHaveLength(1));
    expect(callsTo("POST", "/api/auth/extend-session")[0]?.body).toEqual({ bookingInProgress: true });
  });

  it("serves /student/book-lessons with the same wizard", async () => {
    mockFetch(keepaliveRoute);
    renderApp("/student/book-lessons", signedIn);
    await findStepHeading("How would you like to book?");
  });

  it("without resume=true asks about an old draft instead of clearing it, and starts fresh when told to", async () => {
    seedDraft({ flow: "bundle", currentStep: "suburb_selection" });
    mockFetch(keepaliveRoute);
    const { user } = renderApp("/student/book", signedIn);
    await findStepHeading("You have an unfinished booking");
    expect(storedDraft()).toMatchObject({ flow: "bundle" });
    await user.click(screen.getByRole("button", { name: "Start a new booking" }));
    await findStepHeading("How would you like to book?");
    expect(storedDraft()).toBeNull();
  });
});

describe("Suburb step", () => {
  it("lists the 12 suburbs alphabetically and filters them as the student types", async () => {
    mockFetch(keepaliveRoute);
    const { user } = renderApp("/student/book", signedIn);
    await user.click(await screen.findByRole("button", { name: "Buy Bundle" }));
    await findStepHeading("Where would you like your lessons?");

    const group = screen.getByRole("radiogroup", { name: "Suburb" });
    const names = within(group)
      .getAllByRole("radio")
      .map((radio) => radio.closest("label")?.textContent);
    expect(names).toEqual([...SUBURBS].sort((a, b) => a.localeCompare(b)));
    expect(names[0]).toBe("Bankstown");
    expect(names.at(-1)).toBe("Sydney CBD");

    await user.type(screen.getByLabelText("Search suburbs"), "syd");
    expect(
      within(group)
        .getAllByRole("radio")
        .map((r) => r.closest("label")?.textContent),
    ).toEqual(["North Sydney", "Sydney CBD"]);
  });

  it('says No suburbs found matching "{search}" when nothing matches', async () => {
    mockFetch(keepaliveRoute);
    const { user } = renderApp("/student/book", signedIn);
    await user.click(await screen.findByRole("button", { name: "Buy Bundle" }));
    await user.type(await screen.findByLabelText("Search suburbs"), "Melbourne");
    expect(screen.getByText('No suburbs found matching "Melbourne"')).toBeInTheDocument();
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
  });

  it("keeps Continue disabled until a suburb is chosen, then moves to the assessment", async () => {
    mockFetch(keepaliveRoute);
    const { user } = renderApp("/student/book", signedIn);
    await user.click(await screen.findByRole("button", { name: "Buy Bundle" }));
    await findStepHeading("Where would you like your lessons?");

    const continueButton = screen.getByRole("button", { name: "Continue" });
    expect(continueButton).toBeDisabled();
    await user.click(screen.getByRole("radio", { name: "Parramatta" }));
    expect(continueButton).toBeEnabled();
    await user.click(continueButton);

    await findStepHeading("Tell us about your driving");
    expect(storedDraft()).toMatchObject({ flow: "bundle", currentStep: "assessment", suburb: "Parramatta" });
  });

  it("goes back to the flow choice", async () => {
    mockFetch(keepaliveRoute);
    const { user } = renderApp("/student/book", signedIn);
    await user.click(await screen.findByRole("button", { name: "Buy Bundle" }));
    await findStepHeading("Where would you like your lessons?");
    await user.click(screen.getByRole("button", { name: "Back" }));
    await findStepHeading("How would you like to book?");
    expect(screen.getByText("Your current choice")).toBeInTheDocument();
  });
});
