import type { GuardianLink, StudentAccount } from "@kerb/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { DAY, iso, sessionFor, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const account: StudentAccount = {
  id: studentUser.id,
  email: studentUser.email,
  pendingEmail: null,
  firstName: "Sam",
  lastName: "Learner",
  phone: "0400 000 000",
  suburb: "Parramatta",
  licenseType: "AUTOMATIC",
};

const NOW = Date.now();
const following: GuardianLink = {
  id: "d0000000-0000-4000-8000-000000000001",
  email: "pat@example.com",
  status: "ACTIVE",
  copyEmails: false,
  guardian: { firstName: "Pat", lastName: "Parent" },
  invitedAt: iso(NOW - 10 * DAY),
  expiresAt: iso(NOW + 4 * DAY),
  acceptedAt: iso(NOW - 9 * DAY),
};

function accountPage(routes: Parameters<typeof mockFetch>[0]) {
  const mocked = mockFetch({
    "GET /api/student/account": jsonResponse(200, account),
    // The other cards of the page are not under test here.
    "GET /api/student/assessment": apiError(500, "internal_error", "not under test"),
    ...routes,
  });
  const rendered = renderApp("/student/account", { session: sessionFor(studentUser) });
  return { ...mocked, ...rendered };
}

describe("Parents and guardians card (learner's account page)", () => {
  it("invites by email with copies of the booking emails; the API's answer about the address goes on the field", async () => {
    let guardians: GuardianLink[] = [following];
    const { user, callsTo } = accountPage({
      "GET /api/student/guardians": () => jsonResponse(200, { guardians }),
      "POST /api/student/guardians": (request) => {
        const { email, copyEmails } = request.body as { email: string; copyEmails: boolean };
        if (email === studentUser.email) {
          return apiError(400, "validation_error", "Invite someone else: this is your own email", [
            { path: "email", message: "Invite someone else: this is your own email" },
          ]);
        }
        guardians = [
          ...guardians,
          {
            ...following,
            id: "d0000000-0000-4000-8000-000000000002",
            email,
            status: "INVITED",
            copyEmails,
            guardian: null,
            acceptedAt: null,
            expiresAt: "2026-12-10T02:00:00.000Z",
          },
        ];
        return jsonResponse(201, { guardians });
      },
    });

    const list = await screen.findByRole("list", { name: "Your parents and guardians" });
    const pat = within(list).getByRole("listitem");
    expect(pat).toHaveTextContent("Pat Parent");
    expect(pat).toHaveTextContent("Following");

    const form = screen.getByRole("form", { name: "Invite a parent or guardian" });
    await user.type(within(form).getByLabelText("Their email"), studentUser.email);
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));
    const email = within(form).getByLabelText("Their email");
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(/Invite someone else: this is your own email/),
    );
    expect(email).toHaveAttribute("aria-invalid", "true");

    await user.clear(email);
    await user.type(email, "Jo@Example.com");
    await user.click(within(form).getByLabelText("Send copies of my booking and cancellation emails"));
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("Invitation sent to jo@example.com.")).toBeInTheDocument();
    expect(callsTo("POST", "/api/student/guardians").at(-1)?.body).toEqual({
      email: "jo@example.com",
      copyEmails: true,
    });
    const jo = within(list)
      .getAllByRole("listitem")
      .find((item) => item.textContent?.includes("jo@example.com"));
    // 10/12/2026 in Sydney: the DD/MM/YYYY the invitation lapses on.
    expect(jo).toHaveTextContent("Invited until 10/12/2026");
    expect(within(jo as HTMLElement).getByRole("checkbox", { name: /to jo@example\.com$/ })).toBeChecked();
    expect(within(form).getByLabelText("Their email")).toHaveValue("");
  });

  it("turns copies of the emails on for one guardian", async () => {
    let guardians: GuardianLink[] = [following];
    const { user, callsTo } = accountPage({
      "GET /api/student/guardians": () => jsonResponse(200, { guardians }),
      [`PATCH /api/student/guardians/${following.id}`]: (request) => {
        guardians = [{ ...following, ...(request.body as { copyEmails: boolean }) }];
        return jsonResponse(200, { guardians });
      },
    });
    const toggle = await screen.findByRole("checkbox", {
      name: "Send copies of my booking and cancellation emails to Pat Parent",
    });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(callsTo("PATCH", `/api/student/guardians/${following.id}`)[0]?.body).toEqual({ copyEmails: true });
  });

  it("removes a guardian after a confirmation that says their access ends at once", async () => {
    let guardians: GuardianLink[] = [following];
    const { user, callsTo } = accountPage({
      "GET /api/student/guardians": () => jsonResponse(200, { guardians }),
      [`DELETE /api/student/guardians/${following.id}`]: () => {
        guardians = [];
        return jsonResponse(200, { guardians });
      },
    });
    await user.click(await screen.findByRole("button", { name: "Remove Pat Parent" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove Pat Parent?" });
    expect(dialog).toHaveTextContent("access to your lessons, progress, logbook and payments ends at once");
    // Cancelling removes no one.
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(callsTo("DELETE", `/api/student/guardians/${following.id}`)).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Remove Pat Parent" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove guardian" }),
    );
    expect(
      await screen.findByText("Pat Parent can no longer see your lessons or payments."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(screen.getByText("You haven't invited anyone yet.")).toBeInTheDocument();
    expect(callsTo("DELETE", `/api/student/guardians/${following.id}`)).toHaveLength(1);
  });
});
