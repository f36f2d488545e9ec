import type { AdminOutboxMessage } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pageOf } from "@/test/admin-fixtures";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { adminUser as adminAccount, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(adminAccount) };

function message(overrides: Partial<AdminOutboxMessage> = {}): AdminOutboxMessage {
  return {
    id: "7a1d3c8e-1a2b-4c5d-8e9f-000000000001",
    kind: "booking_confirmed",
    toEmail: "sam@example.test",
    toName: "Sam Learner",
    subject: "Lesson confirmed: 12/05/2026 with Daniel",
    preview: "Hi Sam,",
    attachments: ["kerb-lesson.ics"],
    status: "FAILED",
    attempts: 8,
    nextAttemptAt: null,
    lastError: "451 Mailbox busy",
    createdAt: "2026-05-01T01:00:00.000Z",
    sentAt: null,
    ...overrides,
  };
}

describe("Admin console: outbox", () => {
  it("lists emails with subject, kind, recipient, status and the last error; only failed ones can be retried", async () => {
    const sent = message({
      id: "7a1d3c8e-1a2b-4c5d-8e9f-000000000002",
      kind: "lesson_reminder",
      subject: "Reminder: lesson 12/05/2026 at 10:00 am with Daniel",
      attachments: [],
      status: "SENT",
      attempts: 1,
      lastError: null,
      sentAt: "2026-05-01T01:00:05.000Z",
    });
    const { callsTo } = mockFetch({ "GET /api/admin/outbox": jsonResponse(200, pageOf([message(), sent])) });
    const { user, router } = renderApp("/admin/outbox", signedIn);

    const table = await screen.findByRole("table", { name: "Outbox emails" });
    const [, failed, done] = within(table).getAllByRole("row");
    expect(failed).toHaveTextContent("Lesson confirmed: 12/05/2026 with Daniel");
    expect(failed).toHaveTextContent("Booking confirmed · kerb-lesson.ics");
    expect(failed).toHaveTextContent("sam@example.test");
    expect(failed).toHaveTextContent("Failed");
    expect(failed).toHaveTextContent("451 Mailbox busy");
    expect(within(failed as HTMLElement).getByRole("button", { name: "Retry" })).toBeEnabled();
    expect(done).toHaveTextContent("Lesson reminder");
    expect(done).toHaveTextContent("Sent");
    expect(within(done as HTMLElement).queryByRole("button", { name: "Retry" })).toBeNull();

    await user.selectOptions(screen.getByLabelText("Status"), "FAILED");
    await waitFor(() =>
      expect(callsTo("GET", "/api/admin/outbox?status=FAILED&page=1&pageSize=20")).toHaveLength(1),
    );
    expect(router.state.location.search).toBe("?status=FAILED");
  });

  it("names every kind the API sends, and shows one it does not know as it is", async () => {
    const verified = message({ id: "7a1d3c8e-1a2b-4c5d-8e9f-000000000003", kind: "instructor_verified" });
    const older = message({ id: "7a1d3c8e-1a2b-4c5d-8e9f-000000000004", kind: "retired_kind" });
    mockFetch({ "GET /api/admin/outbox": jsonResponse(200, pageOf([verified, older])) });
    renderApp("/admin/outbox", signedIn);

    const table = await screen.findByRole("table", { name: "Outbox emails" });
    const [, first, second] = within(table).getAllByRole("row");
    expect(first).toHaveTextContent("Instructor verified");
    expect(second).toHaveTextContent("retired_kind");
  });

  it("retries a failed email and says it was sent", async () => {
    let current = message();
    const { callsTo } = mockFetch({
      "GET /api/admin/outbox": () => jsonResponse(200, pageOf([current])),
      [`POST /api/admin/outbox/${current.id}/retry`]: () => {
        current = message({
          status: "SENT",
          attempts: 9,
          lastError: null,
          sentAt: "2026-05-02T00:00:00.000Z",
        });
        return jsonResponse(200, { message: current });
      },
    });
    const { user } = renderApp("/admin/outbox", signedIn);
    await user.click(await screen.findByRole("button", { name: "Retry" }));
    expect(await screen.findByText("The email was sent.")).toBeInTheDocument();
    expect(callsTo("POST", `/api/admin/outbox/${current.id}/retry`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Retry" })).toBeNull());
  });

  it("says when the mail server refused again", async () => {
    const failed = message();
    mockFetch({
      "GET /api/admin/outbox": jsonResponse(200, pageOf([failed])),
      [`POST /api/admin/outbox/${failed.id}/retry`]: jsonResponse(200, { message: message({ attempts: 9 }) }),
    });
    const { user } = renderApp("/admin/outbox", signedIn);
    await user.click(await screen.findByRole("button", { name: "Retry" }));
    expect(await screen.findByText(/The mail server refused it again/)).toBeInTheDocument();
  });

  it("says when nothing has failed", async () => {
    mockFetch({ "GET /api/admin/outbox": jsonResponse(200, pageOf([])) });
    renderApp("/admin/outbox?status=FAILED", signedIn);
    expect(await screen.findByText("No failed emails")).toBeInTheDocument();
  });
});
