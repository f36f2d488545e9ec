import type { TestPackCreditsResponse, TestPackOptions } from "@kerb/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, jsonResponse, type MockRequest, mockFetch } from "@/test/fetch-mock";
import { sessionFor, studentProfile, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(studentUser) };
const INSTRUCTOR = "a0000000-0000-4000-8000-0000000000a1";
const PAYMENT = "b0000000-0000-4000-8000-0000000000b1";
// 10:30 am on Tue 15/06/2027 in Sydney (AEST, +10:00).
const TEST_AT = "2027-06-15T00:30:00.000Z";

const options: TestPackOptions = {
  centre: {
    id: "st-marys",
    name: "St Marys Driver Testing Centre",
    address: "75–105 Mamre Road",
    suburb: "St Marys",
  },
  suburb: "Parramatta",
  testAt: TEST_AT,
  options: [
    {
      instructorId: INSTRUCTOR,
      firstName: "Daniel",
      lastName: "Cooper",
      rating: 4.8,
      price: 330,
      priceText: "$330.00 incl. GST ($300.00 + GST)",
      priceExGst: 300,
      includesWarmUp: true,
      plan: {
        pickupAt: "2027-06-14T22:55:00.000Z",
        warmUp: { start: "2027-06-14T22:55:00.000Z", end: "2027-06-14T23:55:00.000Z" },
        arriveBy: "2027-06-15T00:15:00.000Z",
        test: { start: TEST_AT, end: "2027-06-15T01:30:00.000Z" },
        dropOffAt: "2027-06-15T01:50:00.000Z",
        toCentreMinutes: 20,
        fromCentreMinutes: 20,
      },
    },
  ],
};

const checkout = {
  payment: { id: PAYMENT, invoiceNumber: "KRB-1", subtotal: 300, gst: 30, amount: 330, holdExpiresAt: null },
};
const paid = {
  payment: {
    id: PAYMENT,
    type: "BOOKINGS",
    status: "PAID",
    provider: "demo",
    currency: "AUD",
    invoiceNumber: "KRB-1",
    subtotal: 300,
    gst: 30,
    amount: 330,
    createdAt: new Date().toISOString(),
    paidAt: new Date().toISOString(),
    lessons: [],
    bundle: null,
  },
};

const noCredits: TestPackCreditsResponse = {
  price: { exGst: 250, gst: 25, total: 275 },
  usable: 0,
  credits: [],
};
const oneCredit: TestPackCreditsResponse = {
  ...noCredits,
  usable: 1,
  credits: [
    {
      id: "c0000000-0000-4000-8000-0000000000c1",
      source: "PURCHASE",
      createdAt: "2027-01-10T00:00:00.000Z",
      expiresAt: "2099-01-10T00:00:00.000Z",
      usedAt: null,
    },
  ],
};

async function fillIn(user: ReturnType<typeof renderApp>["user"]) {
  const form = (await screen.findByRole("button", { name: "Find instructors" })).closest(
    "form",
  ) as HTMLElement;
  // The learner's suburb is chosen for them, and the nearest centre to it.
  await within(form).findByDisplayValue("Parramatta");
  await user.selectOptions(within(form).getByLabelText("Test centre"), "st-marys");
  await user.type(within(form).getByLabelText("Test date"), "2027-06-15");
  await user.type(within(form).getByLabelText("Test time (Sydney)"), "10:30");
  await user.type(within(form).getByLabelText("Pickup address"), "1 Church St");
  return form;
}

describe("Booking a driving test package", () => {
  it("finds who can take the learner, with the day worked back from the test, then books and pays", async () => {
    const holds: unknown[] = [];
    const api = mockFetch({
      "GET /api/student/profile": jsonResponse(200, studentProfile()),
      "GET /api/student/test-packs/options": jsonResponse(200, options),
      "GET /api/student/test-pack-credits": jsonResponse(200, noCredits),
      "POST /api/student/test-packs": ({ body }: MockRequest) => {
        holds.push(body);
        return jsonResponse(201, checkout);
      },
      [`POST /api/student/bookings/batch/confirm/${PAYMENT}`]: jsonResponse(200, paid),
    });
    const { user } = renderApp("/student/test-pack", signedIn);
    const form = await fillIn(user);
    await user.click(within(form).getByRole("button", { name: "Find instructors" }));

    const [asked] = api.calls.filter((c) => c.path.startsWith("/api/student/test-packs/options"));
    expect(new URL(`http://x${asked?.path}`).searchParams.get("testAt")).toBe(TEST_AT);
    const plan = await screen.findByRole("list", { name: "Daniel Cooper's plan for the day" });
    expect(plan).toHaveTextContent("Pick-up 8:55 am: warm-up lesson 8:55 am – 9:55 am");
    expect(plan).toHaveTextContent("At St Marys Driver Testing Centre by 10:15 am (20 min drive)");
    expect(plan).toHaveTextContent("Your test at 10:30 am");
    expect(plan).toHaveTextContent("Back at your pick-up about 11:50 am");
    expect(screen.getByText("$330.00")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Book with Daniel" }));
    expect(
      await screen.findByText(/Test package booked: Daniel picks you up at 8:55 am on 15\/06\/2027/),
    ).toBeInTheDocument();
    expect(holds).toEqual([
      {
        instructorId: INSTRUCTOR,
        centreId: "st-marys",
        testAt: TEST_AT,
        suburb: "Parramatta",
        price: 300,
        pickupLocation: "1 Church St",
      },
    ]);
    expect(api.callsTo("POST", `/api/student/bookings/batch/confirm/${PAYMENT}`)).toHaveLength(1);
  });

  it("says what is missing before asking, and shows the server's refusal", async () => {
    mockFetch({
      "GET /api/student/profile": jsonResponse(200, studentProfile()),
      "GET /api/student/test-packs/options": jsonResponse(200, options),
      "GET /api/student/test-pack-credits": jsonResponse(200, noCredits),
      "POST /api/student/test-packs": apiError(
        409,
        "slot_unavailable",
        "Daniel is no longer free for your whole test morning. Please choose another instructor.",
      ),
    });
    const { user } = renderApp("/student/test-pack", signedIn);
    const form = (await screen.findByRole("button", { name: "Find instructors" })).closest(
      "form",
    ) as HTMLElement;
    await user.click(within(form).getByRole("button", { name: "Find instructors" }));
    expect(within(form).getByText("Enter the date of your test")).toBeInTheDocument();
    expect(within(form).getByText("Enter the time of your test")).toBeInTheDocument();

    await fillIn(user);
    await user.click(within(form).getByRole("button", { name: "Find instructors" }));
    await user.click(await screen.findByRole("button", { name: "Book with Daniel" }));
    expect(await screen.findByText(/no longer free for your whole test morning/)).toBeInTheDocument();
  });

  it("says so when nobody can take the learner", async () => {
    mockFetch({
      "GET /api/student/profile": jsonResponse(200, studentProfile()),
      "GET /api/student/test-packs/options": jsonResponse(200, { ...options, options: [] }),
      "GET /api/student/test-pack-credits": jsonResponse(200, noCredits),
    });
    const { user } = renderApp("/student/test-pack", signedIn);
    const form = await fillIn(user);
    await user.click(within(form).getByRole("button", { name: "Find instructors" }));
    expect(await screen.findByText("Nobody can take you to that test yet")).toBeInTheDocument();
  });
  it("offers the learner's unused credit on each instructor, and books with it without a card", async () => {
    const spent: unknown[] = [];
    const api = mockFetch({
      "GET /api/student/profile": jsonResponse(200, studentProfile()),
      "GET /api/student/test-packs/options": jsonResponse(200, options),
      "GET /api/student/test-pack-credits": jsonResponse(200, oneCredit),
      "POST /api/student/test-packs/with-credit": ({ body }: MockRequest) => {
        spent.push(body);
        return jsonResponse(201, {
          lessonId: "d0000000-0000-4000-8000-0000000000d1",
          creditId: oneCredit.credits[0]?.id,
          instructorId: INSTRUCTOR,
          centre: options.centre,
          suburb: "Parramatta",
          testAt: TEST_AT,
          plan: options.options[0]?.plan,
        });
      },
    });
    const { user } = renderApp("/student/test-pack", signedIn);
    expect(
      await screen.findByText(/You have a test package credit to use by 10\/01\/2099/),
    ).toBeInTheDocument();
    const form = await fillIn(user);
    await user.click(within(form).getByRole("button", { name: "Find instructors" }));

    // Both ways to pay, side by side.
    expect(await screen.findByRole("button", { name: "Pay by card with Daniel" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Use my test-pack credit with Daniel" }));
    expect(
      await screen.findByText(
        /Test package booked with your credit: Daniel picks you up at 8:55 am on 15\/06\/2027/,
      ),
    ).toBeInTheDocument();
    expect(spent).toEqual([
      {
        instructorId: INSTRUCTOR,
        centreId: "st-marys",
        testAt: TEST_AT,
        suburb: "Parramatta",
        pickupLocation: "1 Church St",
      },
    ]);
    expect(api.callsTo("POST", "/api/student/test-packs")).toHaveLength(0);
  });

  it("without a credit, offers only the card, and sells a credit through the card checkout (demo)", async () => {
    let credits = noCredits;
    const bought: unknown[] = [];
    const api = mockFetch({
      "GET /api/student/profile": jsonResponse(200, studentProfile()),
      // Read again once the credit is issued (the learner's queries are refreshed): a fresh answer each time.
      "GET /api/student/test-packs/options": () => jsonResponse(200, options),
      "GET /api/student/test-pack-credits": () => jsonResponse(200, credits),
      "POST /api/student/test-pack-credits/purchase": ({ body }: MockRequest) => {
        bought.push(body);
        return jsonResponse(201, {
          payment: {
            id: PAYMENT,
            invoiceNumber: "KRB-2",
            subtotal: 250,
            gst: 25,
            amount: 275,
            holdExpiresAt: null,
          },
        });
      },
      [`POST /api/student/test-pack-credits/confirm/${PAYMENT}`]: () => {
        credits = oneCredit;
        return jsonResponse(200, {
          payment: { ...paid.payment, type: "TEST_PACK_CREDIT", subtotal: 250, gst: 25, amount: 275 },
        });
      },
    });
    const { user } = renderApp("/student/test-pack", signedIn);
    expect(await screen.findByText("$275.00")).toBeInTheDocument();
    const form = await fillIn(user);
    await user.click(within(form).getByRole("button", { name: "Find instructors" }));
    expect(await screen.findByRole("button", { name: "Book with Daniel" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Use my test-pack credit/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Buy a test-pack credit" }));
    expect(
      await screen.findByRole("button", { name: "Use my test-pack credit with Daniel" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/You have a test package credit to use/)).toBeInTheDocument();
    expect(bought).toEqual([{ price: 250 }]);
    expect(api.callsTo("POST", `/api/student/test-pack-credits/confirm/${PAYMENT}`)).toHaveLength(1);
  });
});
