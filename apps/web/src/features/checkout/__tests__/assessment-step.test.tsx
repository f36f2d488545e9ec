import { addDaysToDate } from "@kerb/shared/rules";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { renderApp } from "@/test/render";
import {
  findStepHeading,
  keepaliveRoute,
  seedDraft,
  signedIn,
  storedDraft,
  today,
} from "./wizard-test-utils";

function startAssessment(flow: "bundle" | "multi_select" = "multi_select", assessmentData = {}) {
  seedDraft({ flow, currentStep: "assessment", suburb: "Bondi", assessmentData, assessmentStep: 1 });
  return renderApp("/student/book?resume=true", signedIn);
}

async function answerFirstTwo(user: ReturnType<typeof renderApp>["user"], level = "I've never driven") {
  await user.click(await screen.findByRole("radio", { name: new RegExp(level) }));
  await user.click(screen.getByRole("button", { name: "Next" }));
  await user.click(await screen.findByRole("radio", { name: /Automatic/ }));
  await user.click(screen.getByRole("button", { name: "Next" }));
}

describe("Assessment step", () => {
  it("shows a sub-step progress indicator and requires an experience level and a license type", async () => {
    mockFetch(keepaliveRoute);
    const { user } = startAssessment();
    await findStepHeading("Tell us about your driving");
    expect(
      screen.getByRole("heading", { name: "How much driving experience do you have?" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Assessment" })).toHaveAttribute("aria-valuenow", "1");
    expect(screen.getByText("Question 1 of 5")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Please choose your experience level.")).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { name: "How much driving experience do you have?" }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: /some experience/ }));
    expect(screen.queryByText("Please choose your experience level.")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));

    expect(await screen.findByText("Question 2 of 5")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Please choose a license type.")).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: /Manual/ }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Question 3 of 5")).toBeInTheDocument();
    expect(storedDraft()?.assessmentData).toMatchObject({
      experienceLevel: "some_experience",
      licenseType: "manual",
    });
  });

  it("refuses a target test date in the past and accepts today or later", async () => {
    mockFetch(keepaliveRoute);
    const { user } = startAssessment();
    await answerFirstTwo(user);

    const dateInput = await screen.findByLabelText("Target test date (optional)");
    expect(dateInput).toHaveAttribute("min", today());
    fireEvent.change(dateInput, { target: { value: addDaysToDate(today(), -1) } });
    expect(screen.getByText("Your test date can't be in the past.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Question 3 of 5")).toBeInTheDocument();

    fireEvent.change(dateInput, { target: { value: addDaysToDate(today(), 14) } });
    expect(screen.queryByText("Your test date can't be in the past.")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Question 4 of 5")).toBeInTheDocument();
  });

  it("lets the student pick focus skills (optional) and shows them in the summary", async () => {
    mockFetch(keepaliveRoute);
    const { user } = startAssessment();
    await answerFirstTwo(user);
    await user.click(screen.getByRole("button", { name: "Next" }));

    expect(await screen.findByRole("checkbox", { name: "Parallel Parking" })).toBeInTheDocument();
    expect(screen.getAllByRole("checkbox")).toHaveLength(8);
    await user.click(screen.getByRole("checkbox", { name: "Hill Starts" }));
    await user.click(screen.getByRole("checkbox", { name: "Night Driving" }));
    await user.click(screen.getByRole("button", { name: "Next" }));

    expect(await screen.findByRole("heading", { name: "Your recommendation" })).toBeInTheDocument();
    expect(screen.getByText("Hill Starts, Night Driving")).toBeInTheDocument();
    expect(screen.getByText("Not set")).toBeInTheDocument();
  });

  it.each([
    ["I've never driven", "20–30 lessons", "20"],
    ["I have some experience", "10–20 lessons", "10"],
    ["I've failed a driving test", "5–15 lessons", "5"],
  ])(
    "recommends the range for %s and starts the lesson count at its minimum",
    async (level, range, count) => {
      mockFetch(keepaliveRoute);
      const { user } = startAssessment();
      await answerFirstTwo(user, level);
      await user.click(screen.getByRole("button", { name: "Next" }));
      await user.click(screen.getByRole("button", { name: "Next" }));

      expect(await screen.findByText(range)).toBeInTheDocument();
      expect(screen.getByLabelText("Number of lessons")).toHaveValue(Number(count));
      expect(storedDraft()?.assessmentData).toMatchObject({ estimatedLessons: Number(count) });
    },
  );

  it("only accepts a lesson count from 1 to 50", async () => {
    mockFetch(keepaliveRoute);
    const { user } = startAssessment();
    await answerFirstTwo(user);
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    const input = await screen.findByLabelText("Number of lessons");

    await user.clear(input);
    await user.type(input, "0");
    expect(screen.getByText("Enter a number of lessons from 1 to 50.")).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByRole("heading", { name: "Your recommendation" })).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, "51");
    expect(screen.getByText("Enter a number of lessons from 1 to 50.")).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, "50");
    expect(screen.queryByText("Enter a number of lessons from 1 to 50.")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await findStepHeading("Choose your booking option");
    expect(storedDraft()).toMatchObject({
      currentStep: "rate_instructor_option",
      assessmentData: { estimatedLessons: 50 },
    });
  });

  it("steps back one question at a time, then to the suburb", async () => {
    mockFetch(keepaliveRoute);
    const { user } = startAssessment();
    await answerFirstTwo(user);
    expect(await screen.findByText("Question 3 of 5")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByText("Question 2 of 5")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Automatic/ })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByText("Question 1 of 5")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Back" }));
    await findStepHeading("Where would you like your lessons?");
    expect(screen.getByRole("radio", { name: "Bondi" })).toBeChecked();
  });

  it("sends Flow A to the instructor step after the recommendation", async () => {
    mockFetch({ ...keepaliveRoute, "GET /api/student/instructors": { body: [] } });
    seedDraft({
      flow: "bundle",
      currentStep: "assessment",
      suburb: "Bondi",
      assessmentStep: 5,
      assessmentData: { experienceLevel: "failed_test", licenseType: "manual", specificSkills: [] },
    });
    const { user } = renderApp("/student/book?resume=true", signedIn);
    expect(await screen.findByLabelText("Number of lessons")).toHaveValue(5);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await findStepHeading("Choose your instructor");
  });
});
