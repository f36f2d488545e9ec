import type { StudentProfile, StudentProfileBooking } from "@kerb/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { defined } from "@/test/defined";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { DAY, studentProfile } from "@/test/fixtures";
import { renderApp } from "@/test/render";
import { cancelButtonIn, findLessonRow, lesson, preview, signedIn } from "@/test/student-lesson-fixtures";

// 23:00 UTC on 15 Jan is 10:00 am on Friday 16 Jan 2099 in Sydney (AEDT, +11:00).
const soon = lesson("b0000000-0000-4000-8000-000000000101", "2099-01-15T23:00:00.000Z");
const later = lesson("b0000000-0000-4000-8000-000000000102", "2099-02-19T23:00:00.000Z", {
  price: 55.25,
  isPoolHours: true,
});
const past = lesson("b0000000-0000-4000-8000-000000000103", "2025-07-01T00:00:00.000Z");
const completed = lesson("b0000000-0000-4000-8000-000000000104", "2025-06-01T00:00:00.000Z", {
  status: "COMPLETED",
});
const cancelledBefore = lesson("b0000000-0000-4000-8000-000000000105", "2099-03-19T23:00:00.000Z", {
  status: "CANCELLED",
  refund: 85,
});

const FULL_SUMMARY = "You will get $85.00 back to your card, including $7.73 GST.";
const fullRefund = { amount: 85, gst: 7.73, method: "CARD" } as const;

function profileWith(bookings: StudentProfileBooking[]): StudentProfile {
  return studentProfile(Date.now(), { bookings });
}

/**
 * The server of one student: the profile reflects a cancellation once POST …/cancel succeeded, as
 * the real API does. `cancelReply` overrides the answer to the cancel call.
 */
function studentServer(
  bookings: StudentProfileBooking[],
  {
    previewOf = () => preview(soon, "full", fullRefund, FULL_SUMMARY),
    cancelReply,
  }: {
    previewOf?: (booking: StudentProfileBooking) => unknown;
    cancelReply?: () => Response;
  } = {},
) {
  let current = bookings;
  const routes: Parameters<typeof mockFetch>[0] = {
    "GET /api/student/profile": () => jsonResponse(200, profileWith(current)),
  };
  for (const booking of bookings) {
    routes[`GET /api/student/bookings/${booking.id}/cancellation`] = () =>
      jsonResponse(200, previewOf(booking));
    routes[`POST /api/student/bookings/${booking.id}/cancel`] = () => {
      if (cancelReply) return cancelReply();
      const answer = previewOf(booking) as { refund: typeof fullRefund };
      current = current.map((b) =>
        b.id === booking.id
          ? { ...b, status: "CANCELLED", refund: answer.refund.method === "CARD" ? answer.refund.amount : 0 }
          : b,
      );
      return jsonResponse(200, { booking: { id: booking.id, status: "CANCELLED" }, refund: answer.refund });
    };
  }
  return mockFetch(routes);
}

async function openCancelDialog(user: ReturnType<typeof renderApp>["user"], rowText: string) {
  const row = await findLessonRow(rowText);
  await user.click(defined(cancelButtonIn(row), "Cancel button"));
  return screen.findByRole("alertdialog", { name: "Cancel this lesson?" });
}

describe("A lesson whose instructor can't teach any more", () => {
  it("says so, offers Cancel with full refund (no reschedule) and shows the server's full-refund preview", async () => {
    // Tomorrow-ish: a student's cancellation would normally refund nothing this close.
    const start = new Date(Date.now() + 20 * 3_600_000);
    start.setUTCMinutes(0, 0, 0);
    const stranded = lesson("b0000000-0000-4000-8000-000000000199", start.toISOString(), {
      instructorUnavailable: true,
    });
    const bundled = lesson("b0000000-0000-4000-8000-000000000198", "2099-04-15T23:00:00.000Z", {
      instructorUnavailable: true,
      paymentId: null,
      bundleId: "b0000000-0000-4000-8000-0000000001bb",
    });
    const server = studentServer([stranded, bundled], {
      previewOf: (b) => preview(b, "full", fullRefund, FULL_SUMMARY),
    });
    const { user } = renderApp("/student/bookings", signedIn);
    const notice = await screen.findAllByRole("note", { name: "Your instructor can't teach at the moment" });
    expect(notice).toHaveLength(2);
    expect(notice[0]).toHaveTextContent("Ivy Teacher can't teach on Kerb at the moment");
    expect(notice[0]).toHaveTextContent(
      "cancel it with a full refund any time before it starts, then book another instructor",
    );
    expect(notice[1]).toHaveTextContent("move your credits to another instructor");
    expect(within(notice[1] as HTMLElement).getByRole("link", { name: "your bundles" })).toHaveAttribute(
      "href",
      "/student/bundles",
    );

    const row = defined(notice[0]?.closest("li"), "row") as HTMLElement;
    expect(within(row).queryByRole("link", { name: /^Reschedule/ })).not.toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: /with a full refund$/ }));
    const dialog = await screen.findByRole("alertdialog", { name: "Cancel this lesson?" });
    expect(await within(dialog).findByText(FULL_SUMMARY)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel lesson" }));
    await waitFor(() =>
      expect(server.callsTo("POST", `/api/student/bookings/${stranded.id}/cancel`)).toHaveLength(1),
    );
  });
});

describe("A lesson its instructor's time off clashes with", () => {
  it("says so on the lesson, with what to do: move it, or cancel it with a full refund", async () => {
    const clashing = lesson("b0000000-0000-4000-8000-000000000197", "2099-05-14T23:00:00.000Z", {
      instructorClash: true,
    });
    const server = studentServer([clashing, later], {
      previewOf: (b) => preview(b, "full", fullRefund, FULL_SUMMARY),
    });
    const { user } = renderApp("/student/bookings", signedIn);
    const notes = await screen.findAllByRole("note", {
      name: "Your instructor isn't available for this lesson",
    });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toHaveTextContent(
      "Ivy Teacher isn't available at this time (a day off, leave or changed hours)",
    );
    expect(notes[0]).toHaveTextContent("move it to another time, or cancel it with a full refund");

    const row = defined(notes[0]?.closest("li"), "row") as HTMLElement;
    expect(within(row).getByRole("link", { name: /^Reschedule/ })).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: /with a full refund$/ }));
    const dialog = await screen.findByRole("alertdialog", { name: "Cancel this lesson?" });
    expect(await within(dialog).findByText(FULL_SUMMARY)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel lesson" }));
    await waitFor(() =>
      expect(server.callsTo("POST", `/api/student/bookings/${clashing.id}/cancel`)).toHaveLength(1),
    );

    // Another lesson of theirs is left as it was.
    const other = await findLessonRow("20/02/2099");
    expect(within(other).queryByRole("note")).not.toBeInTheDocument();
  });
});

describe("Cancelling a lesson on My bookings", () => {
  it("shows the server's preview (its sentence and amounts) before anything is cancelled", async () => {
    const server = studentServer([soon, later]);
    const { user } = renderApp("/student/bookings", signedIn);

    const dialog = await openCancelDialog(user, "16/01/2099");
    expect(dialog).toHaveTextContent("Fri 16/01/2099, 10:00 am – 11:00 am with Ivy Teacher");
    expect(await within(dialog).findByText(FULL_SUMMARY)).toBeInTheDocument();
    const terms = within(dialog)
      .getAllByRole("term")
      .map((t) => t.textContent);
    const values = within(dialog)
      .getAllByRole("definition")
      .map((d) => d.textContent);
    expect(terms).toEqual(["Refund", "Of which GST", "Paid back to"]);
    expect(values).toEqual(["$85.00", "$7.73", "Your card"]);
    expect(within(dialog).getByRole("button", { name: "Cancel lesson" })).toBeEnabled();

    expect(server.callsTo("GET", `/api/student/bookings/${soon.id}/cancellation`)).toHaveLength(1);
    expect(server.calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("cancels on confirm: the lesson shows Cancelled with its refund and the page says what happened", async () => {
    const server = studentServer([soon, later]);
    const { user } = renderApp("/student/bookings", signedIn);
    const dialog = await openCancelDialog(user, "16/01/2099");
    await within(dialog).findByText(FULL_SUMMARY);

    await user.click(within(dialog).getByRole("button", { name: "Cancel lesson" }));

    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(server.callsTo("POST", `/api/student/bookings/${soon.id}/cancel`)).toHaveLength(1);
    const status = await screen.findByText(
      "Lesson on 16/01/2099 at 10:00 am cancelled. Refunded $85.00 to your card.",
    );
    // The button that was pressed went with its lesson: the outcome takes focus instead.
    await waitFor(() => expect(status.closest("[tabindex='-1']")).toHaveFocus());

    await waitFor(async () => {
      const row = await findLessonRow("16/01/2099");
      expect(row).toHaveTextContent("Cancelled");
    });
    const row = await findLessonRow("16/01/2099");
    expect(row).toHaveTextContent("Refunded $85.00 to your card");
    expect(cancelButtonIn(row)).not.toBeInTheDocument();
    expect(within(row).queryByRole("link", { name: /^Reschedule/ })).not.toBeInTheDocument();
    // Only the other lesson is still upcoming.
    expect(screen.getByText("1 scheduled")).toBeInTheDocument();
    expect(cancelButtonIn(await findLessonRow("20/02/2099"))).toBeInTheDocument();
  });

  it("Keep lesson closes the dialog without cancelling and gives focus back to Cancel", async () => {
    const server = studentServer([soon, later]);
    const { user } = renderApp("/student/bookings", signedIn);
    const dialog = await openCancelDialog(user, "16/01/2099");
    await within(dialog).findByText(FULL_SUMMARY);

    await user.click(within(dialog).getByRole("button", { name: "Keep lesson" }));

    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(server.calls.filter((c) => c.method === "POST")).toHaveLength(0);
    const row = await findLessonRow("16/01/2099");
    expect(row).toHaveTextContent("Scheduled");
    await waitFor(() => expect(cancelButtonIn(row)).toHaveFocus());
  });

  it("Escape also keeps the lesson, and opening again asks the server again", async () => {
    const server = studentServer([soon]);
    const { user } = renderApp("/student/bookings", signedIn);
    await within(await openCancelDialog(user, "16/01/2099")).findByText(FULL_SUMMARY);

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());

    await within(await openCancelDialog(user, "16/01/2099")).findByText(FULL_SUMMARY);
    expect(server.callsTo("GET", `/api/student/bookings/${soon.id}/cancellation`)).toHaveLength(2);
    expect(server.calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("shows the server's refusal (409) in the dialog, which stays open and can be closed", async () => {
    const message = "This lesson started at 10:00 am on 16/01/2099 and can no longer be cancelled";
    const server = studentServer([soon, later], {
      cancelReply: () => apiError(409, "invalid_state", message, { status: "SCHEDULED" }),
    });
    const { user } = renderApp("/student/bookings", signedIn);
    const dialog = await openCancelDialog(user, "16/01/2099");
    await within(dialog).findByText(FULL_SUMMARY);

    await user.click(within(dialog).getByRole("button", { name: "Cancel lesson" }));

    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("The lesson was not cancelled");
    expect(alert).toHaveTextContent(message);
    // Asking again cannot change a refusal; the dialog still answers and closes.
    expect(within(dialog).getByRole("button", { name: "Cancel lesson" })).toBeDisabled();
    expect(screen.getByRole("alertdialog", { name: "Cancel this lesson?" })).toBeInTheDocument();
    expect(server.callsTo("POST", `/api/student/bookings/${soon.id}/cancel`)).toHaveLength(1);

    await user.click(within(dialog).getByRole("button", { name: "Keep lesson" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());

    // Opened again, the dialog starts clean: no stale error, the preview asked afresh.
    const again = await openCancelDialog(user, "16/01/2099");
    await within(again).findByText(FULL_SUMMARY);
    expect(within(again).queryByRole("alert")).not.toBeInTheDocument();
    expect(within(again).getByRole("button", { name: "Cancel lesson" })).toBeEnabled();
  });

  it("a double click sends one request: the button is disabled while it is under way, then the success shows", async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    let bookings = [soon, later];
    const server = mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, profileWith(bookings)),
      [`GET /api/student/bookings/${soon.id}/cancellation`]: () =>
        jsonResponse(200, preview(soon, "full", fullRefund, FULL_SUMMARY)),
      [`POST /api/student/bookings/${soon.id}/cancel`]: async () => {
        if (bookings[0]?.status === "CANCELLED") {
          return apiError(409, "invalid_state", "Only scheduled lessons can be cancelled", {
            status: "CANCELLED",
          });
        }
        bookings = [{ ...soon, status: "CANCELLED", refund: 85 }, later];
        await answered;
        return jsonResponse(200, { booking: { id: soon.id, status: "CANCELLED" }, refund: fullRefund });
      },
    });
    const { user } = renderApp("/student/bookings", signedIn);
    const dialog = await openCancelDialog(user, "16/01/2099");
    await within(dialog).findByText(FULL_SUMMARY);

    // Two clicks in one go, as a double click delivers them: before anything has re-rendered.
    const button = within(dialog).getByRole("button", { name: "Cancel lesson" });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(within(dialog).getByRole("button", { name: /Cancelling/ })).toBeDisabled());
    release();

    await screen.findByText("Lesson on 16/01/2099 at 10:00 am cancelled. Refunded $85.00 to your card.");
    expect(screen.queryByText("The lesson was not cancelled")).not.toBeInTheDocument();
    expect(server.callsTo("POST", `/api/student/bookings/${soon.id}/cancel`)).toHaveLength(1);
  });

  it("a 409 because the lesson is already cancelled (another tab, a lost answer) is shown as the success it is", async () => {
    let bookings = [soon, later];
    const message = "Only scheduled lessons can be cancelled; this lesson is cancelled";
    const server = mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, profileWith(bookings)),
      [`GET /api/student/bookings/${soon.id}/cancellation`]: () =>
        jsonResponse(200, preview(soon, "full", fullRefund, FULL_SUMMARY)),
      [`POST /api/student/bookings/${soon.id}/cancel`]: () => {
        // Cancelled in another tab a moment ago.
        bookings = [{ ...soon, status: "CANCELLED", refund: 85 }, later];
        return apiError(409, "invalid_state", message, { status: "CANCELLED" });
      },
    });
    const { user } = renderApp("/student/bookings", signedIn);
    const dialog = await openCancelDialog(user, "16/01/2099");
    await within(dialog).findByText(FULL_SUMMARY);
    await user.click(within(dialog).getByRole("button", { name: "Cancel lesson" }));

    await screen.findByText("Lesson on 16/01/2099 at 10:00 am cancelled. Refunded $85.00 to your card.");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(screen.queryByText("The lesson was not cancelled")).not.toBeInTheDocument();
    expect(server.callsTo("GET", "/api/student/profile").length).toBeGreaterThanOrEqual(2);
    const row = await findLessonRow("16/01/2099");
    await waitFor(() => expect(row.isConnected && row.textContent).toContain("Cancelled"));
    expect(cancelButtonIn(await findLessonRow("16/01/2099"))).not.toBeInTheDocument();
  });

  it("a preview the server refuses (404) says why, offers no retry and cannot be confirmed", async () => {
    mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, profileWith([soon])),
      [`GET /api/student/bookings/${soon.id}/cancellation`]: () =>
        apiError(404, "not_found", "Lesson not found"),
    });
    const { user } = renderApp("/student/bookings", signedIn);
    const dialog = await openCancelDialog(user, "16/01/2099");

    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("We couldn't check this lesson");
    expect(alert).toHaveTextContent("Lesson not found");
    expect(within(alert).queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Cancel lesson" })).toBeDisabled();
  });

  it("a preview that failed on the way can be asked again", async () => {
    let attempts = 0;
    mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, profileWith([soon])),
      [`GET /api/student/bookings/${soon.id}/cancellation`]: () =>
        ++attempts === 1
          ? apiError(503, "unavailable", "The service is busy. Please try again.")
          : jsonResponse(200, preview(soon, "full", fullRefund, FULL_SUMMARY)),
    });
    const { user } = renderApp("/student/bookings", signedIn);
    const dialog = await openCancelDialog(user, "16/01/2099");

    const alert = await within(dialog).findByRole("alert");
    expect(within(dialog).getByRole("button", { name: "Cancel lesson" })).toBeDisabled();
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await within(dialog).findByText(FULL_SUMMARY)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Cancel lesson" })).toBeEnabled();
  });

  describe("each refund tier and method reads sensibly", () => {
    const bundleLesson = { ...soon, paymentId: null, bundleId: "a0000000-0000-4000-8000-000000000001" };
    // A 2-hour lesson used 2 credits: the dialog counts both, not "the lesson credit".
    const twoHourBundleLesson = { ...bundleLesson, endTime: "2099-01-16T01:00:00.000Z" };
    const cases = [
      {
        name: "half back to the card",
        booking: soon,
        answer: preview(
          soon,
          "half",
          { amount: 42.5, gst: 3.86, method: "CARD" },
          "This lesson is less than 48 hours away, so half is refunded: you will get $42.50 back to your card, including $3.86 GST.",
        ),
        rows: [
          ["Refund", "$42.50"],
          ["Of which GST", "$3.86"],
          ["Paid back to", "Your card"],
        ],
        note: "Refunded $42.50 to your card",
      },
      {
        name: "half back to the card of the guardian who paid",
        booking: soon,
        answer: preview(
          soon,
          "half",
          { amount: 42.5, gst: 3.86, method: "CARD" },
          "This lesson is less than 48 hours away, so half is refunded: you will get $42.50 back to Mei Li's card, including $3.86 GST.",
          false,
          "Mei Li's card",
        ),
        rows: [
          ["Refund", "$42.50"],
          ["Of which GST", "$3.86"],
          ["Paid back to", "Mei Li's card"],
        ],
        note: "Refunded $42.50 to Mei Li's card",
        // The lesson list knows the amount, not whose card: it keeps the plain words.
        rowNote: "Refunded $42.50",
      },
      {
        name: "nothing back for a card-paid lesson",
        booking: soon,
        answer: preview(
          soon,
          "none",
          { amount: 0, gst: 0, method: "NONE" },
          "This lesson is less than 24 hours away, so nothing is refunded.",
        ),
        rows: [["Refund", "Nothing"]],
        note: "No refund",
      },
      {
        name: "a bundle credit that goes back",
        booking: bundleLesson,
        answer: preview(
          bundleLesson,
          "full",
          { amount: 0, gst: 0, method: "CREDIT" },
          "1 credit goes back to your bundle.",
          true,
        ),
        rows: [["Bundle credits", "1 credit, back to your bundle"]],
        note: "Credit returned to your bundle",
      },
      {
        name: "a 2-hour lesson's 2 credits that go back",
        booking: twoHourBundleLesson,
        answer: preview(
          twoHourBundleLesson,
          "full",
          { amount: 0, gst: 0, method: "CREDIT" },
          "2 credits go back to your bundle.",
          true,
        ),
        rows: [["Bundle credits", "2 credits, back to your bundle"]],
        note: "Credit returned to your bundle",
      },
      {
        name: "a bundle credit that is forfeited",
        booking: bundleLesson,
        answer: preview(
          bundleLesson,
          "half",
          { amount: 0, gst: 0, method: "NONE" },
          "This lesson is less than 48 hours away, so the lesson credit is forfeited and does not go back to your bundle.",
        ),
        rows: [["Bundle credits", "1 credit, forfeited"]],
        note: "No refund",
      },
    ];

    it.each(cases as Array<(typeof cases)[number] & { rowNote?: string }>)(
      "$name",
      async ({ booking, answer, rows, note, rowNote }) => {
        studentServer([booking], { previewOf: () => answer });
        const { user } = renderApp("/student/bookings", signedIn);
        const dialog = await openCancelDialog(user, "16/01/2099");

        expect(await within(dialog).findByText(answer.summary)).toBeInTheDocument();
        const shown = within(dialog)
          .getAllByRole("term")
          .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
        expect(shown).toEqual(rows);
        // No dollar amount of a refund that does not exist.
        if (answer.refund.method !== "CARD") expect(within(dialog).queryByText(/\$0\.00/)).toBeNull();

        await user.click(within(dialog).getByRole("button", { name: "Cancel lesson" }));
        expect(
          await screen.findByText(`Lesson on 16/01/2099 at 10:00 am cancelled. ${note}.`),
        ).toBeInTheDocument();
        await waitFor(async () =>
          expect(await findLessonRow("16/01/2099")).toHaveTextContent(rowNote ?? note),
        );
      },
    );
  });
});

describe("Which lessons offer Cancel", () => {
  it("only future SCHEDULED lessons: never past, completed, cancelled or held ones", async () => {
    const held = lesson("b0000000-0000-4000-8000-000000000106", "2099-04-16T23:00:00.000Z", {
      status: "PENDING_PAYMENT",
      paymentId: "00000000-0000-4000-8000-0000000000bb",
      holdExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    });
    mockFetch({
      "GET /api/student/profile": () =>
        jsonResponse(200, profileWith([soon, past, completed, cancelledBefore, held])),
    });
    renderApp("/student/bookings", signedIn);

    const upcoming = await findLessonRow("16/01/2099");
    expect(cancelButtonIn(upcoming)).toBeInTheDocument();
    expect(within(upcoming).getByRole("link", { name: /^Reschedule/ })).toHaveAttribute(
      "href",
      `/student/bookings/${soon.id}/reschedule`,
    );
    for (const date of ["01/07/2025", "01/06/2025", "20/03/2099"]) {
      const row = await findLessonRow(date);
      expect(cancelButtonIn(row), date).not.toBeInTheDocument();
      expect(within(row).queryByRole("link", { name: /^Reschedule/ }), date).not.toBeInTheDocument();
    }
    // Still SCHEDULED on the server, but over: it waits for the instructor to mark it.
    expect(await findLessonRow("01/07/2025")).toHaveTextContent("Awaiting your instructor's confirmation");
    expect(await findLessonRow("01/06/2025")).toHaveTextContent("Completed");
    const cancelled = await findLessonRow("20/03/2099");
    expect(cancelled).toHaveTextContent("Cancelled");
    // What the profile knows of an earlier cancellation: the card refund.
    expect(cancelled).toHaveTextContent("Refunded $85.00 to your card");
    // The held lesson has Pay now / Release instead, in its own card.
    const heldCard = screen.getByRole("list", { name: "Checkouts waiting for payment" });
    expect(within(heldCard).queryByRole("button", { name: /^Cancel/ })).not.toBeInTheDocument();
  });

  it("names the lesson in each action for screen readers", async () => {
    mockFetch({ "GET /api/student/profile": () => jsonResponse(200, profileWith([soon, later])) });
    renderApp("/student/bookings", signedIn);
    expect(
      await screen.findByRole("button", { name: "Cancel lesson on 16/01/2099 at 10:00 am" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("link", { name: "Reschedule lesson on 20/02/2099 at 10:00 am" }),
    ).toBeInTheDocument();
  });

  it("offers Cancel but not Reschedule within 24 hours of the lesson", async () => {
    const tomorrowish = lesson(
      "b0000000-0000-4000-8000-000000000107",
      new Date(Date.now() + 0.5 * DAY).toISOString(),
    );
    mockFetch({ "GET /api/student/profile": () => jsonResponse(200, profileWith([tomorrowish])) });
    renderApp("/student/bookings", signedIn);
    expect(await screen.findByRole("button", { name: /^Cancel lesson on/ })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /^Reschedule/ })).not.toBeInTheDocument();
  });
});

describe("Cancelling from the dashboard", () => {
  it("offers Cancel on an upcoming lesson, previews, and takes the lesson off the list", async () => {
    const server = studentServer([soon, later]);
    const { user } = renderApp("/student/dashboard", signedIn);

    const upcomingCard = defined(
      (await screen.findByRole("heading", { name: "Upcoming Lessons" })).closest(".rounded-2xl"),
    ) as HTMLElement;
    await within(upcomingCard).findByText("16/01/2099");
    expect(within(upcomingCard).getAllByRole("button", { name: /^Cancel lesson on/ })).toHaveLength(2);

    const dialog = await openCancelDialog(user, "16/01/2099");
    expect(await within(dialog).findByText(FULL_SUMMARY)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel lesson" }));

    expect(
      await screen.findByText("Lesson on 16/01/2099 at 10:00 am cancelled. Refunded $85.00 to your card."),
    ).toBeInTheDocument();
    expect(server.callsTo("POST", `/api/student/bookings/${soon.id}/cancel`)).toHaveLength(1);
    await waitFor(() => expect(within(upcomingCard).queryByText("16/01/2099")).not.toBeInTheDocument());
    expect(within(upcomingCard).getByText("20/02/2099")).toBeInTheDocument();
  });
});
