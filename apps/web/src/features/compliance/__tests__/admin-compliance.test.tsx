import type { ComplianceFollowUpLesson } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminInstructor, pageOf } from "@/test/admin-fixtures";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { adminUser as adminAccount, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(adminAccount) };

function followUpLesson(overrides: Partial<ComplianceFollowUpLesson> = {}): ComplianceFollowUpLesson {
  return {
    id: "c0000000-0000-4000-8000-000000000001",
    startTime: "2099-01-15T23:00:00.000Z",
    endTime: "2099-01-16T00:00:00.000Z",
    suburb: "Bondi",
    price: 80,
    paidWith: "CARD",
    paymentId: "c0000000-0000-4000-8000-000000000002",
    bundleId: null,
    student: {
      id: "c0000000-0000-4000-8000-000000000003",
      firstName: "Sam",
      lastName: "Learner",
      email: "sam@example.test",
    },
    instructor: {
      id: "c0000000-0000-4000-8000-000000000004",
      firstName: "Dana",
      lastName: "Delisted",
      verificationStatus: "VERIFIED",
      licenseExpiresOn: "2026-01-31",
      wwcExpiresOn: "2099-01-01",
    },
    reasons: ["LICENCE_EXPIRED"],
    studentNotifiedAt: "2026-02-01T00:00:00.000Z",
    ...overrides,
  };
}

describe("Admin console: instructors can be searched, sorted and flagged", () => {
  it("searches everyone by name, sorts, and narrows to instructors whose documents need attention", async () => {
    const flaggedIvy = adminInstructor({
      firstName: "Ivy",
      lastName: "Undated",
      verificationStatus: "VERIFIED",
      licenseExpiresOn: null,
      wwcExpiresOn: "2099-01-01",
      compliance: {
        licenseExpired: false,
        wwcExpired: false,
        licenseMissing: true,
        wwcMissing: false,
        isListed: false,
        reasons: ["DOCUMENTS_MISSING"],
        expiringSoon: false,
      },
    });
    const { callsTo } = mockFetch({ "GET /api/admin/instructors": { body: pageOf([flaggedIvy]) } });
    const { user } = renderApp("/admin/instructors", signedIn);
    const row = (await screen.findByText("Ivy Undated")).closest("tr") as HTMLElement;
    expect(row).toHaveTextContent("Dates missing");
    expect(row).toHaveTextContent("Not listed");
    expect(row).toHaveTextContent("Licence: not recorded");
    // The flagged count is shown above the queue.
    expect(
      await screen.findByText("1 verified instructor has documents needing attention"),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText("Search instructors"), "ivy");
    await user.click(screen.getByRole("button", { name: "Search" }));
    // Searching looks at every status, not just the verification queue.
    await waitFor(() =>
      expect(callsTo("GET", "/api/admin/instructors?search=ivy&page=1&pageSize=20")).toHaveLength(1),
    );
    expect(screen.getByLabelText("Status")).toHaveValue("ALL");

    await user.selectOptions(screen.getByLabelText("Sort by"), "name");
    await waitFor(() =>
      expect(callsTo("GET", "/api/admin/instructors?search=ivy&sort=name&page=1&pageSize=20")).toHaveLength(
        1,
      ),
    );
    await user.click(
      screen.getByRole("checkbox", { name: /Only instructors whose documents need attention/ }),
    );
    await waitFor(() =>
      expect(
        callsTo("GET", "/api/admin/instructors?search=ivy&sort=name&flagged=true&page=1&pageSize=20"),
      ).toHaveLength(1),
    );
  });
});

describe("Admin console: compliance follow-up", () => {
  it("lists lessons whose instructor may not teach, and cancels one with a full refund", async () => {
    const lesson = followUpLesson();
    const { callsTo } = mockFetch({
      "GET /api/admin/compliance/follow-up": { body: pageOf([lesson]) },
      "GET /api/admin/instructors": { body: pageOf([], 2) },
      "GET /api/admin/held-lessons": { body: pageOf([]) },
      [`GET /api/admin/bookings/${lesson.id}/cancellation`]: {
        body: {
          tier: "full",
          refund: { amount: 88, gst: 8, method: "CARD" },
          creditReturned: false,
          summary: "The student is refunded in full: $88.00 including $8.00 GST goes back to their card.",
        },
      },
      [`POST /api/admin/bookings/${lesson.id}/cancel`]: jsonResponse(200, {
        refund: 88,
        bundleCreditReturned: false,
        booking: {},
      }),
    });
    const { user } = renderApp("/admin/compliance", signedIn);
    const row = (await screen.findByText("Dana Delisted")).closest("tr") as HTMLElement;
    expect(row).toHaveTextContent("Driving instructor licence expired");
    expect(row).toHaveTextContent("Licence 31/01/2026");
    expect(row).toHaveTextContent("sam@example.test");
    expect(row).toHaveTextContent("Emailed");
    expect(screen.getByText("2 instructors need their documents checked")).toBeInTheDocument();

    await user.click(within(row).getByRole("button", { name: /Cancel Sam Learner's lesson/ }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel this booking?" });
    expect(
      await within(dialog).findByText(/The student is refunded in full: \$88\.00 including \$8\.00 GST/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel booking" }));
    await waitFor(() => expect(callsTo("POST", `/api/admin/bookings/${lesson.id}/cancel`)).toHaveLength(1));
  });

  it("says so when there is nothing to follow up", async () => {
    mockFetch({
      "GET /api/admin/compliance/follow-up": { body: pageOf([]) },
      "GET /api/admin/instructors": { body: pageOf([], 0) },
      "GET /api/admin/held-lessons": { body: pageOf([]) },
    });
    renderApp("/admin/compliance", signedIn);
    expect(await screen.findByText("Nothing to follow up")).toBeInTheDocument();
  });
});

describe("Admin console: audit log filters", () => {
  it("filters by who, action and dates, and shows before → after", async () => {
    const { callsTo } = mockFetch({
      "GET /api/admin/audit-log": jsonResponse(
        200,
        pageOf([
          {
            id: "a1000000-0000-4000-8000-000000000001",
            action: "instructor.rate_change",
            targetType: "instructor",
            targetId: "a1000000-0000-4000-8000-000000000002",
            details: { before: { standardRateCents: 8000 }, after: { standardRateCents: 8500 } },
            createdAt: "2026-03-01T02:00:00.000Z",
            actor: {
              id: "a1000000-0000-4000-8000-000000000002",
              email: "ivy@example.test",
              firstName: "Ivy",
              lastName: "Teacher",
            },
          },
        ]),
      ),
    });
    const { user } = renderApp("/admin/audit-log", signedIn);
    const table = await screen.findByRole("table", { name: "Audit log" });
    expect(within(table).getByText("Changed their hourly rate")).toBeInTheDocument();
    expect(within(table).getByText("Hourly rate: $80.00 → $85.00")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Who"), "ivy");
    await user.type(screen.getByLabelText("From"), "2026-03-01");
    await user.type(screen.getByLabelText("To"), "2026-02-01");
    await user.click(screen.getByRole("button", { name: "Filter" }));
    expect(await screen.findByText("From must be on or before To")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("To"));
    await user.type(screen.getByLabelText("To"), "2026-03-31");
    await user.click(screen.getByRole("button", { name: "Filter" }));
    await waitFor(() =>
      expect(
        callsTo("GET", "/api/admin/audit-log?actor=ivy&from=2026-03-01&to=2026-03-31&page=1&pageSize=25"),
      ).toHaveLength(1),
    );
    await user.selectOptions(screen.getByLabelText("Action"), "booking.");
    await waitFor(() =>
      expect(
        callsTo(
          "GET",
          "/api/admin/audit-log?actor=ivy&action=booking.&from=2026-03-01&to=2026-03-31&page=1&pageSize=25",
        ),
      ).toHaveLength(1),
    );
  });
});
