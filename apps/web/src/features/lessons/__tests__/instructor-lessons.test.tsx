import type { InstructorLesson } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, jsonResponse, type MockRequest, mockFetch } from "@/test/fetch-mock";
import { instructorUser, sessionFor } from "@/test/fixtures";
import { availability, lessonAt } from "@/test/instructor-fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(instructorUser) };
const page = (items: InstructorLesson[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

function lessonsRoute(lists: { upcoming: InstructorLesson[]; past: InstructorLesson[] }) {
  return ({ path }: MockRequest) =>
    jsonResponse(200, page(path.includes("scope=past") ? lists.past : lists.upcoming));
}

function itemFor(name: string): HTMLElement {
  return screen.getByText(name).closest("li") as HTMLElement;
}

describe("Instructor lessons", () => {
  it("offers Cancel lesson before a lesson starts, and nothing while it is under way", async () => {
    const future = lessonAt(30, { student: { firstName: "Fay", lastName: "Future", phone: "0400 000 001" } });
    const running = lessonAt(-0.5, { student: { firstName: "Ron", lastName: "Running", phone: null } });
    mockFetch({ "GET /api/instructor/lessons": lessonsRoute({ upcoming: [running, future], past: [] }) });
    renderApp("/instructor/lessons", signedIn);

    expect(await screen.findByRole("tab", { name: "Upcoming", selected: true })).toBeInTheDocument();
    await screen.findByText("Fay Future");
    const futureItem = itemFor("Fay Future");
    expect(within(futureItem).getByRole("button", { name: "Cancel lesson" })).toBeInTheDocument();
    expect(within(futureItem).queryByRole("button", { name: "Mark completed" })).not.toBeInTheDocument();
    expect(within(futureItem).getByText("Scheduled")).toBeInTheDocument();
    const runningItem = itemFor("Ron Running");
    expect(within(runningItem).queryByRole("button")).not.toBeInTheDocument();
    expect(runningItem).toHaveTextContent("In progress");
  });

  it("offers Mark completed and No-show for ended scheduled lessons on the Past tab only", async () => {
    const ended = lessonAt(-26, { student: { firstName: "Eve", lastName: "Ended", phone: null } });
    const done = lessonAt(-50, {
      status: "COMPLETED",
      student: { firstName: "Dan", lastName: "Done", phone: null },
    });
    const cancelled = lessonAt(-80, {
      status: "CANCELLED",
      cancelledBy: "STUDENT",
      refund: 46.75,
      student: { firstName: "Cal", lastName: "Cancelled", phone: null },
    });
    const { callsTo } = mockFetch({
      "GET /api/instructor/lessons": lessonsRoute({ upcoming: [], past: [ended, done, cancelled] }),
      [`POST /api/instructor/lessons/${ended.id}/complete`]: jsonResponse(200, {
        lesson: { ...ended, status: "COMPLETED" },
      }),
    });
    const { user, router } = renderApp("/instructor/lessons", signedIn);
    expect(await screen.findByText("No upcoming lessons")).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Past" }));
    await screen.findByText("Eve Ended");
    expect(router.state.location.search).toBe("?tab=past");
    const endedItem = itemFor("Eve Ended");
    expect(within(endedItem).getByRole("button", { name: "Mark completed" })).toBeInTheDocument();
    expect(within(endedItem).getByRole("button", { name: "No-show" })).toBeInTheDocument();
    expect(within(endedItem).queryByRole("button", { name: "Cancel lesson" })).not.toBeInTheDocument();
    const doneItem = itemFor("Dan Done");
    // A completed lesson offers only its record (what it taught).
    expect(
      within(doneItem)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Record lesson"]);
    expect(doneItem).toHaveTextContent("Completed");
    expect(doneItem).toHaveTextContent("You earn $63.75 after the 25% platform fee.");
    expect(itemFor("Cal Cancelled")).toHaveTextContent("Cancelled by the student");
    expect(itemFor("Cal Cancelled")).toHaveTextContent("$46.75 refunded");

    // Marking completed asks first: "Not yet" leaves the lesson as it was.
    await user.click(within(endedItem).getByRole("button", { name: "Mark completed" }));
    let dialog = await screen.findByRole("alertdialog", { name: "Mark this lesson completed?" });
    expect(dialog).toHaveTextContent("Eve Ended");
    expect(dialog).toHaveTextContent("you earn $63.75 for it.");
    expect(dialog).not.toHaveTextContent("GST");
    await user.click(within(dialog).getByRole("button", { name: "Not yet" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(callsTo("POST", `/api/instructor/lessons/${ended.id}/complete`)).toHaveLength(0);

    await user.click(within(endedItem).getByRole("button", { name: "Mark completed" }));
    dialog = await screen.findByRole("alertdialog", { name: "Mark this lesson completed?" });
    await user.click(within(dialog).getByRole("button", { name: "Mark completed" }));
    expect(
      await screen.findByText(/Lesson with Eve Ended on .* marked completed. You earn \$63.75./),
    ).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(callsTo("POST", `/api/instructor/lessons/${ended.id}/complete`)).toHaveLength(1);
    // The list reloads after the change.
    await waitFor(() =>
      expect(callsTo("GET", "/api/instructor/lessons?scope=past&page=1&pageSize=20").length).toBeGreaterThan(
        1,
      ),
    );
  });

  it("quotes a GST-registered instructor's pay with its GST when marking a lesson completed", async () => {
    const ended = lessonAt(-26, {
      price: 80,
      payIfTaught: { earns: 60, gst: 6 },
      student: { firstName: "Eve", lastName: "Ended", phone: null },
    });
    mockFetch({
      "GET /api/instructor/lessons": lessonsRoute({ upcoming: [], past: [ended] }),
      [`POST /api/instructor/lessons/${ended.id}/complete`]: jsonResponse(200, {
        lesson: { ...ended, status: "COMPLETED", payIfTaught: null, instructorShare: 60 },
      }),
    });
    const { user } = renderApp("/instructor/lessons?tab=past", signedIn);
    await screen.findByText("Eve Ended");
    await user.click(within(itemFor("Eve Ended")).getByRole("button", { name: "Mark completed" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Mark this lesson completed?" });
    expect(dialog).toHaveTextContent("you earn $60.00 + $6.00 GST for it.");
    await user.click(within(dialog).getByRole("button", { name: "Mark completed" }));
    expect(
      await screen.findByText(
        /Lesson with Eve Ended on .* marked completed. You earn \$60.00 \+ \$6.00 GST\./,
      ),
    ).toBeInTheDocument();
  });

  it("shows a new time waiting for the student, until when, and withdraws the instructor's own", async () => {
    const mine = lessonAt(72, { student: { firstName: "Pia", lastName: "Proposed", phone: null } });
    const proposal = {
      id: "0f0e0d0c-0b0a-4009-8807-060504030201",
      startTime: new Date(Date.parse(mine.startTime) + 26 * 3_600_000).toISOString(),
      endTime: new Date(Date.parse(mine.endTime) + 26 * 3_600_000).toISOString(),
      proposedBy: "INSTRUCTOR" as const,
      note: "Car service",
      lapsesAt: new Date(Date.parse(mine.startTime) - 24 * 3_600_000).toISOString(),
    };
    const byKerb = lessonAt(96, {
      id: "1f0e0d0c-0b0a-4009-8807-060504030201",
      student: { firstName: "Kit", lastName: "Kerbed", phone: null },
      moveProposal: {
        ...proposal,
        id: "2f0e0d0c-0b0a-4009-8807-060504030201",
        proposedBy: "ADMIN",
        note: null,
      },
    });
    let withdrawn = false;
    const { callsTo } = mockFetch({
      "GET /api/instructor/lessons": (request) =>
        lessonsRoute({
          upcoming: [{ ...mine, moveProposal: withdrawn ? null : proposal }, byKerb],
          past: [],
        })(request),
      [`POST /api/instructor/move-proposals/${proposal.id}/withdraw`]: () => {
        withdrawn = true;
        return jsonResponse(200, {
          proposal: {
            ...proposal,
            bookingId: mine.id,
            status: "WITHDRAWN",
            createdAt: new Date().toISOString(),
            decidedAt: new Date().toISOString(),
          },
        });
      },
    });
    const { user } = renderApp("/instructor/lessons", signedIn);
    await screen.findByText("Pia Proposed");

    const note = within(itemFor("Pia Proposed")).getByRole("region", { name: "Proposed new time" });
    expect(within(note).getByText("New time proposed")).toBeInTheDocument();
    expect(note).toHaveTextContent(/You proposed .+\./);
    expect(note).toHaveTextContent(/Waiting for Pia to answer by .+/);
    expect(note).toHaveTextContent('"Car service"');
    // Kerb's proposal shows, but is not the instructor's to withdraw.
    const kerbNote = within(itemFor("Kit Kerbed")).getByRole("region", { name: "Proposed new time" });
    expect(kerbNote).toHaveTextContent("Kerb proposed");
    expect(within(kerbNote).queryByRole("button", { name: "Withdraw" })).not.toBeInTheDocument();
    // One proposal at a time: another is offered only once this one is withdrawn.
    const proposeButton = () =>
      within(itemFor("Pia Proposed")).queryByRole("button", { name: "Propose new time" });
    expect(proposeButton()).not.toBeInTheDocument();

    await user.click(within(note).getByRole("button", { name: "Withdraw" }));
    expect(await screen.findByText(/You withdrew the new time proposed to Pia/)).toBeInTheDocument();
    expect(callsTo("POST", `/api/instructor/move-proposals/${proposal.id}/withdraw`)).toHaveLength(1);
    await waitFor(() =>
      expect(
        within(itemFor("Pia Proposed")).queryByRole("region", { name: "Proposed new time" }),
      ).not.toBeInTheDocument(),
    );
    expect(proposeButton()).toBeInTheDocument();
  });

  it("shows the server's refusal next to the lesson", async () => {
    const ended = lessonAt(-26, { student: { firstName: "Eve", lastName: "Ended", phone: null } });
    mockFetch({
      "GET /api/instructor/lessons": lessonsRoute({ upcoming: [], past: [ended] }),
      [`POST /api/instructor/lessons/${ended.id}/no-show`]: apiError(
        409,
        "invalid_state",
        "Only scheduled lessons can be marked a no-show; this lesson is completed",
      ),
    });
    const { user } = renderApp("/instructor/lessons?tab=past", signedIn);
    await screen.findByText("Eve Ended");
    await user.click(screen.getByRole("button", { name: "No-show" }));
    const alert = await within(itemFor("Eve Ended")).findByRole("alert");
    expect(alert).toHaveTextContent(
      "Only scheduled lessons can be marked a no-show; this lesson is completed",
    );
  });

  it("confirms a cancellation with the server's refund and a required reason for the student", async () => {
    const future = lessonAt(30, {
      price: 35.75,
      student: { firstName: "Fay", lastName: "Future", phone: null },
    });
    const { callsTo } = mockFetch({
      "GET /api/instructor/lessons": lessonsRoute({ upcoming: [future], past: [] }),
      // The second of three pool lessons of one payment: its GST steps the running total by $3.57, so
      // the refund is $39.32, where the lesson's own price and GST would say $39.33.
      [`GET /api/instructor/lessons/${future.id}/cancellation`]: {
        body: {
          tier: "full",
          refund: { amount: 39.32, gst: 3.57, method: "CARD" },
          creditReturned: false,
          summary: "The student is refunded in full: $39.32 including $3.57 GST goes back to their card.",
        },
      },
      [`POST /api/instructor/lessons/${future.id}/cancel`]: jsonResponse(200, {
        lesson: { ...future, status: "CANCELLED" },
        refund: 39.32,
        bundleCreditReturned: false,
      }),
    });
    const { user } = renderApp("/instructor/lessons", signedIn);
    await screen.findByText("Fay Future");

    await user.click(screen.getByRole("button", { name: "Cancel lesson" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel this lesson?" });
    expect(
      await within(dialog).findByText(
        "The student is refunded in full: $39.32 including $3.57 GST goes back to their card. This can't be undone.",
      ),
    ).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent("$39.33");
    await user.click(within(dialog).getByRole("button", { name: "Keep lesson" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(callsTo("POST", `/api/instructor/lessons/${future.id}/cancel`)).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Cancel lesson" }));
    const again = await screen.findByRole("dialog", { name: "Cancel this lesson?" });
    await within(again).findByText(/\$39\.32 including \$3\.57 GST/);
    // No reason yet: the shared schema's words, and nothing is sent.
    await user.click(within(again).getByRole("button", { name: "Cancel lesson" }));
    expect(await within(again).findByText("Tell the student why you are cancelling")).toBeInTheDocument();
    expect(callsTo("POST", `/api/instructor/lessons/${future.id}/cancel`)).toHaveLength(0);

    await user.type(within(again).getByLabelText("Reason for Fay"), "  My car failed its inspection ");
    await user.click(within(again).getByRole("button", { name: "Cancel lesson" }));
    expect(await screen.findByText(/Fay Future has been refunded \$39.32\./)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const posted = callsTo("POST", `/api/instructor/lessons/${future.id}/cancel`);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toEqual({ reason: "My car failed its inspection" });
  });

  it("says what a bundle-credit lesson earns, with GST for a registered instructor; card lessons as before", async () => {
    const credit = { pricePerLesson: 65, earns: 48.75, gst: 0 };
    const taught = lessonAt(-50, {
      status: "COMPLETED",
      price: 65,
      paidWithBundle: true,
      instructorShare: 48.75,
      bundleCredit: credit,
      student: { firstName: "Bea", lastName: "Bundle", phone: null },
    });
    const registered = lessonAt(-74, {
      status: "COMPLETED",
      price: 65,
      paidWithBundle: true,
      instructorShare: 48.75,
      bundleCredit: { ...credit, gst: 4.88 },
      student: { firstName: "Gus", lastName: "Gst", phone: null },
    });
    const card = lessonAt(-98, {
      status: "COMPLETED",
      instructorShare: 63.75,
      student: { firstName: "Dan", lastName: "Done", phone: null },
    });
    const returned = lessonAt(-122, {
      status: "CANCELLED",
      cancelledBy: "STUDENT",
      refund: 0,
      price: 65,
      paidWithBundle: true,
      instructorShare: 0,
      bundleCredit: { ...credit, earns: 0 },
      student: { firstName: "Ria", lastName: "Returned", phone: null },
    });
    const upcoming = lessonAt(30, {
      price: 65,
      paidWithBundle: true,
      bundleCredit: credit,
      student: { firstName: "Una", lastName: "Upcoming", phone: null },
    });
    mockFetch({
      "GET /api/instructor/lessons": lessonsRoute({
        upcoming: [upcoming],
        past: [taught, registered, card, returned],
      }),
    });
    const { user } = renderApp("/instructor/lessons", signedIn);
    await screen.findByText("Una Upcoming");
    expect(itemFor("Una Upcoming")).toHaveTextContent("Paid with a bundle credit · You earn $48.75");

    await user.click(screen.getByRole("tab", { name: "Past" }));
    await screen.findByText("Bea Bundle");
    const bea = itemFor("Bea Bundle");
    expect(within(bea).getByText("Paid with a bundle credit · You earn $48.75")).toBeInTheDocument();
    expect(bea).not.toHaveTextContent("GST");
    // Said once: the bundle line replaces the card lesson's "after the fee" note.
    expect(bea).not.toHaveTextContent("platform fee");
    expect(
      within(itemFor("Gus Gst")).getByText("Paid with a bundle credit · You earn $48.75 + $4.88 GST"),
    ).toBeInTheDocument();
    const dan = itemFor("Dan Done");
    expect(dan).toHaveTextContent("You earn $63.75 after the 25% platform fee.");
    expect(dan).not.toHaveTextContent("bundle");
    const ria = itemFor("Ria Returned");
    expect(within(ria).getByText("Paid with a bundle credit")).toBeInTheDocument();
    expect(ria).toHaveTextContent("bundle credit returned");
    expect(ria).not.toHaveTextContent("You earn");
  });

  it("says a bundle lesson's credit goes back instead of money, and keeps the dialog open on failure", async () => {
    const future = lessonAt(30, {
      paidWithBundle: true,
      student: { firstName: "Bea", lastName: "Bundle", phone: null },
    });
    mockFetch({
      "GET /api/instructor/lessons": lessonsRoute({ upcoming: [future], past: [] }),
      [`GET /api/instructor/lessons/${future.id}/cancellation`]: {
        body: {
          tier: "full",
          refund: { amount: 0, gst: 0, method: "CREDIT" },
          creditReturned: true,
          summary: "The student is refunded in full: 1 credit goes back to their bundle.",
        },
      },
      [`POST /api/instructor/lessons/${future.id}/cancel`]: apiError(
        409,
        "invalid_state",
        "This lesson started at 4:00 pm on 26/11/2026 and can no longer be cancelled",
      ),
    });
    const { user } = renderApp("/instructor/lessons", signedIn);
    await screen.findByText("Bea Bundle");
    await user.click(screen.getByRole("button", { name: "Cancel lesson" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel this lesson?" });
    expect(await within(dialog).findByText(/1 credit goes back to their bundle\./)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Reason for Bea"), "Unwell");
    await user.click(within(dialog).getByRole("button", { name: "Cancel lesson" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("can no longer be cancelled");
  });

  it("marks a lesson that clashes with the instructor's time off, from the Availability page's conflicts", async () => {
    const clashing = lessonAt(50, { student: { firstName: "Cleo", lastName: "Clash", phone: null } });
    const fine = lessonAt(80, { student: { firstName: "Finn", lastName: "Fine", phone: null } });
    mockFetch({
      "GET /api/instructor/lessons": lessonsRoute({ upcoming: [clashing, fine], past: [] }),
      "GET /api/instructor/availability": jsonResponse(
        200,
        availability({ conflicts: [{ ...clashing, reasons: ["OUTSIDE_HOURS"] }] }),
      ),
    });
    renderApp("/instructor/lessons", signedIn);
    await screen.findByText("Cleo Clash");
    expect(await screen.findByText("Clashes with your availability: outside your hours")).toBeInTheDocument();
    expect(itemFor("Cleo Clash")).toHaveTextContent("Clashes with your availability: outside your hours");
    expect(itemFor("Finn Fine")).not.toHaveTextContent("Clashes");
    expect(screen.getByText("1 booked lesson is outside your hours or settings")).toBeInTheDocument();
    expect(
      screen.getByText(/We have emailed each student whose lesson is outside your hours/),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Review your hours" })).toHaveAttribute(
      "href",
      "/instructor/availability",
    );
  });

  it("shows a GST-registered instructor's GST on every earning line, not only when marking", async () => {
    const taught = lessonAt(-30, {
      status: "COMPLETED",
      price: 80,
      instructorShare: 60,
      instructorShareGst: 6,
      student: { firstName: "Tia", lastName: "Taught", phone: null },
    });
    const noShow = lessonAt(-60, {
      status: "NO_SHOW",
      price: 80,
      instructorShare: 60,
      instructorShareGst: 6,
      student: { firstName: "Nia", lastName: "Noshow", phone: null },
    });
    const late = lessonAt(-90, {
      status: "CANCELLED",
      cancelledBy: "STUDENT",
      refund: 44,
      price: 80,
      instructorShare: 30,
      instructorShareGst: 3,
      student: { firstName: "Lia", lastName: "Late", phone: null },
    });
    mockFetch({
      "GET /api/instructor/lessons": lessonsRoute({ upcoming: [], past: [taught, noShow, late] }),
      "GET /api/instructor/availability": jsonResponse(200, availability()),
    });
    renderApp("/instructor/lessons?tab=past", signedIn);
    await screen.findByText("Tia Taught");
    expect(itemFor("Tia Taught")).toHaveTextContent(
      "You earn $60.00 + $6.00 GST after the 25% platform fee.",
    );
    expect(itemFor("Nia Noshow")).toHaveTextContent(
      "You keep $60.00 + $6.00 GST, your 75% of the value Kerb kept.",
    );
    expect(itemFor("Lia Late")).toHaveTextContent(
      "You keep $30.00 + $3.00 GST, your 75% of the value Kerb kept.",
    );
  });

  it("says what the instructor keeps from a no-show and a late cancellation, and when a dispute refunded it", async () => {
    const noShow = lessonAt(-30, {
      status: "NO_SHOW",
      instructorShare: 63.75,
      student: { firstName: "Nora", lastName: "Noshow", phone: null },
    });
    const late = lessonAt(-60, {
      status: "CANCELLED",
      cancelledBy: "STUDENT",
      refund: 46.75,
      instructorShare: 31.88,
      student: { firstName: "Lou", lastName: "Late", phone: null },
    });
    const refunded = lessonAt(-90, {
      status: "NO_SHOW",
      instructorShare: 0,
      student: { firstName: "Rae", lastName: "Refunded", phone: null },
    });
    mockFetch({
      "GET /api/instructor/lessons": lessonsRoute({ upcoming: [], past: [noShow, late, refunded] }),
      "GET /api/instructor/availability": jsonResponse(200, availability()),
    });
    renderApp("/instructor/lessons?tab=past", signedIn);
    await screen.findByText("Nora Noshow");
    expect(itemFor("Nora Noshow")).toHaveTextContent("You keep $63.75, your 75% of the value Kerb kept.");
    expect(itemFor("Lou Late")).toHaveTextContent("$46.75 refunded");
    expect(itemFor("Lou Late")).toHaveTextContent("You keep $31.88, your 75% of the value Kerb kept.");
    expect(itemFor("Rae Refunded")).toHaveTextContent(
      "Refunded to the student after they disputed the no-show: you keep nothing for it.",
    );
  });
});
