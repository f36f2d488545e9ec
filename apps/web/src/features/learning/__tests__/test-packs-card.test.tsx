/** The learner's driving-test packages on the Progress page, and the pass promise's claim (issue 33). */
import type { PassPromiseClaim, TestPackSummary } from "@kerb/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signedIn } from "@/test/booking-fixtures";
import { apiError, jsonResponse, type MockRequest, mockFetch } from "@/test/fetch-mock";
import { logbook, progress } from "@/test/learning-fixtures";
import { renderApp } from "@/test/render";

const PACK = "d0000000-0000-4000-8000-0000000000d1";
const failedPack: TestPackSummary = {
  bookingId: PACK,
  centre: {
    id: "st-marys",
    name: "St Marys Driver Testing Centre",
    address: "75–105 Mamre Road",
    suburb: "St Marys",
  },
  testAt: "2026-11-17T00:30:00.000Z",
  includesWarmUp: true,
  status: "COMPLETED",
  outcome: "FAILED",
  note: "Rolled through a stop sign",
  outcomeRecordedAt: "2026-11-17T02:00:00.000Z",
};
const pending: PassPromiseClaim = {
  id: "e0000000-0000-4000-8000-0000000000e1",
  status: "PENDING",
  createdAt: new Date().toISOString(),
  decidedAt: null,
  decisionNote: null,
  testPack: failedPack,
  credit: null,
};

const card = async () =>
  (await screen.findByRole("heading", { name: "Driving test packages" })).closest(
    "div.rounded-2xl",
  ) as HTMLElement;

describe("Driving test packages card", () => {
  it("shows a failed test with the instructor's note, and claims the free second pack once", async () => {
    const claims: unknown[] = [];
    mockFetch({
      "GET /api/student/progress": jsonResponse(200, progress({ testPacks: [failedPack] })),
      "GET /api/student/logbook": jsonResponse(200, logbook()),
      "GET /api/student/test-pack-claims": jsonResponse(200, { claims: [] }),
      "POST /api/student/test-pack-claims": ({ body }: MockRequest) => {
        claims.push(body);
        return jsonResponse(201, { claim: pending });
      },
    });
    const { user } = renderApp("/student/progress", signedIn);
    const tests = await card();
    expect(tests).toHaveTextContent("17/11/2026 at 11:30 am");
    expect(tests).toHaveTextContent("St Marys Driver Testing Centre");
    expect(within(tests).getByText("Not passed")).toBeInTheDocument();
    expect(tests).toHaveTextContent("“Rolled through a stop sign”");

    await user.click(await within(tests).findByRole("button", { name: "Claim a free second test package" }));
    expect(await within(tests).findByText(/Kerb is checking it and will email you/)).toBeInTheDocument();
    expect(claims).toEqual([{ bookingId: PACK }]);
    expect(within(tests).queryByRole("button", { name: /Claim/ })).not.toBeInTheDocument();
  });

  it("shows the server's reason when the promise does not apply", async () => {
    mockFetch({
      "GET /api/student/progress": jsonResponse(200, progress({ testPacks: [failedPack] })),
      "GET /api/student/logbook": jsonResponse(200, logbook()),
      "GET /api/student/test-pack-claims": jsonResponse(200, { claims: [] }),
      "POST /api/student/test-pack-claims": apiError(
        409,
        "pass_promise_refused",
        "The pass promise needs at least 10 completed lessons on Kerb; you have 4.",
      ),
    });
    const { user } = renderApp("/student/progress", signedIn);
    const tests = await card();
    await user.click(await within(tests).findByRole("button", { name: "Claim a free second test package" }));
    expect(await within(tests).findByText(/you have 4/)).toBeInTheDocument();
  });

  it("offers a package when none is booked, and no claim without a failed test", async () => {
    mockFetch({
      "GET /api/student/progress": jsonResponse(200, progress()),
      "GET /api/student/logbook": jsonResponse(200, logbook()),
    });
    renderApp("/student/progress", signedIn);
    const tests = await card();
    expect(within(tests).getByRole("link", { name: "Book a test package" })).toHaveAttribute(
      "href",
      "/student/test-pack",
    );
    expect(within(tests).queryByRole("button", { name: /Claim/ })).not.toBeInTheDocument();
  });
});
