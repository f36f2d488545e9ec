import type { HeldLesson } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pageOf } from "@/test/admin-fixtures";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { adminUser as adminAccount, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(adminAccount) };

function heldLesson(overrides: Partial<HeldLesson> = {}): HeldLesson {
  return {
    id: "d0000000-0000-4000-8000-000000000001",
    // Tue 10/03/2026, 10 am to 11 am in Sydney.
    startTime: "2026-03-09T23:00:00.000Z",
    endTime: "2026-03-10T00:00:00.000Z",
    suburb: "Bondi",
    status: "COMPLETED",
    price: 80,
    instructorShare: 60,
    paidWith: "CARD",
    student: {
      id: "d0000000-0000-4000-8000-000000000002",
      firstName: "Lou",
      lastName: "Learner",
      email: "lou@example.test",
    },
    instructor: { id: "d0000000-0000-4000-8000-000000000003", firstName: "Rex", lastName: "Rejected" },
    reason: "REJECTED",
    reasonText: "taught after the instructor was rejected or delisted",
    // Mon 09/03/2026 at 12:00 pm in Sydney.
    stopStartedAt: "2026-03-09T01:00:00.000Z",
    ...overrides,
  };
}

/** The compliance page's other lists, empty: only the held lessons are under test here. */
const otherLists = {
  "GET /api/admin/compliance/follow-up": { body: pageOf([]) },
  "GET /api/admin/instructors": { body: pageOf([], 0) },
};

const heldTable = () => screen.findByRole("table", { name: "Held lessons" });

describe("Admin console: held lessons", () => {
  it("lists each held lesson with why it is held", async () => {
    const card = heldLesson();
    const credit = heldLesson({
      id: "d0000000-0000-4000-8000-000000000004",
      status: "SCHEDULED",
      paidWith: "BUNDLE",
      price: 70,
      instructorShare: 52.5,
      reason: "DOCUMENT_EXPIRED",
      reasonText: "taught after the instructor's licence or Working With Children check had expired",
      student: { ...card.student, id: "d0000000-0000-4000-8000-000000000005", firstName: "Cy" },
    });
    const { callsTo } = mockFetch({
      ...otherLists,
      "GET /api/admin/held-lessons": { body: pageOf([card, credit]) },
    });
    renderApp("/admin/compliance", signedIn);

    const table = await heldTable();
    const row = within(table).getByText("Lou Learner").closest("tr") as HTMLElement;
    expect(row).toHaveTextContent("10/03/2026");
    expect(row).toHaveTextContent("Bondi");
    expect(row).toHaveTextContent("Completed");
    expect(row).toHaveTextContent("Rex Rejected");
    expect(row).toHaveTextContent("lou@example.test");
    expect(row).toHaveTextContent("$80.00");
    expect(row).toHaveTextContent("Card");
    expect(row).toHaveTextContent("Instructor share $60.00");
    expect(row).toHaveTextContent("Taught after the instructor was rejected or delisted");
    expect(row).toHaveTextContent("Not allowed to teach from 09/03/2026 at 12:00 pm");
    expect(
      within(row).getByRole("button", {
        name: "Pay instructor Rex Rejected for Lou Learner's lesson on 10/03/2026",
      }),
    ).toBeInTheDocument();
    expect(
      within(row).getByRole("button", { name: "Refund student Lou Learner for the lesson on 10/03/2026" }),
    ).toBeInTheDocument();

    const creditRow = within(table).getByText("Cy Learner").closest("tr") as HTMLElement;
    expect(creditRow).toHaveTextContent("Not marked");
    expect(creditRow).toHaveTextContent("Bundle credit");
    expect(creditRow).toHaveTextContent("Instructor share $52.50");
    expect(creditRow).toHaveTextContent(/Taught after the instructor's licence .* had expired/);
    expect(callsTo("GET", "/api/admin/held-lessons?page=1&pageSize=20")).toHaveLength(1);
  });

  it("pays the instructor with a note, says so, and the lesson leaves the list", async () => {
    const lesson = heldLesson();
    let decided = false;
    const { callsTo } = mockFetch({
      ...otherLists,
      "GET /api/admin/held-lessons": () => ({ body: pageOf(decided ? [] : [lesson]) }),
      // The payouts page's queries are invalidated too (nothing cached here to refetch).
      [`POST /api/admin/held-lessons/${lesson.id}/decision`]: () => {
        decided = true;
        return jsonResponse(200, {
          id: lesson.id,
          decision: "PAY",
          status: "COMPLETED",
          refund: 0,
          bundleCreditReturned: false,
        });
      },
    });
    const { user } = renderApp("/admin/compliance", signedIn);
    const table = await heldTable();
    await user.click(
      within(table).getByRole("button", { name: /^Pay instructor Rex Rejected for Lou Learner's/ }),
    );

    const dialog = await screen.findByRole("dialog", { name: "Pay the instructor for this lesson?" });
    expect(dialog).toHaveTextContent(
      "Rex Rejected is paid their $60.00 with the next payout once the lesson is marked: it is marked completed already, so the next run pays it. Nothing is refunded to Lou Learner.",
    );
    const confirm = within(dialog).getByRole("button", { name: "Pay instructor" });
    // The note is required.
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Note (required)"), "  Suspension was lifted on appeal  ");
    await user.click(confirm);

    await waitFor(() =>
      expect(callsTo("POST", `/api/admin/held-lessons/${lesson.id}/decision`)).toHaveLength(1),
    );
    expect(callsTo("POST", `/api/admin/held-lessons/${lesson.id}/decision`)[0]?.body).toEqual({
      decision: "PAY",
      note: "Suspension was lifted on appeal",
    });
    expect(
      await screen.findByText(
        "Rex Rejected will be paid $60.00 for Lou Learner's lesson on 10/03/2026 with the next payout.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // Refetched without it: the list is empty now.
    expect(await screen.findByText("No held lessons")).toBeInTheDocument();
    expect(screen.queryByRole("table", { name: "Held lessons" })).not.toBeInTheDocument();
  });

  it("states what a refund does, and shows the API's refusal in the dialog", async () => {
    const lesson = heldLesson();
    const message = "The instructor was already paid for this lesson, so Kerb cannot refund it here";
    mockFetch({
      ...otherLists,
      "GET /api/admin/held-lessons": { body: pageOf([lesson]) },
      [`POST /api/admin/held-lessons/${lesson.id}/decision`]: () =>
        apiError(409, "invalid_state", message, { payoutId: "d0000000-0000-4000-8000-000000000009" }),
    });
    const { user } = renderApp("/admin/compliance", signedIn);
    const table = await heldTable();
    await user.click(
      within(table).getByRole("button", { name: "Refund student Lou Learner for the lesson on 10/03/2026" }),
    );

    const dialog = await screen.findByRole("dialog", { name: "Refund this lesson to the student?" });
    // $80.00 + $8.00 GST back to the card; the earning reversed; the student emailed.
    expect(dialog).toHaveTextContent(
      "$88.00 ($80.00 plus GST) goes back to Lou Learner's card. Rex Rejected's $60.00 earning is reversed. The lesson is cancelled and Lou Learner is emailed.",
    );
    await user.type(within(dialog).getByLabelText("Note (required)"), "Taught while rejected");
    await user.click(within(dialog).getByRole("button", { name: "Refund student" }));

    const error = await within(dialog).findByRole("alert");
    expect(error).toHaveTextContent("We couldn't save this decision");
    expect(error).toHaveTextContent(message);
    // Still listed: nothing was decided.
    expect(within(table).getByText("Lou Learner")).toBeInTheDocument();
  });

  it("says what each decision does for an unmarked lesson paid with a bundle credit", async () => {
    const lesson = heldLesson({ status: "SCHEDULED", paidWith: "BUNDLE", price: 70, instructorShare: 52.5 });
    mockFetch({ ...otherLists, "GET /api/admin/held-lessons": { body: pageOf([lesson]) } });
    const { user } = renderApp("/admin/compliance", signedIn);
    const table = await heldTable();
    await user.click(within(table).getByRole("button", { name: /^Refund student Lou Learner/ }));
    const dialog = await screen.findByRole("dialog", { name: "Refund this lesson to the student?" });
    expect(dialog).toHaveTextContent(
      "1 credit goes back to Lou Learner's bundle. Rex Rejected earns nothing for it (the lesson was never marked).",
    );
    await user.click(within(dialog).getByRole("button", { name: "Not now" }));
    await user.click(within(table).getByRole("button", { name: /^Pay instructor Rex Rejected/ }));
    expect(
      await screen.findByRole("dialog", { name: "Pay the instructor for this lesson?" }),
    ).toHaveTextContent("once the lesson is marked. It is not marked yet, so they are reminded to mark it.");
  });

  it("says so when no lesson is held", async () => {
    mockFetch({ ...otherLists, "GET /api/admin/held-lessons": { body: pageOf([]) } });
    renderApp("/admin/compliance", signedIn);
    expect(await screen.findByText("No held lessons")).toBeInTheDocument();
  });
});
