import type { StudentProfileBooking, StudentProfileBundle } from "@kerb/shared";
import { addDaysToDate } from "@kerb/shared/rules";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { listing, query, signedIn, slotAt, summary, today } from "@/test/booking-fixtures";
import { defined } from "@/test/defined";
import { apiError, jsonResponse, type MockRequest, mockFetch } from "@/test/fetch-mock";
import { DAY, iso, studentProfile } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const olivia = { id: "c0000000-0000-4000-8000-0000000000aa", firstName: "Olivia", lastName: "Brown" };
const bundleId = "a0000000-0000-4000-8000-0000000000b1";
const path = `/student/bundles/${bundleId}/book`;
const date = addDaysToDate(today(), 2);

function bundleOf(fields: Partial<StudentProfileBundle> = {}): StudentProfileBundle {
  return {
    id: bundleId,
    totalLessons: 10,
    usedLessons: 8,
    pricePerLesson: 70,
    expiresAt: iso(Date.now() + 200 * DAY),
    createdAt: iso(Date.now() - 30 * DAY),
    instructor: olivia,
    suburb: "Parramatta",
    instructorBookable: true,
    expired: false,
    boughtBy: null,
    ...fields,
  };
}

// Olivia has both kinds of time two days out: 10 am pool, 4 and 5 pm standard.
const oliviaSlots = [
  slotAt(date, 10, { instructorId: olivia.id, instructorName: "Olivia Brown", price: 55.32 }),
  slotAt(date, 16, {
    instructorId: olivia.id,
    instructorName: "Olivia Brown",
    price: 85.1,
    isPoolHours: false,
  }),
  slotAt(date, 17, {
    instructorId: olivia.id,
    instructorName: "Olivia Brown",
    price: 85.1,
    isPoolHours: false,
  }),
];
const calendar = summary((index) => (index === 2 ? [1, 2] : [0, 0]));

function booked(slot: (typeof oliviaSlots)[number], n: number): StudentProfileBooking {
  return {
    id: `b0000000-0000-4000-8000-00000000000${n}`,
    startTime: slot.startTime,
    endTime: slot.endTime,
    status: "SCHEDULED",
    pickupLocation: "Parramatta",
    price: 70,
    isPoolHours: slot.isPoolHours,
    instructor: olivia,
    paymentId: null,
    bundleId,
    holdExpiresAt: null,
    refund: null,
    suburb: "Parramatta",
  };
}

type Routes = Parameters<typeof mockFetch>[0];

function routes(bundle: StudentProfileBundle | (() => Response), extra: Routes = {}) {
  return mockFetch({
    [`GET /api/student/bundles/${bundleId}`]: () =>
      typeof bundle === "function" ? bundle() : jsonResponse(200, { bundle }),
    "GET /api/student/profile": () => jsonResponse(200, studentProfile(Date.now(), { bookings: [] })),
    "GET /api/student/availability-summary": () => jsonResponse(200, calendar),
    "GET /api/student/slots": () => jsonResponse(200, oliviaSlots),
    // Olivia's lesson lengths come from the suburb's listing.
    "GET /api/student/instructors": () => jsonResponse(200, [listing({ id: olivia.id })]),
    ...extra,
  });
}

const panel = () => screen.getByRole("complementary", { name: "Your selection" });
const dayButton = () => screen.findByRole("button", { name: /3 slots: 1 pool, 2 standard/ });

async function pickTwoLessons(user: ReturnType<typeof renderApp>["user"]) {
  await user.click(await dayButton());
  await user.click(await screen.findByRole("button", { name: /^10:00 am .*1 credit, Pool Hours$/ }));
  await user.click(screen.getByRole("button", { name: /^4:00 pm .*1 credit$/ }));
}

describe("Use Bundle: credit mode", () => {
  it("opens the bundle instructor's calendar in its suburb and prices every time in credits", async () => {
    const { calls } = routes(bundleOf());
    const { user } = renderApp(path, signedIn);

    expect(
      await screen.findByRole("heading", { level: 1, name: "Book lessons with your bundle" }),
    ).toBeVisible();
    expect(screen.getByText("Showing times with Olivia Brown")).toBeInTheDocument();
    expect(screen.getAllByText("Paid with bundle credits (2 left)").length).toBeGreaterThan(0);
    const summaryCall = defined(calls.find((c) => c.path.startsWith("/api/student/availability-summary")));
    expect(query(summaryCall).get("instructorId")).toBe(olivia.id);
    expect(query(summaryCall).get("suburb")).toBe("Parramatta");
    expect(query(summaryCall).has("poolHoursOnly")).toBe(false);

    await user.click(await dayButton());
    const times = await screen.findByRole("list", { name: /^Times on / });
    expect(within(times).getAllByRole("button")).toHaveLength(3);
    expect(within(times).getAllByText("1 credit")).toHaveLength(3);
    expect(times).not.toHaveTextContent("$");
    // One credit whatever the kind: no pool saving to advertise.
    expect(times).not.toHaveTextContent("Save");
    // No GST line: it was charged on the bundle.
    expect(within(panel()).queryByText(/GST \(\d+%\)/)).not.toBeInTheDocument();
    expect(within(panel()).getByText(/Nothing to pay/)).toBeInTheDocument();
  });

  it("never lets the student pick more lessons than credits left", async () => {
    routes(bundleOf());
    const { user } = renderApp(path, signedIn);
    await pickTwoLessons(user);

    expect(screen.getByRole("button", { name: /^5:00 pm .*1 credit$/ })).toBeDisabled();
    expect(
      screen.getByText("That is all 2 lessons this bundle has left. Remove one to pick another time."),
    ).toBeVisible();
    expect(within(panel()).getByText("2 lessons · Paid with bundle credits (0 left)")).toBeInTheDocument();
    expect(within(panel()).getByTestId("credits-left")).toHaveTextContent("0");

    await user.click(screen.getByRole("button", { name: /^4:00 pm .*1 credit$/ }));
    expect(screen.getByRole("button", { name: /^5:00 pm .*1 credit$/ })).toBeEnabled();
  });

  it("books with credits: a review without price or GST, then the lessons and N of M used", async () => {
    const { callsTo } = routes(bundleOf(), {
      [`POST /api/student/bundles/${bundleId}/bookings`]: (request: MockRequest) => {
        const items = (request.body as { bookings: { startTime: string }[] }).bookings;
        return jsonResponse(201, {
          bundle: { id: bundleId, totalLessons: 10, usedLessons: 10, expiresAt: bundleOf().expiresAt },
          bookings: items.map((_, i) => booked(defined(oliviaSlots[i === 0 ? 0 : 1]), i + 1)),
        });
      },
    });
    const { user, router } = renderApp(path, signedIn);
    await pickTwoLessons(user);
    await user.click(within(panel()).getByRole("button", { name: "Review lessons" }));

    expect(
      await screen.findByRole("heading", { level: 1, name: "Review and book with credits" }),
    ).toBeVisible();
    expect(router.state.location.search).toBe("?step=review");
    expect(screen.getByTestId("credit-payment")).toHaveTextContent("Paid with bundle credits (0 left)");
    expect(
      within(screen.getByRole("list", { name: "Lessons to book" })).getAllByRole("listitem"),
    ).toHaveLength(2);
    // No price is charged; the only amounts are what a credit is worth on a cheaper pool hour.
    expect(within(screen.getByRole("list", { name: "Lessons to book" })).queryByText(/\$\d/)).toBeNull();
    expect(screen.getByTestId("credit-pool-note")).toHaveTextContent(
      "Pool hours cost less by card: $60.85 incl. GST ($55.32 + GST) here. A credit always counts as one lesson at your bundle's $77.00 incl. GST ($70.00 + GST).",
    );
    expect(screen.queryByText(/^GST/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Pay/ })).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText("Pickup address"));
    await user.type(screen.getByLabelText("Pickup address"), "12 Church St, Parramatta");
    await user.click(screen.getByRole("button", { name: "Book 2 lessons with credits" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Lessons booked" })).toBeVisible();
    expect(callsTo("POST", `/api/student/bundles/${bundleId}/bookings`)[0]?.body).toEqual({
      bookings: [
        {
          startTime: oliviaSlots[0]?.startTime,
          endTime: oliviaSlots[0]?.endTime,
          pickupLocation: "12 Church St, Parramatta",
        },
        {
          startTime: oliviaSlots[1]?.startTime,
          endTime: oliviaSlots[1]?.endTime,
          pickupLocation: "12 Church St, Parramatta",
        },
      ],
    });
    expect(screen.getByText("2 lessons booked with Olivia Brown")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Bundle credits used" })).toHaveAttribute(
      "aria-valuetext",
      "10 of 10 used",
    );
    expect(screen.getByRole("link", { name: "Go to dashboard" })).toHaveAttribute(
      "href",
      "/student/dashboard",
    );
    expect(screen.queryByRole("button", { name: "Book more with this bundle" })).not.toBeInTheDocument();
  });

  it("browser Back from the review returns to the calendar with the selection kept", async () => {
    routes(bundleOf());
    const { user, router } = renderApp(path, signedIn);
    await pickTwoLessons(user);
    await user.click(within(panel()).getByRole("button", { name: "Review lessons" }));
    await screen.findByRole("heading", { level: 1, name: "Review and book with credits" });

    await router.navigate(-1);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Book lessons with your bundle" }),
    ).toBeVisible();
    expect(within(panel()).getByText("2 lessons · Paid with bundle credits (0 left)")).toBeInTheDocument();
  });
});

describe("Use Bundle: when the bundle cannot be spent as it is", () => {
  async function bookAndFail(reply: Response, after?: StudentProfileBundle) {
    let failed = false;
    routes(() => jsonResponse(200, { bundle: failed && after ? after : bundleOf() }), {
      [`POST /api/student/bundles/${bundleId}/bookings`]: () => {
        failed = true;
        return reply;
      },
    });
    const app = renderApp(path, signedIn);
    await pickTwoLessons(app.user);
    await app.user.click(within(panel()).getByRole("button", { name: "Review lessons" }));
    await app.user.click(await screen.findByRole("button", { name: "Book 2 lessons with credits" }));
    return app;
  }

  it("409 insufficient_credits: says so, nothing was used, and the way back to the times", async () => {
    const { user } = await bookAndFail(
      apiError(409, "insufficient_credits", "This bundle has 1 credit left"),
      bundleOf({ usedLessons: 9 }),
    );
    const alert = defined((await screen.findByText("Not enough credits left")).closest("[role=alert]"));
    expect(alert).toHaveTextContent("This bundle has 1 credit left");
    expect(alert).toHaveTextContent("No credits were used.");
    // The bundle is read again: the review now asks for one lesson fewer.
    expect(await screen.findByText("More lessons than credits")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Book 2 lessons with credits" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Back to your times" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Book lessons with your bundle" }),
    ).toBeVisible();
  });

  it("409 slot_unavailable: names the taken time and drops it on the way back", async () => {
    const taken = defined(oliviaSlots[1]);
    const { user } = await bookAndFail(
      apiError(409, "slot_unavailable", "That time is no longer available", { startTime: taken.startTime }),
    );
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Some of your times are no longer available");
    expect(alert).toHaveTextContent("No credits were used.");
    await user.click(within(alert).getByRole("button", { name: "Remove them and choose again" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Book lessons with your bundle" }),
    ).toBeVisible();
    expect(screen.getByText("We removed 1 lesson that can no longer be booked")).toBeInTheDocument();
    expect(within(panel()).getByText("1 lesson · Paid with bundle credits (1 left)")).toBeInTheDocument();
  });

  it("409 bundle_expired: the page turns to the expired bundle and its ways on", async () => {
    await bookAndFail(
      apiError(409, "bundle_expired", "This bundle has expired"),
      bundleOf({ expired: true, expiresAt: iso(Date.now() - DAY) }),
    );
    expect(await screen.findByText(/^This bundle expired on \d{2}\/\d{2}\/\d{4}$/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Book lessons" })).toHaveAttribute("href", "/student/book");
  });

  it("409 instructor_unavailable: offers another instructor of the suburb and moves the credits", async () => {
    const ben = listing({ firstName: "Ben", lastName: "Other", suburbs: ["Parramatta"] });
    let bundle = bundleOf();
    const { calls, callsTo } = routes(() => jsonResponse(200, { bundle }), {
      [`POST /api/student/bundles/${bundleId}/bookings`]: () => {
        bundle = bundleOf({ instructorBookable: false });
        return apiError(409, "instructor_unavailable", "Olivia Brown is not taking bookings");
      },
      "GET /api/student/instructors": () => jsonResponse(200, [listing({ id: olivia.id }), ben]),
      [`PUT /api/student/bundles/${bundleId}/instructor`]: (request: MockRequest) => {
        bundle = bundleOf({ instructor: { id: ben.id, firstName: "Ben", lastName: "Other" } });
        expect(request.body).toEqual({ instructorId: ben.id });
        return jsonResponse(200, { bundle });
      },
    });
    const { user } = renderApp(path, signedIn);
    await pickTwoLessons(user);
    await user.click(within(panel()).getByRole("button", { name: "Review lessons" }));
    await user.click(await screen.findByRole("button", { name: "Book 2 lessons with credits" }));

    expect(await screen.findByText("Olivia Brown can no longer take bookings")).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Instructors in Parramatta" });
    // Only other instructors: the credits cannot move to the one who cannot take them.
    expect(within(list).getAllByRole("button", { name: /^Select / })).toHaveLength(1);
    expect(
      query(defined(calls.find((c) => c.path.startsWith("/api/student/instructors")))).get("suburb"),
    ).toBe("Parramatta");
    await user.click(within(list).getByRole("button", { name: "Select Ben Other" }));
    await user.click(screen.getByRole("button", { name: "Move 2 credits to Ben Other" }));

    expect(await screen.findByText("Showing times with Ben Other")).toBeInTheDocument();
    expect(callsTo("PUT", `/api/student/bundles/${bundleId}/instructor`)).toHaveLength(1);
  });

  it("an expired bundle says when it expired and offers new lessons", async () => {
    routes(bundleOf({ expired: true, expiresAt: iso(Date.now() - 3 * DAY) }));
    renderApp(path, signedIn);
    expect(await screen.findByText(/^This bundle expired on /)).toBeInTheDocument();
    expect(screen.getByText(/can no longer be booked/)).toBeInTheDocument();
    expect(screen.queryByRole("grid")).not.toBeInTheDocument();
  });

  it("a used-up bundle says every lesson is booked", async () => {
    routes(bundleOf({ usedLessons: 10 }));
    renderApp(path, signedIn);
    expect(await screen.findByText("All 10 credits of this bundle are booked")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See my lessons" })).toHaveAttribute("href", "/student/bookings");
  });

  it("a bundle without an instructor asks for one before its calendar", async () => {
    routes(bundleOf({ instructor: null, instructorBookable: false }), {
      "GET /api/student/instructors": () =>
        jsonResponse(200, [listing({ firstName: "Ben", lastName: "Other" })]),
    });
    renderApp(path, signedIn);
    expect(await screen.findByText("This bundle isn't tied to an instructor yet")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Move credits" })).toBeDisabled();
  });

  it("someone else's bundle, or none, reads as not found", async () => {
    routes(() => apiError(404, "not_found", "Bundle not found"));
    renderApp(path, signedIn);
    expect(await screen.findByText("We couldn't find this bundle")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See my bundles" })).toHaveAttribute("href", "/student/bundles");
  });
});

describe("Use Bundle: the student's own lessons", () => {
  it("marks times the student already has a lesson at", async () => {
    mockFetch({
      [`GET /api/student/bundles/${bundleId}`]: () => jsonResponse(200, { bundle: bundleOf() }),
      "GET /api/student/profile": () =>
        jsonResponse(200, studentProfile(Date.now(), { bookings: [booked(defined(oliviaSlots[2]), 9)] })),
      "GET /api/student/availability-summary": () => jsonResponse(200, calendar),
      "GET /api/student/slots": () => jsonResponse(200, oliviaSlots),
    });
    const { user } = renderApp(path, signedIn);
    await user.click(await dayButton());
    await waitFor(() => expect(screen.getByRole("button", { name: /^5:00 pm .*1 credit/ })).toBeDisabled());
  });
});

describe("Use Bundle: lesson lengths", () => {
  const twoHourSlot = () => {
    const slot = slotAt(date, 10, { instructorId: olivia.id, instructorName: "Olivia Brown", price: 110.64 });
    return { ...slot, endTime: new Date(Date.parse(slot.startTime) + 7_200_000).toISOString() };
  };

  it("offers 2 hours for two credits (never 90 minutes) and books a 2-hour lesson", async () => {
    const { calls, callsTo } = routes(bundleOf(), {
      "GET /api/student/instructors": () =>
        jsonResponse(200, [listing({ id: olivia.id, lessonLengths: [60, 90, 120] })]),
      "GET /api/student/slots": (request: MockRequest) =>
        jsonResponse(200, query(request).get("lessonMinutes") === "120" ? [twoHourSlot()] : oliviaSlots),
      [`POST /api/student/bundles/${bundleId}/bookings`]: () =>
        jsonResponse(201, {
          bundle: { id: bundleId, totalLessons: 10, usedLessons: 10, expiresAt: bundleOf().expiresAt },
          bookings: [{ ...booked(defined(oliviaSlots[0]), 1), endTime: twoHourSlot().endTime }],
        }),
    });
    const { user } = renderApp(path, signedIn);

    const group = await screen.findByRole("radiogroup", { name: "Lesson length" });
    expect(
      within(group)
        .getAllByRole("radio")
        .map((r) => r.getAttribute("value")),
    ).toEqual(["60", "120"]);
    expect(within(group).getByRole("radio", { name: /^60 minutes, ?1 credit$/ })).toBeChecked();
    for (const call of calls.filter((c) => c.path.startsWith("/api/student/availability-summary")))
      expect(query(call).has("lessonMinutes")).toBe(false);

    await user.click(within(group).getByRole("radio", { name: /^2 hours, ?2 credits$/ }));
    expect(screen.getByText(/standard and pool times, 2 credits each/)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path.startsWith("/api/student/availability-summary") && query(c).get("lessonMinutes") === "120",
        ),
      ).toBe(true),
    );
    await user.click(await dayButton());
    await user.click(
      await screen.findByRole("button", { name: "10:00 am – 12:00 pm, Olivia Brown, 2 credits, Pool Hours" }),
    );
    expect(
      defined(calls.find((c) => c.path.startsWith("/api/student/slots") && query(c).has("lessonMinutes"))),
    ).toBeTruthy();
    expect(within(panel()).getByText("1 lesson · Paid with bundle credits (0 left)")).toBeInTheDocument();
    expect(within(panel()).getByTestId("credits-used")).toHaveTextContent("2");
    expect(within(panel()).getByText("10:00 am – 12:00 pm · 2 hours")).toBeInTheDocument();

    await user.click(within(panel()).getByRole("button", { name: "Review lessons" }));
    const lessons = await screen.findByRole("list", { name: "Lessons to book" });
    expect(lessons).toHaveTextContent("10:00 am – 12:00 pm · 2 hours");
    expect(lessons).toHaveTextContent("2 credits");
    expect(screen.getByTestId("credit-payment")).toHaveTextContent("Paid with bundle credits (0 left)");
    await user.click(screen.getByRole("button", { name: "Book 1 lesson with credits" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Lessons booked" })).toBeVisible();
    expect(callsTo("POST", `/api/student/bundles/${bundleId}/bookings`)[0]?.body).toEqual({
      bookings: [
        { startTime: twoHourSlot().startTime, endTime: twoHourSlot().endTime, pickupLocation: "Parramatta" },
      ],
    });
  });

  it("offers no 2-hour lessons with one credit left", async () => {
    const { fetchMock } = routes(bundleOf({ usedLessons: 9 }), {
      "GET /api/student/instructors": () =>
        jsonResponse(200, [listing({ id: olivia.id, lessonLengths: [60, 120] })]),
    });
    renderApp(path, signedIn);
    await dayButton();
    // The listing (with Olivia's 2 hours) has been answered, and still no choice is offered.
    const listed = fetchMock.mock.results.find((_, i) =>
      String(fetchMock.mock.calls[i]?.[0]).includes("/api/student/instructors"),
    );
    await defined(listed).value;
    await screen.findByText("Paid with bundle credits (1 left)");
    expect(screen.queryByRole("radiogroup", { name: "Lesson length" })).toBeNull();
  });
});
