/**
 * The instructor's side of the learner's journey (issue 23): the learner's assessment on each lesson and
 * on the dashboard's schedule, and the lesson record, on a phone, right after marking a lesson completed.
 */
import type { InstructorLesson, LearnerAssessment, LessonSkill } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, jsonResponse, type MockRequest, mockFetch } from "@/test/fetch-mock";
import { instructorUser, sessionFor } from "@/test/fixtures";
import { availability, dashboard, lessonAt } from "@/test/instructor-fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(instructorUser) };
const page = (items: InstructorLesson[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

const assessment: LearnerAssessment = {
  experienceLevel: "SOME_EXPERIENCE",
  licenseType: "MANUAL",
  targetTestDate: "2099-02-14",
  focusSkills: ["Roundabouts", "Highway Driving"],
  assessedAt: "2099-01-01T00:00:00.000Z",
};

function pastLessons(items: InstructorLesson[]) {
  return ({ path }: MockRequest) => jsonResponse(200, page(path.includes("scope=past") ? items : []));
}

const itemFor = (name: string) => screen.getByText(name).closest("li") as HTMLElement;

async function openPast(user: ReturnType<typeof renderApp>["user"], name: string) {
  await screen.findByText("No upcoming lessons");
  await user.click(screen.getByRole("tab", { name: "Past" }));
  await screen.findByText(name);
  return itemFor(name);
}

describe("The learner's assessment on the instructor's lessons", () => {
  it("shows experience, licence, test date and focus skills on the lesson", async () => {
    const done = lessonAt(-30, {
      status: "COMPLETED",
      student: { firstName: "Ava", lastName: "Learner", phone: null },
      assessment,
    });
    mockFetch({ "GET /api/instructor/lessons": pastLessons([done]) });
    const { user } = renderApp("/instructor/lessons", signedIn);
    const item = await openPast(user, "Ava Learner");
    expect(item).toHaveTextContent("Some experience · Manual licence · Test 14/02/2099");
    expect(within(item).getByText("Roundabouts")).toBeInTheDocument();
    expect(within(item).getByText("Highway Driving")).toBeInTheDocument();
  });

  it("shows it on the dashboard's schedule too, and says when no test is booked", async () => {
    const next = lessonAt(30, {
      student: { firstName: "Ben", lastName: "Next", phone: null },
      assessment: { ...assessment, targetTestDate: null, focusSkills: [] },
    });
    mockFetch({
      "GET /api/instructor/dashboard": jsonResponse(200, dashboard({ upcoming: [next] })),
      "GET /api/instructor/availability": jsonResponse(200, availability()),
    });
    renderApp("/instructor/dashboard", signedIn);
    const name = await screen.findByText("Ben Next");
    expect(name.closest("li")).toHaveTextContent("Some experience · Manual licence · No test booked");
  });
});

describe("Lesson records", () => {
  it("opens the record right after marking completed: focus skills first, one tap a level, saved and emailed", async () => {
    const ended = lessonAt(-3, {
      student: { firstName: "Ava", lastName: "Learner", phone: null },
      assessment,
    });
    const completed: InstructorLesson = { ...ended, status: "COMPLETED", payIfTaught: null };
    let current = ended;
    const { callsTo } = mockFetch({
      "GET /api/instructor/lessons": (request) => pastLessons([current])(request),
      [`POST /api/instructor/lessons/${ended.id}/complete`]: () => {
        current = completed;
        return jsonResponse(200, { lesson: completed });
      },
      [`PUT /api/instructor/lessons/${ended.id}/record`]: (request) => {
        const body = request.body as { skills: LessonSkill[]; note: string };
        current = {
          ...completed,
          record: {
            skills: body.skills,
            note: body.note,
            logbookConfirmedAt: new Date().toISOString(),
            createdAt: new Date().toISOString(),
            updatedAt: new Date().toISOString(),
          },
        };
        return jsonResponse(200, { lesson: current });
      },
      "GET /api/instructor/availability": jsonResponse(200, availability()),
    });
    const { user } = renderApp("/instructor/lessons", signedIn);
    const item = await openPast(user, "Ava Learner");
    await user.click(within(item).getByRole("button", { name: "Mark completed" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Mark this lesson completed?" });
    await user.click(within(dialog).getByRole("button", { name: "Mark completed" }));

    const form = await screen.findByRole("form", { name: "Lesson record for Ava" });
    // The learner's focus skills come first, marked; then the rest in the spec's order.
    const groups = within(form).getAllByRole("radiogroup");
    expect(groups.map((g) => g.getAttribute("aria-label"))).toEqual([
      "Highway Driving: level",
      "Roundabouts: level",
      "Parallel Parking: level",
      "City Traffic: level",
      "Night Driving: level",
      "Reverse Parking: level",
      "Hill Starts: level",
      "Test Preparation: level",
    ]);
    expect(within(form).getAllByText("Focus")).toHaveLength(2);

    // Nothing picked: saying so, not sending.
    await user.click(within(form).getByRole("button", { name: "Save record" }));
    expect(within(form).getByText("Record at least one skill")).toBeInTheDocument();
    expect(callsTo("PUT", `/api/instructor/lessons/${ended.id}/record`)).toHaveLength(0);

    await user.click(
      within(within(form).getByRole("radiogroup", { name: "Roundabouts: level" })).getByRole("radio", {
        name: "Practising",
      }),
    );
    const hills = within(form).getByRole("radiogroup", { name: "Hill Starts: level" });
    await user.click(within(hills).getByRole("radio", { name: "Introduced" }));
    // A second tap on another level moves it; the first one is let go.
    await user.click(within(hills).getByRole("radio", { name: "Competent" }));
    expect(within(hills).getByRole("radio", { name: "Competent" })).toBeChecked();
    expect(within(hills).getByRole("radio", { name: "Introduced" })).not.toBeChecked();
    await user.type(within(form).getByLabelText("Note for Ava (optional)"), "Great mirror checks.");
    await user.click(within(form).getByRole("checkbox", { name: /structured lesson with me/ }));
    await user.click(within(form).getByRole("button", { name: "Save record" }));

    expect(
      await screen.findByText(/Record of the lesson with Ava Learner on .* saved and emailed to Ava\./),
    ).toBeInTheDocument();
    expect(callsTo("PUT", `/api/instructor/lessons/${ended.id}/record`)[0]?.body).toEqual({
      skills: [
        { skill: "Roundabouts", level: "PRACTISING" },
        { skill: "Hill Starts", level: "COMPETENT" },
      ],
      note: "Great mirror checks.",
      confirmLogbook: true,
    });
    // The list reloads with the record: its summary, and Edit record.
    await waitFor(() =>
      expect(within(itemFor("Ava Learner")).getByText("Roundabouts · Practising")).toBeVisible(),
    );
    const saved = itemFor("Ava Learner");
    expect(saved).toHaveTextContent("“Great mirror checks.”");
    expect(saved).toHaveTextContent("Confirmed as a structured lesson for the NSW logbook");
    expect(within(saved).getByRole("button", { name: "Edit record" })).toBeInTheDocument();
  });

  it("edits a saved record from where it was left, and shows the server's refusal", async () => {
    const done = lessonAt(-30, {
      status: "COMPLETED",
      student: { firstName: "Ava", lastName: "Learner", phone: null },
      assessment,
      record: {
        skills: [{ skill: "Night Driving", level: "INTRODUCED" }],
        note: "First night drive.",
        logbookConfirmedAt: null,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      },
    });
    mockFetch({
      "GET /api/instructor/lessons": pastLessons([done]),
      [`PUT /api/instructor/lessons/${done.id}/record`]: apiError(
        409,
        "invalid_state",
        "A lesson can be recorded once you have marked it completed",
      ),
    });
    const { user } = renderApp("/instructor/lessons", signedIn);
    const item = await openPast(user, "Ava Learner");
    expect(item).toHaveTextContent("Night Driving · Introduced");
    expect(item).toHaveTextContent("Not confirmed for the NSW logbook");
    await user.click(within(item).getByRole("button", { name: "Edit record" }));

    const form = await screen.findByRole("form", { name: "Lesson record for Ava" });
    const night = within(form).getByRole("radiogroup", { name: "Night Driving: level" });
    expect(within(night).getByRole("radio", { name: "Introduced" })).toBeChecked();
    expect(within(form).getByLabelText("Note for Ava (optional)")).toHaveValue("First night drive.");
    expect(within(form).getByRole("checkbox", { name: /structured lesson with me/ })).not.toBeChecked();
    await user.click(within(form).getByRole("button", { name: "Save record" }));
    expect(
      await within(form).findByText("A lesson can be recorded once you have marked it completed"),
    ).toBeInTheDocument();
    // Cancel leaves the record as it was.
    await user.click(within(form).getByRole("button", { name: "Cancel" }));
    expect(itemFor("Ava Learner")).toHaveTextContent("Night Driving · Introduced");
  });
});
