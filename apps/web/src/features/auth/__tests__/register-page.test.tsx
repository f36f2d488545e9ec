import { SUBURBS } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { instructorUser, sessionFor, studentProfile, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";

type User = ReturnType<typeof renderApp>["user"];

const submitStudent = () => screen.getByRole("button", { name: "Create student account" });
const submitInstructor = () => screen.getByRole("button", { name: "Create instructor account" });

async function fillCommon(user: User, overrides: Partial<Record<string, string>> = {}) {
  const values = {
    "First name": "Sam",
    "Last name": "Learner",
    Email: "new.learner@example.com",
    Phone: "0400 123 456",
    Password: "secret1",
    "Confirm password": "secret1",
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  await user.click(screen.getByRole("checkbox", { name: /I accept Kerb's terms of use/ }));
}

async function fillStudent(user: User) {
  await user.selectOptions(screen.getByLabelText("Suburb"), "Parramatta");
  await user.selectOptions(screen.getByLabelText("License type"), "AUTOMATIC");
  await user.selectOptions(screen.getByLabelText("Experience level"), "NEVER_DRIVEN");
}

async function fillInstructor(user: User, overrides: Partial<Record<string, string>> = {}) {
  const values: Record<string, string> = {
    "License number": "1234 5678",
    "Standard rate (AUD per hour)": "75",
    Languages: "English, Mandarin",
    "Suburbs you cover": "Parramatta, Blacktown",
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  await user.selectOptions(screen.getByLabelText("Vehicle type"), "AUTOMATIC");
}

async function openRegister(path = "/register") {
  const rendered = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: "Create your account" });
  return rendered;
}

async function chooseInstructor(user: User) {
  await user.click(screen.getByRole("radio", { name: /^Instructor/ }));
  await screen.findByRole("button", { name: "Create instructor account" });
}

describe("Register page: student", () => {
  it("shows every required-field message and sends nothing", async () => {
    const { calls } = mockFetch({});
    const { user } = await openRegister();
    await user.click(submitStudent());

    for (const message of [
      "Email is required",
      "Password is required",
      "Please confirm your password",
      "First name is required",
      "Last name is required",
      "Phone is required",
      "Suburb is required",
      "License type is required",
      "Experience level is required",
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);
  });

  it("checks the email pattern and the password length", async () => {
    mockFetch({});
    const { user } = await openRegister();
    await fillCommon(user, { Email: "sam@nowhere", Password: "abc", "Confirm password": "abc" });
    await fillStudent(user);
    await user.click(submitStudent());

    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 4 characters")).toBeInTheDocument();
  });

  it("asks for the terms and privacy policy to be accepted, and sends nothing until they are", async () => {
    const { calls } = mockFetch({});
    const { user } = await openRegister();
    await fillCommon(user);
    await fillStudent(user);
    const box = screen.getByRole("checkbox", { name: /I accept Kerb's terms of use/ });
    await user.click(box);
    expect(box).not.toBeChecked();
    await user.click(submitStudent());

    expect(await screen.findByText("Please accept the terms of use and privacy policy")).toBeInTheDocument();
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(calls).toHaveLength(0);
    expect(screen.getByRole("link", { name: "terms of use" })).toHaveAttribute("href", "/terms");
    expect(screen.getByRole("link", { name: "privacy policy" })).toHaveAttribute("href", "/privacy");
  });

  it("says when the passwords do not match", async () => {
    const { calls } = mockFetch({});
    const { user } = await openRegister();
    await fillCommon(user, { Password: "secret1", "Confirm password": "secret2" });
    await fillStudent(user);
    await user.click(submitStudent());

    expect(await screen.findByText("Passwords do not match")).toBeInTheDocument();
    expect(screen.getByLabelText("Confirm password")).toHaveAttribute("aria-invalid", "true");
    expect(calls).toHaveLength(0);
  });

  it("says the passwords do not match together with the other missing fields, on the first submit", async () => {
    const { calls } = mockFetch({});
    const { user } = await openRegister();
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.type(screen.getByLabelText("Confirm password"), "secret2");
    await user.click(submitStudent());

    expect(await screen.findByText("Passwords do not match")).toBeInTheDocument();
    for (const message of ["Email is required", "First name is required", "Suburb is required"]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText("Confirm password")).toHaveAttribute("aria-invalid", "true");
    expect(calls).toHaveLength(0);

    // Matching them takes the message away while the other fields still need answers.
    await user.clear(screen.getByLabelText("Confirm password"));
    await user.type(screen.getByLabelText("Confirm password"), "secret1");
    await user.click(submitStudent());
    await waitFor(() => expect(screen.queryByText("Passwords do not match")).not.toBeInTheDocument());
    expect(screen.getByText("Email is required")).toBeInTheDocument();
  });

  it("says the passwords do not match with the instructor's other errors too", async () => {
    mockFetch({});
    const { user } = await openRegister("/register?role=instructor");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.type(screen.getByLabelText("Confirm password"), "other1");
    await user.click(submitInstructor());

    expect(await screen.findByText("Passwords do not match")).toBeInTheDocument();
    expect(screen.getByText("License number is required")).toBeInTheDocument();
  });

  it("offers the 12 suburbs in alphabetical order", async () => {
    mockFetch({});
    await openRegister();
    const options = within(screen.getByLabelText("Suburb"))
      .getAllByRole("option")
      .map((o) => o.textContent)
      .slice(1);
    expect(options).toEqual([...SUBURBS].sort());
    expect(options).toHaveLength(12);
  });

  it("registers a student with the shared payload and opens the dashboard", async () => {
    const { callsTo } = mockFetch({
      "POST /api/auth/register/student": jsonResponse(201, sessionFor(studentUser)),
      "GET /api/student/profile": jsonResponse(200, studentProfile()),
    });
    const { user, router } = await openRegister();
    await fillCommon(user);
    await fillStudent(user);
    await user.click(submitStudent());

    await waitFor(() => expect(router.state.location.pathname).toBe("/student/dashboard"));
    expect(callsTo("POST", "/api/auth/register/student")[0]?.body).toEqual({
      role: "STUDENT",
      email: "new.learner@example.com",
      password: "secret1",
      confirmPassword: "secret1",
      acceptTerms: true,
      firstName: "Sam",
      lastName: "Learner",
      phone: "0400 123 456",
      suburb: "Parramatta",
      licenseType: "AUTOMATIC",
      experienceLevel: "NEVER_DRIVEN",
    });
    expect(JSON.parse(window.localStorage.getItem("kerb.auth") ?? "null")?.user.role).toBe("STUDENT");
  });

  it("shows the server's message, with a way to log in when the email is taken", async () => {
    mockFetch({
      "POST /api/auth/register/student": apiError(
        409,
        "email_taken",
        "An account with this email already exists. Sign in instead.",
      ),
    });
    const { user } = await openRegister();
    await fillCommon(user);
    await fillStudent(user);
    await user.click(submitStudent());

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("An account with this email already exists. Sign in instead.");
    expect(within(alert).getByRole("link", { name: "Log in instead" })).toHaveAttribute("href", "/login");
  });

  it('falls back to "Registration failed" when the server sends no message', async () => {
    mockFetch({ "POST /api/auth/register/student": new Response(null, { status: 500 }) });
    const { user } = await openRegister();
    await fillCommon(user);
    await fillStudent(user);
    await user.click(submitStudent());
    expect(await screen.findByRole("alert")).toHaveTextContent("Registration failed");
  });

  it("puts the API's field errors next to their inputs", async () => {
    mockFetch({
      "POST /api/auth/register/student": apiError(400, "validation_error", "Phone is too long", [
        { path: "phone", message: "Phone is too long" },
      ]),
    });
    const { user } = await openRegister();
    await fillCommon(user);
    await fillStudent(user);
    await user.click(submitStudent());
    await waitFor(() =>
      expect(screen.getByLabelText("Phone")).toHaveAccessibleDescription("Phone is too long"),
    );
  });
});

describe("Register page: instructor", () => {
  it("is preselected by ?role=instructor", async () => {
    mockFetch({});
    await openRegister("/register?role=instructor");
    expect(screen.getByRole("radio", { name: /^Instructor/ })).toBeChecked();
    expect(submitInstructor()).toBeInTheDocument();
    expect(screen.queryByLabelText("Experience level")).not.toBeInTheDocument();
  });

  it("shows every instructor required-field message", async () => {
    const { calls } = mockFetch({});
    const { user } = await openRegister();
    await chooseInstructor(user);
    await fillCommon(user);
    await user.click(submitInstructor());

    for (const message of [
      "License number is required",
      "Vehicle type is required",
      "Standard rate is required",
      "At least one language is required",
      "At least one suburb is required",
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByText("Suburb is required")).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it.each([
    ["29", "Rate must be at least $30/hour"],
    ["201", "Rate cannot exceed $200/hour"],
  ])("rejects a standard rate of %s", async (rate, message) => {
    mockFetch({});
    const { user } = await openRegister();
    await chooseInstructor(user);
    await fillCommon(user);
    await fillInstructor(user, { "Standard rate (AUD per hour)": rate });
    await user.click(submitInstructor());
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("treats comma lists with only blanks as empty", async () => {
    mockFetch({});
    const { user } = await openRegister();
    await chooseInstructor(user);
    await fillCommon(user);
    await fillInstructor(user, { Languages: " ,  , ", "Suburbs you cover": ",," });
    await user.click(submitInstructor());
    expect(await screen.findByText("At least one language is required")).toBeInTheDocument();
    expect(screen.getByText("At least one suburb is required")).toBeInTheDocument();
  });

  it("refuses a suburb we don't serve, listing the ones we do", async () => {
    mockFetch({});
    const { user } = await openRegister();
    await chooseInstructor(user);
    await fillCommon(user);
    await fillInstructor(user, { "Suburbs you cover": "Parramatta, Gotham" });
    await user.click(submitInstructor());
    expect(
      await screen.findByText(/We don't serve that suburb yet\. Choose from: .*Parramatta/),
    ).toBeInTheDocument();
  });

  it.each(["30", "200"])("accepts the boundary rate %s and sends split, trimmed lists", async (rate) => {
    const { callsTo } = mockFetch({
      "POST /api/auth/register/instructor": jsonResponse(201, sessionFor(instructorUser)),
    });
    const { user, router } = await openRegister();
    await chooseInstructor(user);
    await fillCommon(user, { "First name": "Ivy", "Last name": "Teacher" });
    await fillInstructor(user, {
      "Standard rate (AUD per hour)": rate,
      Languages: " English , ,Mandarin,  ",
      "Suburbs you cover": "parramatta, Bondi ,",
    });
    await user.click(submitInstructor());

    await waitFor(() => expect(router.state.location.pathname).toBe("/instructor/dashboard"));
    expect(callsTo("POST", "/api/auth/register/instructor")[0]?.body).toMatchObject({
      role: "INSTRUCTOR",
      firstName: "Ivy",
      licenseNumber: "12345678",
      vehicleType: "AUTOMATIC",
      standardRate: Number(rate),
      languages: ["English", "Mandarin"],
      suburbs: ["Parramatta", "Bondi"],
    });
  });

  it("keeps the shared fields when switching roles", async () => {
    mockFetch({});
    const { user, router } = await openRegister();
    await user.type(screen.getByLabelText("Email"), "ivy@example.com");
    await chooseInstructor(user);
    expect(screen.getByLabelText("Email")).toHaveValue("ivy@example.com");
    expect(router.state.location.search).toBe("?role=instructor");
    await user.click(screen.getByRole("radio", { name: /^Student/ }));
    expect(await screen.findByLabelText("Experience level")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("ivy@example.com");
  });
});
