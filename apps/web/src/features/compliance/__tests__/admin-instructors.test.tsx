import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminInstructor, pageOf } from "@/test/admin-fixtures";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { adminUser as adminAccount, sessionFor } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(adminAccount) };

describe("Admin console: instructor verification", () => {
  it("defaults to the PENDING queue and only verifies once the licence check is ticked", async () => {
    const penny = adminInstructor();
    const { callsTo } = mockFetch({
      "GET /api/admin/instructors": jsonResponse(200, pageOf([penny])),
      [`POST /api/admin/instructors/${penny.id}/verify`]: jsonResponse(200, {
        instructor: { ...penny, verificationStatus: "VERIFIED" },
      }),
    });
    const { user } = renderApp("/admin/instructors", signedIn);
    await screen.findByText("Penny Pending");
    expect(screen.getByLabelText("Status")).toHaveValue("PENDING");
    expect(callsTo("GET", "/api/admin/instructors?status=PENDING&page=1&pageSize=20")).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Verify Penny Pending" }));
    const dialog = await screen.findByRole("dialog", { name: "Verify Penny Pending" });
    expect(dialog).toHaveTextContent("12345678");
    // The WWC number the instructor gave is shown, and prefilled for the admin to confirm.
    expect(dialog).toHaveTextContent("WWC1234567E");
    expect(within(dialog).getByLabelText("WWC number")).toHaveValue("WWC1234567E");
    await user.click(within(dialog).getByRole("button", { name: "Verify instructor" }));
    expect(within(dialog).getByText("Confirm that you have checked the licence number")).toBeInTheDocument();
    expect(callsTo("POST", `/api/admin/instructors/${penny.id}/verify`)).toHaveLength(0);

    await user.click(within(dialog).getByRole("checkbox", { name: "I have checked the licence number" }));
    await user.type(within(dialog).getByLabelText("Licence expiry"), "2099-06-30");
    // Both dates are required: an instructor is only listed with both on record.
    await user.click(within(dialog).getByRole("button", { name: "Verify instructor" }));
    expect(within(dialog).getByText("Enter the Working With Children check expiry date")).toBeInTheDocument();
    expect(callsTo("POST", `/api/admin/instructors/${penny.id}/verify`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText("WWC check expiry"), "2000-01-01");
    await user.click(within(dialog).getByRole("button", { name: "Verify instructor" }));
    expect(
      within(dialog).getByText("The Working With Children check expiry date must be in the future"),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText("WWC check expiry"));
    await user.type(within(dialog).getByLabelText("WWC check expiry"), "2099-08-31");
    await user.click(within(dialog).getByRole("button", { name: "Verify instructor" }));
    expect(
      await screen.findByText("Penny Pending is verified and can now be booked by students."),
    ).toBeInTheDocument();
    expect(callsTo("POST", `/api/admin/instructors/${penny.id}/verify`)[0]?.body).toEqual({
      licenseNumberChecked: true,
      licenseExpiresOn: "2099-06-30",
      wwcExpiresOn: "2099-08-31",
      wwcNumber: "WWC1234567E",
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows the WWC number in the queue, and asks for one before verifying an instructor who gave none", async () => {
    const nina = adminInstructor({ firstName: "Nina", lastName: "Number", wwcNumber: null });
    const withNumber = adminInstructor({ firstName: "Wes", lastName: "Checked", wwcNumber: "WWC7654321E" });
    const { callsTo } = mockFetch({
      "GET /api/admin/instructors": jsonResponse(200, pageOf([nina, withNumber])),
      [`POST /api/admin/instructors/${nina.id}/verify`]: jsonResponse(200, {
        instructor: { ...nina, verificationStatus: "VERIFIED", wwcNumber: "WWC1111111E" },
      }),
    });
    const { user } = renderApp("/admin/instructors", signedIn);
    const table = await screen.findByRole("table", { name: "Instructors" });
    expect(within(table).getByRole("row", { name: /Wes Checked/ })).toHaveTextContent("WWC7654321E");
    expect(within(table).getByRole("row", { name: /Nina Number/ })).toHaveTextContent("WWC number not given");

    await user.click(screen.getByRole("button", { name: "Verify Nina Number" }));
    const dialog = await screen.findByRole("dialog", { name: "Verify Nina Number" });
    await user.click(within(dialog).getByRole("checkbox", { name: "I have checked the licence number" }));
    await user.type(within(dialog).getByLabelText("Licence expiry"), "2099-06-30");
    await user.type(within(dialog).getByLabelText("WWC check expiry"), "2099-08-31");
    await user.click(within(dialog).getByRole("button", { name: "Verify instructor" }));
    expect(within(dialog).getByText("Enter the Working With Children Check number")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("WWC number"), "wwc 1111111e");
    await user.click(within(dialog).getByRole("button", { name: "Verify instructor" }));
    expect(
      await screen.findByText("Nina Number is verified and can now be booked by students."),
    ).toBeInTheDocument();
    expect(callsTo("POST", `/api/admin/instructors/${nina.id}/verify`)[0]?.body).toMatchObject({
      wwcNumber: "WWC1111111E",
    });
  });

  it("rejects only with a reason", async () => {
    const rex = adminInstructor({ firstName: "Rex", lastName: "Rejected" });
    const { callsTo } = mockFetch({
      "GET /api/admin/instructors": jsonResponse(200, pageOf([rex])),
      [`POST /api/admin/instructors/${rex.id}/reject`]: jsonResponse(200, {
        instructor: { ...rex, verificationStatus: "REJECTED" },
      }),
    });
    const { user } = renderApp("/admin/instructors", signedIn);
    await user.click(await screen.findByRole("button", { name: "Reject Rex Rejected" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject Rex Rejected" });
    await user.click(within(dialog).getByRole("button", { name: "Reject instructor" }));
    expect(within(dialog).getByText("A reason is required")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Reason"), "Licence does not match");
    await user.click(within(dialog).getByRole("button", { name: "Reject instructor" }));
    expect(await screen.findByText(/Rex Rejected was rejected/)).toBeInTheDocument();
    expect(callsTo("POST", `/api/admin/instructors/${rex.id}/reject`)[0]?.body).toEqual({
      reason: "Licence does not match",
    });
  });

  it("edits compliance dates, sending null for a cleared date", async () => {
    const ivy = adminInstructor({
      firstName: "Ivy",
      lastName: "Teacher",
      verificationStatus: "VERIFIED",
      licenseExpiresOn: "2099-01-01",
      wwcExpiresOn: "2099-02-01",
      compliance: {
        licenseExpired: false,
        wwcExpired: false,
        licenseMissing: false,
        wwcMissing: false,
        isListed: true,
        reasons: [],
        expiringSoon: false,
      },
    });
    const { callsTo } = mockFetch({
      "GET /api/admin/instructors": jsonResponse(200, pageOf([ivy])),
      [`PATCH /api/admin/instructors/${ivy.id}/compliance`]: jsonResponse(200, { instructor: ivy }),
    });
    const { user } = renderApp("/admin/instructors?status=VERIFIED", signedIn);
    const row = (await screen.findByText("Ivy Teacher")).closest("tr") as HTMLElement;
    expect(row).toHaveTextContent("Licence: 01/01/2099");
    await user.click(within(row).getByRole("button", { name: "Edit compliance dates for Ivy Teacher" }));
    const dialog = await screen.findByRole("dialog", { name: "Compliance dates for Ivy Teacher" });
    expect(within(dialog).getByLabelText("Licence expiry")).toHaveValue("2099-01-01");
    await user.clear(within(dialog).getByLabelText("WWC check expiry"));
    await user.click(within(dialog).getByRole("button", { name: "Save dates" }));
    expect(await screen.findByText("Compliance dates saved for Ivy Teacher.")).toBeInTheDocument();
    expect(callsTo("PATCH", `/api/admin/instructors/${ivy.id}/compliance`)[0]?.body).toEqual({
      wwcExpiresOn: null,
    });
  });
});
