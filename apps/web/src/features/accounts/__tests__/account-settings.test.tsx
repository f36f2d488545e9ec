import type { InstructorAccount, StudentAccount } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { authStore } from "@/lib/auth-store";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { instructorUser, sessionFor, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const studentAccount: StudentAccount = {
  id: studentUser.id,
  email: studentUser.email,
  pendingEmail: null,
  firstName: "Sam",
  lastName: "Learner",
  phone: "0400 000 000",
  suburb: "Parramatta",
  licenseType: "AUTOMATIC",
};

const instructorAccount: InstructorAccount = {
  id: instructorUser.id,
  email: instructorUser.email,
  pendingEmail: null,
  firstName: "Ivy",
  lastName: "Teacher",
  phone: "0411 111 111",
  bio: null,
  languages: ["English"],
  vehicleType: "AUTOMATIC",
  gender: null,
  licenseNumber: "12345678",
  wwcNumber: "WWC1234567E",
  verificationStatus: "VERIFIED",
};

describe("Student account settings", () => {
  it("is linked from the navbar and edits the profile", async () => {
    const { calls } = mockFetch({
      "GET /api/student/account": jsonResponse(200, studentAccount),
      "PATCH /api/student/profile": (request) =>
        jsonResponse(200, { ...studentAccount, ...(request.body as object) }),
      "GET /api/student/profile": apiError(500, "internal_error", "not under test"),
    });
    const { user } = renderApp("/student/account", { session: sessionFor(studentUser) });
    const header = await screen.findByRole("banner");
    expect(
      (await within(header).findAllByRole("link", { name: "Account settings (student@demo.test)" }))[0],
    ).toHaveAttribute("href", "/student/account");

    const form = await screen.findByRole("form", { name: "Profile" });
    const firstName = within(form).getByLabelText("First name");
    expect(firstName).toHaveValue("Sam");
    await user.clear(firstName);
    await user.click(within(form).getByRole("button", { name: "Save profile" }));
    expect(await within(form).findByText("First name is required")).toBeInTheDocument();

    await user.type(firstName, "Samira");
    await user.selectOptions(within(form).getByLabelText("Suburb"), "Bondi");
    await user.click(within(form).getByRole("button", { name: "Save profile" }));
    expect(await within(form).findByText("Your profile has been saved.")).toBeInTheDocument();
    const patch = calls.find((c) => c.method === "PATCH");
    expect(patch?.body).toMatchObject({ firstName: "Samira", suburb: "Bondi", licenseType: "AUTOMATIC" });
    await waitFor(() => expect(authStore.getState()?.user.firstName).toBe("Samira"));
  });

  it("changes the password, keeping this session with the new tokens", async () => {
    mockFetch({
      "GET /api/student/account": jsonResponse(200, studentAccount),
      "POST /api/auth/change-password": (request) =>
        (request.body as { currentPassword: string }).currentPassword === "demo1234"
          ? jsonResponse(200, { accessToken: "access-2", refreshToken: "refresh-2" })
          : apiError(400, "invalid_current_password", "Your current password is not right", [
              { path: "currentPassword", message: "Your current password is not right" },
            ]),
    });
    const { user } = renderApp("/student/account", { session: sessionFor(studentUser) });
    const form = await screen.findByRole("form", { name: "Change password" });
    await user.type(within(form).getByLabelText("Current password"), "wrong");
    await user.type(within(form).getByLabelText("New password"), "secret12");
    await user.type(within(form).getByLabelText("Confirm new password"), "secret12");
    await user.click(within(form).getByRole("button", { name: "Change password" }));
    expect(await within(form).findByText("Your current password is not right")).toBeInTheDocument();
    expect(within(form).getByLabelText("Current password")).toHaveAttribute("aria-invalid", "true");

    await user.clear(within(form).getByLabelText("Current password"));
    await user.type(within(form).getByLabelText("Current password"), "demo1234");
    await user.click(within(form).getByRole("button", { name: "Change password" }));
    expect(await within(form).findByText("Password changed")).toBeInTheDocument();
    expect(authStore.getState()?.accessToken).toBe("access-2");
    expect(authStore.getState()?.refreshToken).toBe("refresh-2");
  });

  it("asks to confirm a new email, keeping the old one meanwhile; a taken address is marked on the field", async () => {
    let pending: string | null = null;
    mockFetch({
      "GET /api/student/account": () => jsonResponse(200, { ...studentAccount, pendingEmail: pending }),
      "POST /api/auth/email-change": (request) => {
        const { newEmail } = request.body as { newEmail: string };
        if (newEmail === "taken@example.com") {
          return apiError(409, "email_taken", "An account with this email already exists.");
        }
        pending = newEmail;
        return jsonResponse(202, { pendingEmail: newEmail });
      },
    });
    const { user } = renderApp("/student/account", { session: sessionFor(studentUser) });
    const form = await screen.findByRole("form", { name: "Change email" });
    await user.type(within(form).getByLabelText("New email"), "taken@example.com");
    await user.type(within(form).getByLabelText("Current password"), "demo1234");
    await user.click(within(form).getByRole("button", { name: "Send confirmation link" }));
    await within(form).findByText("An account with this email already exists.");
    expect(within(form).getByLabelText("New email")).toHaveAccessibleDescription(
      "An account with this email already exists.",
    );

    await user.clear(within(form).getByLabelText("New email"));
    await user.type(within(form).getByLabelText("New email"), "new@example.com");
    await user.click(within(form).getByRole("button", { name: "Send confirmation link" }));
    expect(await within(form).findByText("Confirm your new email")).toBeInTheDocument();
    expect(within(form).getByRole("status")).toHaveTextContent(
      "We sent a link to new@example.com. Your email stays student@demo.test until you follow it.",
    );
  });
});

/** The account page also shows the test-package card (features/test-packages): never saved. */
const noTestPackage = {
  enabled: false,
  price: null,
  consumerPrice: null,
  includesWarmUp: true,
  warmUpMinutes: 60,
  centres: [],
  updatedAt: null,
};

describe("Instructor account settings", () => {
  it("asks before a new licence number sends the instructor back to verification, then sends the edits", async () => {
    const { calls } = mockFetch({
      "GET /api/instructor/account": jsonResponse(200, instructorAccount),
      "GET /api/instructor/test-package": jsonResponse(200, noTestPackage),
      "PATCH /api/instructor/profile": (request) =>
        jsonResponse(200, {
          ...instructorAccount,
          ...(request.body as object),
          verificationStatus: "PENDING",
        }),
    });
    const { user } = renderApp("/instructor/account", { session: sessionFor(instructorUser) });
    const form = await screen.findByRole("form", { name: "Profile" });
    await user.type(within(form).getByLabelText("Bio"), "Calm and patient.");
    await user.clear(within(form).getByLabelText("Languages"));
    await user.type(within(form).getByLabelText("Languages"), "English, Mandarin");
    await user.selectOptions(within(form).getByLabelText("Gender"), "FEMALE");
    const licence = within(form).getByLabelText("License number");
    await user.clear(licence);
    await user.type(licence, "9999 9999");
    expect(licence).toHaveAccessibleDescription(/must be verified again/);
    await user.click(within(form).getByRole("button", { name: "Save profile" }));

    // Nothing is sent until the instructor confirms what it means.
    const dialog = await screen.findByRole("alertdialog", {
      name: "Send your details for verification again?",
    });
    expect(dialog).toHaveTextContent("you are not listed");
    expect(dialog).toHaveTextContent("cancel it for a full refund");
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);

    await user.click(within(form).getByRole("button", { name: "Save profile" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", {
        name: "Save and send for verification",
      }),
    );
    expect(await within(form).findByText(/waiting for verification/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      {
        bio: "Calm and patient.",
        languages: ["English", "Mandarin"],
        vehicleType: "AUTOMATIC",
        phone: "0411 111 111",
        gender: "FEMALE",
        // The shared schema's stored forms: the licence as digits.
        licenseNumber: "99999999",
        wwcNumber: "WWC1234567E",
      },
    ]);
  });

  it("saves other edits without asking, and checks the licence, WWC and phone formats in plain words", async () => {
    const { calls } = mockFetch({
      "GET /api/instructor/account": jsonResponse(200, instructorAccount),
      "GET /api/instructor/test-package": jsonResponse(200, noTestPackage),
      "PATCH /api/instructor/profile": (request) =>
        jsonResponse(200, { ...instructorAccount, ...(request.body as object) }),
    });
    const { user } = renderApp("/instructor/account", { session: sessionFor(instructorUser) });
    const form = await screen.findByRole("form", { name: "Profile" });
    const licence = within(form).getByLabelText("License number");
    await user.clear(licence);
    await user.type(licence, "NSW-12");
    const wwc = within(form).getByLabelText("Working With Children Check number");
    await user.clear(wwc);
    await user.type(wwc, "WWC7654321V");
    const phone = within(form).getByLabelText("Phone");
    await user.clear(phone);
    await user.type(phone, "12345");
    await user.click(within(form).getByRole("button", { name: "Save profile" }));
    expect(
      await within(form).findByText(
        "Enter your NSW driving instructor licence number: 6 to 8 digits, as printed on your licence",
      ),
    ).toBeInTheDocument();
    expect(within(form).getByText(/This is a volunteer check \(it ends in V\)/)).toBeInTheDocument();
    expect(
      within(form).getByText(
        "Enter an Australian mobile or landline number, like 0412 345 678 or (02) 9876 5432",
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);

    await user.clear(licence);
    await user.type(licence, "12345678");
    await user.clear(wwc);
    await user.type(wwc, "WWC1234567E");
    await user.clear(phone);
    await user.type(phone, "+61 411 222 333");
    await user.click(within(form).getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(1));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")?.body).toMatchObject({ phone: "0411 222 333" });
  });

  it("is for instructors only", async () => {
    mockFetch({ "GET /api/student/profile": apiError(500, "internal_error", "x") });
    const { router } = renderApp("/instructor/account", { session: sessionFor(studentUser) });
    await waitFor(() => expect(router.state.location.pathname).not.toBe("/instructor/account"));
  });
});
