import type { StudentProfileBooking } from "@kerb/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminBooking, pageOf } from "@/test/admin-fixtures";
import { apiError, jsonResponse, type MockRequest, mockFetch } from "@/test/fetch-mock";
import { adminUser, instructorUser, sessionFor, studentProfile } from "@/test/fixtures";
import { lessonAt } from "@/test/instructor-fixtures";
import { renderApp } from "@/test/render";
import { findLessonRow, lesson, signedIn } from "@/test/student-lesson-fixtures";

const LESSON_ID = "b0000000-0000-4000-8000-0000000000d1";
const PROPOSAL_ID = "c0000000-0000-4000-8000-0000000000d1";
// 23:00 UTC on 11 March 2027 is 10:00 am on Friday 12 March in Sydney (AEDT); the proposal is
// 10:00 am on Tuesday 9 March.
const proposed = { startTime: "2027-03-08T23:00:00.000Z", endTime: "2027-03-09T00:00:00.000Z" };
const openProposal = {
  id: PROPOSAL_ID,
  ...proposed,
  proposedBy: "INSTRUCTOR" as const,
  note: "My car is in for a service that morning",
  lapsesAt: "2027-03-10T23:00:00.000Z",
};
const withProposal = lesson(LESSON_ID, "2027-03-11T23:00:00.000Z", { moveProposal: openProposal });
const moved: StudentProfileBooking = { ...withProposal, ...proposed, moveProposal: null };

/** The profile, as it is until the answer and after it. */
function profileRoute(after: StudentProfileBooking) {
  let answered = false;
  return {
    profile: () =>
      jsonResponse(200, studentProfile(Date.now(), { bookings: [answered ? after : withProposal] })),
    answered: () => {
      answered = true;
    },
  };
}

function answerReply(status: "ACCEPTED" | "DECLINED", booking: StudentProfileBooking) {
  return jsonResponse(200, {
    proposal: {
      id: PROPOSAL_ID,
      bookingId: LESSON_ID,
      ...proposed,
      proposedBy: "INSTRUCTOR",
      status,
      note: null,
      createdAt: "2026-11-20T00:00:00.000Z",
      decidedAt: "2026-11-21T00:00:00.000Z",
      lapsesAt: "2027-03-10T23:00:00.000Z",
    },
    booking,
  });
}

describe("A proposed new time on the student's bookings", () => {
  it("shows who proposes which time, and Accept moves the lesson", async () => {
    const route = profileRoute(moved);
    const { callsTo } = mockFetch({
      "GET /api/student/profile": route.profile,
      [`POST /api/student/move-proposals/${PROPOSAL_ID}/accept`]: () => {
        route.answered();
        return answerReply("ACCEPTED", moved);
      },
    });
    const { user } = renderApp("/student/bookings", signedIn);
    const row = await findLessonRow("12/03/2027");
    const note = within(row).getByRole("region", { name: "Proposed new time" });
    expect(note).toHaveTextContent("Your instructor proposes Tue 09/03/2027, 10:00 am – 11:00 am.");
    expect(note).toHaveTextContent("Nothing changes unless you accept.");
    expect(note).toHaveTextContent("My car is in for a service that morning");

    await user.click(within(note).getByRole("button", { name: "Accept new time" }));
    expect(
      await screen.findByText("Your lesson is now Tue 09/03/2027, 10:00 am – 11:00 am."),
    ).toBeInTheDocument();
    expect(callsTo("POST", `/api/student/move-proposals/${PROPOSAL_ID}/accept`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Proposed new time" })).not.toBeInTheDocument(),
    );
    expect(await findLessonRow("09/03/2027")).toHaveTextContent("10:00 am – 11:00 am");
  });

  it("a double click on Accept new time sends one request, with an Idempotency-Key", async () => {
    const route = profileRoute(moved);
    const { callsTo } = mockFetch({
      "GET /api/student/profile": route.profile,
      [`POST /api/student/move-proposals/${PROPOSAL_ID}/accept`]: () => {
        route.answered();
        return answerReply("ACCEPTED", moved);
      },
    });
    renderApp("/student/bookings", signedIn);
    const row = await findLessonRow("12/03/2027");
    const accept = within(row).getByRole("button", { name: "Accept new time" });
    // Both clicks land before the page has re-rendered with the button disabled.
    fireEvent.click(accept);
    fireEvent.click(accept);
    expect(
      await screen.findByText("Your lesson is now Tue 09/03/2027, 10:00 am – 11:00 am."),
    ).toBeInTheDocument();
    const sent = callsTo("POST", `/api/student/move-proposals/${PROPOSAL_ID}/accept`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("Decline keeps the lesson; a refusal (taken meanwhile) is shown as the API says it", async () => {
    const route = profileRoute({ ...withProposal, moveProposal: null });
    let first = true;
    mockFetch({
      "GET /api/student/profile": route.profile,
      [`POST /api/student/move-proposals/${PROPOSAL_ID}/accept`]: apiError(
        409,
        "slot_unavailable",
        "The proposed time is no longer free: it was taken meanwhile. Decline it, or wait for another proposal.",
      ),
      [`POST /api/student/move-proposals/${PROPOSAL_ID}/decline`]: () => {
        if (!first) throw new Error("declined twice");
        first = false;
        route.answered();
        return answerReply("DECLINED", { ...withProposal, moveProposal: null });
      },
    });
    const { user } = renderApp("/student/bookings", signedIn);
    const row = await findLessonRow("12/03/2027");
    await user.click(within(row).getByRole("button", { name: "Accept new time" }));
    expect(await within(row).findByText(/it was taken meanwhile/)).toBeInTheDocument();

    await user.click(within(row).getByRole("button", { name: "Decline" }));
    expect(
      await screen.findByText(
        "You declined the new time. Your lesson stays Fri 12/03/2027, 10:00 am – 11:00 am.",
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Proposed new time" })).not.toBeInTheDocument(),
    );
  });

  it("the email's link readies the button it named, without pressing it", async () => {
    const { callsTo } = mockFetch({
      "GET /api/student/profile": jsonResponse(200, studentProfile(Date.now(), { bookings: [withProposal] })),
    });
    renderApp(`/student/bookings?proposal=${PROPOSAL_ID}&answer=decline`, signedIn);
    const row = await findLessonRow("12/03/2027");
    await waitFor(() => expect(within(row).getByRole("button", { name: "Decline" })).toHaveFocus());
    expect(callsTo("POST", `/api/student/move-proposals/${PROPOSAL_ID}/decline`)).toHaveLength(0);
  });

  it("a signed-out student following the link signs in and comes back to it", async () => {
    mockFetch({});
    const { router } = renderApp(`/student/bookings?proposal=${PROPOSAL_ID}&answer=accept`);
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome back" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(new URLSearchParams(router.state.location.search).get("returnTo")).toBe(
      `/student/bookings?proposal=${PROPOSAL_ID}&answer=accept`,
    );
  });

  it("a lapsed proposal is not shown", async () => {
    const lapsed = lesson(LESSON_ID, "2027-03-11T23:00:00.000Z", {
      moveProposal: { ...openProposal, lapsesAt: "2020-01-01T00:00:00.000Z" },
    });
    mockFetch({
      "GET /api/student/profile": jsonResponse(200, studentProfile(Date.now(), { bookings: [lapsed] })),
    });
    renderApp("/student/bookings", signedIn);
    await findLessonRow("12/03/2027");
    expect(screen.queryByRole("region", { name: "Proposed new time" })).not.toBeInTheDocument();
  });
});

describe("The instructor proposes a new time", () => {
  const instructorSignedIn = { session: sessionFor(instructorUser) };

  it("sends a date and start time with the lesson's length, and shows the API's refusal", async () => {
    const future = lessonAt(72, { student: { firstName: "Fay", lastName: "Future", phone: null } });
    const bodies: unknown[] = [];
    let refuse = true;
    mockFetch({
      "GET /api/instructor/lessons": () =>
        jsonResponse(200, { items: [future], total: 1, page: 1, pageSize: 20 }),
      [`POST /api/instructor/lessons/${future.id}/move-proposals`]: ({ body }: MockRequest) => {
        bodies.push(body);
        if (refuse) {
          refuse = false;
          return apiError(
            409,
            "slot_unavailable",
            "You are not free at that time: it is outside your hours.",
          );
        }
        return jsonResponse(201, {
          proposal: {
            id: PROPOSAL_ID,
            bookingId: future.id,
            ...proposed,
            proposedBy: "INSTRUCTOR",
            status: "PROPOSED",
            note: "Sorry!",
            createdAt: "2026-11-20T00:00:00.000Z",
            decidedAt: null,
            lapsesAt: "2027-03-10T23:00:00.000Z",
          },
        });
      },
    });
    const { user } = renderApp("/instructor/lessons", instructorSignedIn);
    await screen.findByText("Fay Future");
    const item = screen.getByText("Fay Future").closest("li") as HTMLElement;
    await user.click(within(item).getByRole("button", { name: "Propose new time" }));
    const dialog = await screen.findByRole("dialog", { name: "Propose a new time" });

    const dateInput = within(dialog).getByLabelText("New date");
    await user.clear(dateInput);
    await user.type(dateInput, "2027-03-09");
    await user.type(within(dialog).getByLabelText("Start time (Sydney)"), "10:00");
    await user.type(within(dialog).getByLabelText(/Note for Fay/), "Sorry!");
    await user.click(within(dialog).getByRole("button", { name: "Send proposal" }));
    expect(
      await within(dialog).findByText("You are not free at that time: it is outside your hours."),
    ).toBeInTheDocument();
    expect(bodies[0]).toEqual({ ...proposed, note: "Sorry!" });

    await user.click(within(dialog).getByRole("button", { name: "Send proposal" }));
    expect(
      await screen.findByText(
        "New time proposed to Fay Future: Tue 09/03/2027, 10:00 am – 11:00 am. The lesson stays where it is until they accept.",
      ),
    ).toBeInTheDocument();
  });

  it("asks which 2:00 am is meant the night daylight saving ends, and refuses the hour that never happens", async () => {
    const future = lessonAt(72, { student: { firstName: "Dana", lastName: "Dst", phone: null } });
    const bodies: unknown[] = [];
    mockFetch({
      "GET /api/instructor/lessons": () =>
        jsonResponse(200, { items: [future], total: 1, page: 1, pageSize: 20 }),
      [`POST /api/instructor/lessons/${future.id}/move-proposals`]: ({ body }: MockRequest) => {
        bodies.push(body);
        return apiError(409, "slot_unavailable", "You are not free at that time: it is outside your hours.");
      },
    });
    const { user } = renderApp("/instructor/lessons", instructorSignedIn);
    await screen.findByText("Dana Dst");
    const item = screen.getByText("Dana Dst").closest("li") as HTMLElement;
    await user.click(within(item).getByRole("button", { name: "Propose new time" }));
    const dialog = await screen.findByRole("dialog", { name: "Propose a new time" });
    const dateInput = within(dialog).getByLabelText("New date");

    // 4 April 2027: 2:00 am AEDT (15:00 UTC) and, an hour later, 2:00 am AEST (16:00 UTC).
    await user.clear(dateInput);
    await user.type(dateInput, "2027-04-04");
    await user.type(within(dialog).getByLabelText("Start time (Sydney)"), "02:00");
    const which = within(dialog).getByLabelText(/Which one\?/);
    expect(
      within(which)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["2:00 am AEDT (first)", "2:00 am AEST (second, after the clocks go back)"]);
    await user.selectOptions(which, "1");
    await user.click(within(dialog).getByRole("button", { name: "Send proposal" }));
    await within(dialog).findByText(/You are not free at that time/);
    expect(bodies[0]).toMatchObject({ startTime: "2027-04-03T16:00:00.000Z" });

    // 3 October 2027: clocks go from 2:00 am straight to 3:00 am, so 2:00 am is no time at all.
    await user.clear(dateInput);
    await user.type(dateInput, "2027-10-03");
    expect(within(dialog).queryByLabelText(/Which one\?/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Send proposal" }));
    expect(await within(dialog).findByText(/That time does not exist in Sydney/)).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });

  it("is not offered within 24 hours of the lesson", async () => {
    const soon = lessonAt(20, { student: { firstName: "Sam", lastName: "Soon", phone: null } });
    mockFetch({
      "GET /api/instructor/lessons": () =>
        jsonResponse(200, { items: [soon], total: 1, page: 1, pageSize: 20 }),
    });
    renderApp("/instructor/lessons", instructorSignedIn);
    await screen.findByText("Sam Soon");
    const item = screen.getByText("Sam Soon").closest("li") as HTMLElement;
    expect(within(item).getByRole("button", { name: "Cancel lesson" })).toBeInTheDocument();
    expect(within(item).queryByRole("button", { name: "Propose new time" })).not.toBeInTheDocument();
  });
});

describe("An admin proposes a new time", () => {
  it("from the bookings table, for any scheduled lesson more than 24 hours away", async () => {
    const booking = adminBooking();
    const bodies: unknown[] = [];
    mockFetch({
      "GET /api/admin/bookings": jsonResponse(200, pageOf([booking])),
      "GET /api/admin/instructors": jsonResponse(200, pageOf([])),
      [`POST /api/admin/bookings/${booking.id}/move-proposals`]: ({ body }: MockRequest) => {
        bodies.push(body);
        return jsonResponse(201, {
          proposal: {
            id: PROPOSAL_ID,
            bookingId: booking.id,
            ...proposed,
            proposedBy: "ADMIN",
            status: "PROPOSED",
            note: null,
            createdAt: "2026-11-20T00:00:00.000Z",
            decidedAt: null,
            lapsesAt: "2099-01-14T23:00:00.000Z",
          },
        });
      },
    });
    const { user } = renderApp("/admin/bookings", { session: sessionFor(adminUser) });
    const table = await screen.findByRole("table", { name: "Bookings" });
    await user.click(
      within(table).getByRole("button", {
        name: "Propose a new time for Sam Learner's lesson on 16/01/2099",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Propose a new time" });
    const dateInput = within(dialog).getByLabelText("New date");
    await user.clear(dateInput);
    await user.type(dateInput, "2027-03-09");
    await user.type(within(dialog).getByLabelText("Start time (Sydney)"), "10:00");
    await user.click(within(dialog).getByRole("button", { name: "Send proposal" }));
    expect(
      await screen.findByText(
        "New time proposed to Sam Learner: Tue 09/03/2027, 10:00 am – 11:00 am. The lesson stays where it is until they accept.",
      ),
    ).toBeInTheDocument();
    expect(bodies).toEqual([proposed]);
  });

  it("shows a proposal waiting for the student in the table", async () => {
    const booking = adminBooking({
      moveProposal: { ...openProposal, proposedBy: "INSTRUCTOR" },
    });
    mockFetch({
      "GET /api/admin/bookings": jsonResponse(200, pageOf([booking])),
      "GET /api/admin/instructors": jsonResponse(200, pageOf([])),
    });
    renderApp("/admin/bookings", { session: sessionFor(adminUser) });
    const table = await screen.findByRole("table", { name: "Bookings" });
    expect(table).toHaveTextContent(
      "New time proposed by the instructor: Tue 09/03/2027, 10:00 am – 11:00 am, waiting for the student",
    );
  });
});
