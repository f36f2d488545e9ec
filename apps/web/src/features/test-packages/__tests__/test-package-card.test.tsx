import type { InstructorAccount, TestPackageOffer } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { instructorUser, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(instructorUser) };

const account: InstructorAccount = {
  id: instructorUser.id,
  email: instructorUser.email,
  pendingEmail: null,
  firstName: "Ivy",
  lastName: "Instructor",
  phone: "0400 000 001",
  bio: null,
  languages: ["English"],
  gender: null,
  licenseNumber: "12345678",
  wwcNumber: "WWC1234567E",
  vehicleType: "AUTOMATIC",
  verificationStatus: "VERIFIED",
};

const neverSaved: TestPackageOffer = {
  enabled: false,
  price: null,
  consumerPrice: null,
  includesWarmUp: true,
  warmUpMinutes: 60,
  centres: [],
  updatedAt: null,
};

async function card() {
  return (await screen.findByRole("form", { name: "Test packages" })) as HTMLElement;
}

describe("Driving-test packages card", () => {
  it("turns packages on with a price and centres, shows the learner's price with GST, and sends the offer", async () => {
    const { calls } = mockFetch({
      "GET /api/instructor/account": jsonResponse(200, account),
      "GET /api/instructor/test-package": jsonResponse(200, neverSaved),
      "PUT /api/instructor/test-package": jsonResponse(200, {
        enabled: true,
        price: 300,
        consumerPrice: 330,
        includesWarmUp: true,
        warmUpMinutes: 60,
        centres: [
          {
            id: "st-marys",
            name: "St Marys Driver Testing Centre",
            address: "75–105 Mamre Road, St Marys NSW 2760",
            suburb: "St Marys",
          },
        ],
        updatedAt: "2099-01-05T00:00:00.000Z",
      }),
    });
    const { user } = renderApp("/instructor/account", signedIn);
    const form = await card();
    await user.click(within(form).getByLabelText("Offer test packages"));
    await user.type(within(form).getByLabelText("Package price (dollars, before GST)"), "300");
    expect(within(form).getByText("Learners pay $330.00 incl. GST ($300.00 + GST).")).toBeInTheDocument();
    await user.click(within(form).getByLabelText(/St Marys Driver Testing Centre/));
    await user.click(within(form).getByRole("button", { name: "Save test packages" }));

    expect(
      await within(form).findByText(
        "Test packages on: learners pay $330.00 incl. GST ($300.00 + GST), with a warm-up lesson, at 1 centre.",
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([
      { enabled: true, price: 300, includesWarmUp: true, centreIds: ["st-marys"] },
    ]);
  });

  it("asks for a centre before sending an offer switched on, in the API's words", async () => {
    const { calls } = mockFetch({
      "GET /api/instructor/account": jsonResponse(200, account),
      "GET /api/instructor/test-package": jsonResponse(200, neverSaved),
    });
    const { user } = renderApp("/instructor/account", signedIn);
    const form = await card();
    await user.click(within(form).getByLabelText("Offer test packages"));
    await user.type(within(form).getByLabelText("Package price (dollars, before GST)"), "300.005");
    await user.click(within(form).getByRole("button", { name: "Save test packages" }));
    expect(await within(form).findByText("Package price must be in whole cents")).toBeInTheDocument();
    expect(
      within(form).getByText(
        "Choose at least one test centre you take learners to, or turn test packages off",
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);
  });

  it("says what went wrong when the server refuses the offer", async () => {
    mockFetch({
      "GET /api/instructor/account": jsonResponse(200, account),
      "GET /api/instructor/test-package": jsonResponse(200, {
        ...neverSaved,
        price: 250,
        consumerPrice: 275,
      }),
      "PUT /api/instructor/test-package": apiError(
        400,
        "validation_error",
        "We don't know that test centre.",
      ),
    });
    const { user } = renderApp("/instructor/account", signedIn);
    const form = await card();
    expect(within(form).getByLabelText("Package price (dollars, before GST)")).toHaveValue(250);
    await user.click(within(form).getByRole("button", { name: "Save test packages" }));
    await waitFor(() =>
      expect(within(form).getByRole("alert")).toHaveTextContent("We don't know that test centre."),
    );
  });
});
