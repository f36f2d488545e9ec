/** A driving-test package on the instructor's lessons (issue 33): where and when, and the result. */
import type { InstructorLesson, TestPackSummary } from "@kerb/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, type MockRequest, mockFetch } from "@/test/fetch-mock";
import { instructorUser, sessionFor } from "@/test/fixtures";
import { lessonAt } from "@/test/instructor-fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(instructorUser) };
const page = (items: InstructorLesson[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

function packOn(lesson: InstructorLesson, testAt: string, overrides: Partial<TestPackSummary> = {}) {
  return {
    ...lesson,
    testPack: {
      bookingId: lesson.id,
      centre: { id: "ryde", name: "Ryde Service Centre", address: "Ryde NSW 2112", suburb: "Ryde" },
      testAt,
      includesWarmUp: true,
      status: lesson.status,
      outcome: null,
      note: null,
      outcomeRecordedAt: null,
      ...overrides,
    },
  };
}

describe("A test package on the instructor's lessons", () => {
  it("says where the test is, offers no new time, and records the result once the test has started", async () => {
    const upcoming = lessonAt(72, { student: { firstName: "Una", lastName: "Upcoming", phone: null } });
    const later = packOn(upcoming, new Date(Date.parse(upcoming.startTime) + 95 * 60_000).toISOString());
    const done = lessonAt(-3, { student: { firstName: "Tia", lastName: "Tested", phone: null } });
    const tested = packOn(done, new Date(Date.now() - 90 * 60_000).toISOString());
    const bodies: unknown[] = [];
    mockFetch({
      "GET /api/instructor/lessons": ({ path }: MockRequest) =>
        jsonResponse(200, page(path.includes("scope=past") ? [tested] : [later])),
      [`POST /api/instructor/lessons/${done.id}/test-outcome`]: ({ body }: MockRequest) => {
        bodies.push(body);
        return jsonResponse(200, {
          testPack: { ...tested.testPack, outcome: "NOT_TAKEN", note: "Car failed the check" },
        });
      },
    });
    const { user } = renderApp("/instructor/lessons", signedIn);
    await screen.findByText("Una Upcoming");
    const upcomingItem = screen.getByText("Una Upcoming").closest("li") as HTMLElement;
    const note = within(upcomingItem).getByRole("region", { name: "Driving test package" });
    expect(note).toHaveTextContent("A 60-minute warm-up lesson first, then the test.");
    expect(upcomingItem).toHaveTextContent(/Test package · Ryde Service Centre · test \d{1,2}:\d{2} [ap]m/);
    expect(within(note).queryByRole("button", { name: "Record result" })).not.toBeInTheDocument();
    expect(within(upcomingItem).queryByRole("button", { name: "Propose new time" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Past" }));
    await screen.findByText("Tia Tested");
    const pastItem = screen.getByText("Tia Tested").closest("li") as HTMLElement;
    const form = within(pastItem).getByRole("region", { name: "Driving test package" });
    await user.selectOptions(within(form).getByLabelText("How did the test go?"), "NOT_TAKEN");
    await user.click(within(form).getByRole("button", { name: "Record result" }));
    expect(within(form).getByText("Say why the test was not taken")).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(within(form).getByLabelText("Note (why it was not taken)"), "Car failed the check");
    await user.click(within(form).getByRole("button", { name: "Record result" }));
    expect(await screen.findByText("Test result recorded for Tia: test not taken.")).toBeInTheDocument();
    expect(bodies).toEqual([{ outcome: "NOT_TAKEN", note: "Car failed the check" }]);
  });
});
