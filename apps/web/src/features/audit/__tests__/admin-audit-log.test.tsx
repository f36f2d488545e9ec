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
});
