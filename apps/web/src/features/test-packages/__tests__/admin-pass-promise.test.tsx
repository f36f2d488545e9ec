/** The admin decides the pass promise's claims (issue 33). */
import type { AdminPassPromiseClaim } from "@kerb/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, type MockRequest, mockFetch } from "@/test/fetch-mock";
import { adminUser, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const person = (id: string, firstName: string, lastName: string) => ({ id, firstName, lastName });
function claim(
  id: string,
  firstName: string,
  overrides: Partial<AdminPassPromiseClaim> = {},
): AdminPassPromiseClaim {
  return {
    id,
    status: "PENDING",
    createdAt: "2026-11-20T01:00:00.000Z",
    decidedAt: null,
    decisionNote: null,
    testPack: {
      bookingId: `${id.slice(0, -1)}f`,
      centre: { id: "ryde", name: "Ryde Service Centre", address: "Ryde NSW 2112", suburb: "Ryde" },
      testAt: "2026-11-17T00:30:00.000Z",
      includesWarmUp: true,
      status: "COMPLETED",
      outcome: "FAILED",
      note: "Kerb-side stop",
      outcomeRecordedAt: "2026-11-17T02:00:00.000Z",
    },
    credit: null,
    student: {
      ...person("c0000000-0000-4000-8000-0000000000c1", firstName, "Learner"),
      email: `${firstName.toLowerCase()}@example.com`,
    },
    instructor: person("c0000000-0000-4000-8000-0000000000c2", "Daniel", "Cooper"),
    completedLessons: 12,
    decidedBy: null,
    ...overrides,
  };
}

describe("Pass promise claims", () => {
  it("shows the outcome and lessons counted, approves one and declines another with a reason", async () => {
    const ann = claim("a0000000-0000-4000-8000-0000000000a1", "Ann");
    const bo = claim("b0000000-0000-4000-8000-0000000000b1", "Bo", { completedLessons: 4 });
    let items = [ann, bo];
    const declines: unknown[] = [];
    const api = mockFetch({
      "GET /api/admin/test-pack-claims": () =>
        jsonResponse(200, { items, total: items.length, page: 1, pageSize: 20 }),
      [`POST /api/admin/test-pack-claims/${ann.id}/approve`]: () => {
        items = [{ ...ann, status: "APPROVED", decidedAt: new Date().toISOString() }, bo];
        return jsonResponse(200, { claim: items[0] });
      },
      [`POST /api/admin/test-pack-claims/${bo.id}/decline`]: ({ body }: MockRequest) => {
        declines.push(body);
        items = [
          items[0] as AdminPassPromiseClaim,
          { ...bo, status: "DECLINED", decidedAt: new Date().toISOString() },
        ];
        return jsonResponse(200, { claim: items[1] });
      },
    });
    const { user } = renderApp("/admin/pass-promise", { session: sessionFor(adminUser) });
    const table = await screen.findByRole("table", { name: "Pass-promise claims" });
    const row = (name: string) => within(table).getByText(name).closest("tr") as HTMLElement;
    expect(row("Ann Learner")).toHaveTextContent("Ryde Service Centre");
    expect(row("Ann Learner")).toHaveTextContent("Daniel Cooper: not passed (“Kerb-side stop”)");
    expect(row("Bo Learner")).toHaveTextContent("4 completed");

    await user.click(within(row("Ann Learner")).getByRole("button", { name: "Approve" }));
    expect(await within(row("Ann Learner")).findByText("Approved")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/admin/test-pack-claims/${ann.id}/approve`)).toHaveLength(1);

    await user.click(within(row("Bo Learner")).getByRole("button", { name: "Decline" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Decline this claim?" });
    await user.click(within(dialog).getByRole("button", { name: "Decline claim" }));
    expect(within(dialog).getByText("Say why the claim is declined")).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox"), "Only 4 lessons on Kerb");
    await user.click(within(dialog).getByRole("button", { name: "Decline claim" }));
    expect(await within(row("Bo Learner")).findByText("Declined")).toBeInTheDocument();
    expect(declines).toEqual([{ note: "Only 4 lessons on Kerb" }]);
  });
});
