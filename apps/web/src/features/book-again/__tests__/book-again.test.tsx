import type { BookAgainOffer } from "@kerb/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { DAY, HOUR, iso, sessionFor, studentProfile, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(studentUser) };
const LESSON_ID = "b0000000-0000-4000-8000-000000000004";
const BUNDLE_ID = "a0000000-0000-4000-8000-000000000009";
const INSTRUCTOR = { id: "c0000000-0000-4000-8000-000000000001", firstName: "Ivy", lastName: "Teacher" };

/** Sydney 10:00 on a day well ahead (AEDT in December: 23:00 UTC the day before). */
const base = Date.parse("2026-12-07T23:00:00.000Z");

function offer(overrides: Partial<BookAgainOffer> = {}): BookAgainOffer {
  return {
    fromLessonId: LESSON_ID,
    fromLessonStartTime: "2026-11-30T23:00:00.000Z",
    instructor: INSTRUCTOR,
    suburb: "Parramatta",
    pickupLocation: "12 George St",
    lessonMinutes: 60,
    slots: [0, 1, 2, 3, 4].map((i) => ({
      startTime: iso(base + i * DAY),
      endTime: iso(base + i * DAY + HOUR),
      price: 80,
      priceInclGst: 88,
      isPoolHours: false,
    })),
    payment: { method: "card" },
    ...overrides,
  };
}

const bookedLesson = (startTime: string, endTime: string) => ({
  id: "d0000000-0000-4000-8000-000000000001",
  startTime,
  endTime,
  status: "SCHEDULED",
  price: 80,
  isPoolHours: false,
  pickupLocation: "12 George St",
  instructor: INSTRUCTOR,
});

const paidPayment = (startTime: string, endTime: string) => ({
  id: "e0000000-0000-4000-8000-000000000001",
  type: "BOOKINGS",
  status: "PAID",
  provider: "demo",
  currency: "AUD",
  invoiceNumber: "KRB-2026-000123",
  subtotal: 80,
  gst: 8,
  amount: 88,
  createdAt: iso(base - DAY),
  paidAt: iso(base - DAY),
  lessons: [bookedLesson(startTime, endTime)],
  bundle: null,
});

describe("Book again on the student dashboard", () => {
  it("offers the next three times with the last instructor and More times", async () => {
    mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, studentProfile()),
      "GET /api/student/book-again": () => jsonResponse(200, { offer: offer() }),
    });
    renderApp("/student/dashboard", signedIn);

    const card = (await screen.findByRole("heading", { name: "Book again with Ivy" })).closest(
      ".rounded-2xl",
    );
    const scope = within(card as HTMLElement);
    expect(scope.getByText("60 minutes · pickup 12 George St, Parramatta")).toBeInTheDocument();
    const times = scope.getByRole("list", { name: "Next times with Ivy" });
    expect(within(times).getAllByRole("button")).toHaveLength(3);
    expect(
      scope.getByRole("button", { name: "Choose Tue 08/12/2026, 10:00 am – 11:00 am, $88.00 incl. GST" }),
    ).toBeInTheDocument();
    expect(scope.getByRole("link", { name: "More times" })).toHaveAttribute(
      "href",
      `/student/bookings/${LESSON_ID}/book-again`,
    );
  });

  it("shows no card when there is no lesson to repeat", async () => {
    mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, studentProfile()),
      "GET /api/student/book-again": () => jsonResponse(200, { offer: null }),
    });
    renderApp("/student/dashboard", signedIn);
    await screen.findByRole("heading", { name: "Upcoming Lessons" });
    await screen.findByText("7 lessons available");
    expect(screen.queryByRole("heading", { name: /Book again/ })).not.toBeInTheDocument();
  });

  it("choose a time, confirm: the summary, then the batch checkout and its demo confirm, then the booked lesson", async () => {
    const chosen = offer().slots[1];
    if (!chosen) throw new Error("no slot");
    const { callsTo } = mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, studentProfile()),
      "GET /api/student/book-again": () => jsonResponse(200, { offer: offer() }),
      "POST /api/student/bookings/batch": jsonResponse(201, {
        payment: {
          id: "e0000000-0000-4000-8000-000000000001",
          invoiceNumber: "KRB-2026-000123",
          subtotal: 80,
          gst: 8,
          amount: 88,
          holdExpiresAt: iso(base),
        },
      }),
      "POST /api/student/bookings/batch/confirm/e0000000-0000-4000-8000-000000000001": jsonResponse(200, {
        payment: paidPayment(chosen.startTime, chosen.endTime),
      }),
    });
    const { user } = renderApp("/student/dashboard", signedIn);

    await user.click(await screen.findByRole("button", { name: /^Choose Wed 09\/12\/2026, 10:00 am/ }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm your lesson" });
    const summary = within(dialog);
    for (const [term, value] of [
      ["Instructor", "Ivy Teacher"],
      ["Date", "Wed 09/12/2026"],
      ["Time", "10:00 am – 11:00 am"],
      ["Length", "60 minutes"],
      ["Pickup", "12 George St, Parramatta"],
      ["Paid with", "Card"],
    ] as const) {
      expect(summary.getByText(term).nextElementSibling).toHaveTextContent(value);
    }
    expect(summary.getByText("Price").nextElementSibling).toHaveTextContent(
      "$88.00 incl. GST · $80.00 + GST",
    );
    expect(callsTo("POST", "/api/student/bookings/batch")).toHaveLength(0);

    await user.click(summary.getByRole("button", { name: "Confirm and pay $88.00" }));
    expect(
      await screen.findByText("Booked: Wed 09/12/2026, 10:00 am – 11:00 am", { exact: false }),
    ).toBeInTheDocument();
    const [hold] = callsTo("POST", "/api/student/bookings/batch");
    expect(hold?.body).toEqual({
      suburb: "Parramatta",
      bookings: [
        {
          instructorId: INSTRUCTOR.id,
          startTime: chosen.startTime,
          endTime: chosen.endTime,
          price: 80,
          isPoolHours: false,
          pickupLocation: "12 George St",
        },
      ],
    });
    expect(hold?.headers.get("Idempotency-Key")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See my bookings" })).toHaveAttribute(
      "href",
      "/student/bookings",
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("pays with the saved card off-session; once it is declined, Confirm goes to the card page", async () => {
    const chosen = offer().slots[0];
    if (!chosen) throw new Error("no slot");
    const CARD_ID = "f0000000-0000-4000-8000-000000000001";
    const PAYMENT_ID = "e0000000-0000-4000-8000-000000000002";
    let holds = 0;
    const { callsTo } = mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, studentProfile()),
      "GET /api/student/book-again": () => jsonResponse(200, { offer: offer() }),
      "GET /api/student/saved-cards": jsonResponse(200, {
        cards: [
          {
            id: CARD_ID,
            provider: "stripe",
            brand: "Visa",
            last4: "4242",
            expMonth: 4,
            expYear: 2031,
            createdAt: "2026-11-01T00:00:00.000Z",
          },
        ],
      }),
      "POST /api/student/bookings/batch": () => {
        holds += 1;
        return holds === 1
          ? apiError(402, "card_declined", "Your bank declined the saved card. Nothing was booked.")
          : jsonResponse(201, {
              payment: {
                id: PAYMENT_ID,
                invoiceNumber: "KRB-2026-000124",
                subtotal: 80,
                gst: 8,
                amount: 88,
                holdExpiresAt: iso(base),
              },
            });
      },
      [`POST /api/student/bookings/batch/confirm/${PAYMENT_ID}`]: jsonResponse(200, {
        payment: paidPayment(chosen.startTime, chosen.endTime),
      }),
    });
    const { user } = renderApp("/student/dashboard", signedIn);

    await user.click(await screen.findByRole("button", { name: /^Choose Tue 08\/12\/2026, 10:00 am/ }));
    const dialog = within(await screen.findByRole("dialog", { name: "Confirm your lesson" }));
    expect(await dialog.findByText("Visa •••• 4242")).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Confirm and pay $88.00" }));
    expect(await dialog.findByText(/Your bank declined the saved card/)).toBeInTheDocument();
    expect(callsTo("POST", "/api/student/bookings/batch")[0]?.body).toMatchObject({ savedCardId: CARD_ID });

    // The declined card is not offered again: the second try is the ordinary card checkout.
    expect(dialog.getByText("Paid with").nextElementSibling).toHaveTextContent("Card");
    await user.click(dialog.getByRole("button", { name: "Confirm and pay $88.00" }));
    expect(
      await screen.findByText("Booked: Tue 08/12/2026, 10:00 am – 11:00 am", { exact: false }),
    ).toBeInTheDocument();
    expect(callsTo("POST", "/api/student/bookings/batch")[1]?.body).not.toHaveProperty("savedCardId");
  });

  it("pays with the bundle's credits when the offer says so, in one request", async () => {
    const withCredits = offer({
      payment: { method: "credits", bundleId: BUNDLE_ID, creditsNeeded: 1, creditsLeft: 4 },
    });
    const chosen = withCredits.slots[0];
    if (!chosen) throw new Error("no slot");
    const { callsTo } = mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, studentProfile()),
      "GET /api/student/book-again": () => jsonResponse(200, { offer: withCredits }),
      [`POST /api/student/bundles/${BUNDLE_ID}/bookings`]: jsonResponse(201, {
        bundle: { id: BUNDLE_ID, totalLessons: 10, usedLessons: 7, expiresAt: iso(base + 200 * DAY) },
        bookings: [
          {
            ...bookedLesson(chosen.startTime, chosen.endTime),
            price: 70,
            paymentId: null,
            bundleId: BUNDLE_ID,
            holdExpiresAt: null,
            refund: null,
          },
        ],
      }),
    });
    const { user } = renderApp("/student/dashboard", signedIn);
    await user.click(await screen.findByRole("button", { name: /^Choose Tue 08\/12\/2026/ }));
    const dialog = within(await screen.findByRole("dialog", { name: "Confirm your lesson" }));
    expect(dialog.getByText("Price").nextElementSibling).toHaveTextContent("1 bundle credit");
    expect(dialog.getByText("Paid with").nextElementSibling).toHaveTextContent(
      "Your bundle: 4 credits left, 3 credits after this",
    );
    await user.click(dialog.getByRole("button", { name: "Confirm and use 1 credit" }));
    expect(await screen.findByText(/Booked: Tue 08\/12\/2026/)).toBeInTheDocument();
    expect(callsTo("POST", `/api/student/bundles/${BUNDLE_ID}/bookings`)[0]?.body).toEqual({
      bookings: [{ startTime: chosen.startTime, endTime: chosen.endTime, pickupLocation: "12 George St" }],
    });
    expect(callsTo("POST", "/api/student/bookings/batch")).toHaveLength(0);
  });

  it("says why in the dialog when the time was taken meanwhile, and books nothing", async () => {
    const { callsTo } = mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, studentProfile()),
      "GET /api/student/book-again": () => jsonResponse(200, { offer: offer() }),
      "POST /api/student/bookings/batch": apiError(
        409,
        "slot_unavailable",
        "One of the chosen times has just been taken. Please choose another.",
      ),
    });
    const { user } = renderApp("/student/dashboard", signedIn);
    await user.click(await screen.findByRole("button", { name: /^Choose Tue 08\/12\/2026/ }));
    const dialog = within(await screen.findByRole("dialog", { name: "Confirm your lesson" }));
    await user.click(dialog.getByRole("button", { name: "Confirm and pay $88.00" }));
    expect(
      await dialog.findByText("One of the chosen times has just been taken. Please choose another."),
    ).toBeInTheDocument();
    expect(callsTo("POST", "/api/student/bookings/batch")).toHaveLength(1);
    expect(screen.queryByText(/^Booked:/)).not.toBeInTheDocument();
  });
});

describe("Book again page", () => {
  it("lists every offered time for the lesson", async () => {
    mockFetch({
      [`GET /api/student/lessons/${LESSON_ID}/book-again`]: () => jsonResponse(200, { offer: offer() }),
    });
    renderApp(`/student/bookings/${LESSON_ID}/book-again`, signedIn);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Book again with Ivy Teacher" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/60 minutes · pickup 12 George St, Parramatta, as your lesson on 01\/12\/2026/),
    ).toBeInTheDocument();
    const times = screen.getByRole("list", { name: "Next times with Ivy" });
    expect(within(times).getAllByRole("button")).toHaveLength(5);
    expect(screen.getByRole("link", { name: "Open the booking calendar" })).toHaveAttribute(
      "href",
      "/student/book",
    );
  });

  it("says why a lesson cannot be booked again and offers the wizard", async () => {
    mockFetch({
      [`GET /api/student/lessons/${LESSON_ID}/book-again`]: apiError(
        409,
        "instructor_unavailable",
        "Ivy no longer teaches in Parramatta, so this lesson cannot be booked again. Choose another instructor there to book a lesson.",
      ),
    });
    renderApp(`/student/bookings/${LESSON_ID}/book-again`, signedIn);
    expect(await screen.findByText(/Ivy no longer teaches in Parramatta/)).toBeInTheDocument();
    const main = within(screen.getByRole("main"));
    expect(main.getByText("This lesson can't be booked again")).toBeInTheDocument();
    expect(main.getByRole("link", { name: "Book a lesson" })).toHaveAttribute("href", "/student/book");
  });
});

describe("Book again on My bookings", () => {
  it("a completed lesson has Book again; scheduled ones do not", async () => {
    mockFetch({ "GET /api/student/profile": () => jsonResponse(200, studentProfile()) });
    renderApp("/student/bookings", signedIn);
    const links = await screen.findAllByRole("link", { name: "Book again with Ivy Teacher" });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute("href", `/student/bookings/${LESSON_ID}/book-again`);
  });
});
