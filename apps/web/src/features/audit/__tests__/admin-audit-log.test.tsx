import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pageOf } from "@/test/admin-fixtures";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { adminUser as adminAccount, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(adminAccount) };

describe("Admin console: audit log", () => {
  it("shows who did what and when in the audit log", async () => {
    mockFetch({
      "GET /api/admin/audit-log": jsonResponse(
        200,
        pageOf([
          {
            id: "f1000000-0000-4000-8000-000000000001",
            action: "instructor.reject",
            targetType: "instructor",
            targetId: "f1000000-0000-4000-8000-000000000002",
            details: { reason: "Licence does not match" },
            createdAt: "2026-11-01T00:00:00.000Z",
            actor: {
              id: "f1000000-0000-4000-8000-000000000003",
              email: "admin@demo.test",
              firstName: "Alex",
              lastName: "Admin",
            },
          },
        ]),
      ),
    });
    renderApp("/admin/audit-log", signedIn);
    // The action's name is also an option of the Action filter: look for it in the table.
    const table = await screen.findByRole("table", { name: "Audit log" });
    const row = within(table).getByText("Rejected an instructor").closest("tr") as HTMLElement;
    expect(row).toHaveTextContent("01/11/2026");
    expect(row).toHaveTextContent("11:00 am");
    expect(row).toHaveTextContent("Alex Admin");
    expect(row).toHaveTextContent("Reason: Licence does not match");
  });

  it("words every kind of action, move proposals and calendar links included, and filters by them", async () => {
    const entry = (n: number, action: string) => ({
      id: `f1000000-0000-4000-8000-00000000003${n}`,
      action,
      targetType: "booking",
      targetId: "f1000000-0000-4000-8000-000000000040",
      details: {},
      createdAt: "2026-11-01T00:00:00.000Z",
      actor: null,
    });
    mockFetch({
      "GET /api/admin/audit-log": jsonResponse(
        200,
        pageOf([
          entry(1, "booking.move_proposal"),
          entry(2, "booking.held_refund"),
          entry(3, "calendar.feed_create"),
          entry(4, "lesson_record.create"),
          entry(5, "some.future_action"),
        ]),
      ),
    });
    renderApp("/admin/audit-log", signedIn);
    const table = await screen.findByRole("table", { name: "Audit log" });
    for (const words of [
      "Proposed a new time for a lesson",
      "Refunded a held lesson to the learner",
      "Created a calendar link",
      "Recorded what a lesson taught",
      "some.future_action",
    ]) {
      expect(within(table).getByText(words)).toBeInTheDocument();
    }
    const filter = screen.getByRole("combobox", { name: /Action/ });
    expect(within(filter).getByRole("option", { name: "Calendar links: all" })).toBeInTheDocument();
    expect(within(filter).getByRole("option", { name: "Took leave" })).toBeInTheDocument();
  });

  it("shows changes as before → after in words: weekly hours, ABN and payouts", async () => {
    const actor = {
      id: "f1000000-0000-4000-8000-000000000013",
      email: "ivy@example.test",
      firstName: "Ivy",
      lastName: "Teacher",
    };
    const entry = (n: number, action: string, details: unknown) => ({
      id: `f1000000-0000-4000-8000-00000000002${n}`,
      action,
      targetType: "instructor",
      targetId: actor.id,
      details,
      createdAt: "2026-11-01T00:00:00.000Z",
      actor,
    });
    mockFetch({
      "GET /api/admin/audit-log": jsonResponse(
        200,
        pageOf([
          entry(1, "availability.hours_replace", {
            before: [{ weekday: 1, start: "09:00", end: "17:00" }],
            after: [{ weekday: 1, start: "10:00", end: "16:00" }],
          }),
          entry(2, "instructor.payout_details", {
            before: { abn: null, gstRegistered: false },
            after: { abn: "51824753556", gstRegistered: true },
          }),
          entry(3, "payout.create", { period: "2026-01-05..2026-01-11", lessons: 4, amountCents: 19875 }),
        ]),
      ),
    });
    renderApp("/admin/audit-log", signedIn);
    const table = await screen.findByRole("table", { name: "Audit log" });
    const row = (label: string) => within(table).getByText(label).closest("tr") as HTMLElement;
    expect(row("Changed weekly hours")).toHaveTextContent("Mon 09:00–17:00 → Mon 10:00–16:00");
    const abn = row("Changed ABN or GST status");
    expect(abn).toHaveTextContent("ABN: none → 51 824 753 556");
    expect(abn).toHaveTextContent("GST registered: no → yes");
    expect(row("Made up a payout")).toHaveTextContent("$198.75 for 05/01/2026 – 11/01/2026, 4 lessons");
    // The summary column has no keys or JSON: the record itself stays one click away.
    for (const label of ["Changed weekly hours", "Changed ABN or GST status"]) {
      const what = within(row(label)).getByText(label).parentElement as HTMLElement;
      expect(what.textContent).not.toMatch(/gstRegistered|weekday|[{}]/);
    }
  });
});
