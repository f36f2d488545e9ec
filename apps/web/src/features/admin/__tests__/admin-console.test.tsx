import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, type MockRequest, mockFetch } from "@/test/fetch-mock";
import { adminUser as adminAccount, sessionFor, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";
import { adminBooking, adminInstructor, adminUser, pageOf } from "./admin-fixtures";

const signedIn = { session: sessionFor(adminAccount) };

describe("Admin console: users", () => {
  it("lists users with role and Sydney creation date, and searches by name or email", async () => {
    const everyone = [
      adminUser(),
      adminUser({ email: "ivy@example.test", firstName: "Ivy", lastName: "Teacher", role: "INSTRUCTOR" }),
    ];
    const { callsTo } = mockFetch({
      "GET /api/admin/users": ({ path }: MockRequest) => {
        const search = new URL(path, "http://x").searchParams.get("search");
        return jsonResponse(200, pageOf(search ? everyone.filter((u) => u.firstName === "Ivy") : everyone));
      },
    });
    const { user, router } = renderApp("/admin", signedIn);

    expect(await screen.findByRole("heading", { level: 1, name: "Admin console" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Users" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    const sam = within(table).getByRole("row", { name: /Sam Learner/ });
    expect(sam).toHaveTextContent("sam@example.test");
    expect(sam).toHaveTextContent("Student");
    expect(sam).toHaveTextContent("02/03/2026");
    expect(screen.getByText("2 users")).toBeInTheDocument();

    await user.type(screen.getByRole("searchbox", { name: "Search users" }), "ivy");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(within(screen.getByRole("table", { name: "Users" })).getAllByRole("row")).toHaveLength(2),
    );
    expect(callsTo("GET", "/api/admin/users?search=ivy&page=1&pageSize=20")).toHaveLength(1);
    expect(router.state.location.search).toBe("?search=ivy");
    expect(screen.getByRole("table", { name: "Users" })).toHaveTextContent("Ivy Teacher");

    await user.selectOptions(screen.getByLabelText("Role"), "INSTRUCTOR");
    await waitFor(() =>
      expect(callsTo("GET", "/api/admin/users?search=ivy&role=INSTRUCTOR&page=1&pageSize=20")).toHaveLength(
        1,
      ),
    );
  });

  it("checks the search text with the API's rule before searching, and follows the address", async () => {
    const { callsTo } = mockFetch({ "GET /api/admin/users": jsonResponse(200, pageOf([adminUser()])) });
    const { user, router } = renderApp("/admin?search=sam", signedIn);
    const box = await screen.findByRole("searchbox", { name: "Search users" });
    expect(box).toHaveValue("sam");

    await user.clear(box);
    await user.click(box);
    await user.paste("x".repeat(101));
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("search is too long")).toBeInTheDocument();
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(router.state.location.search).toBe("?search=sam");

    await user.clear(box);
    await user.type(box, "  ivy  ");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.search).toBe("?search=ivy"));
    await waitFor(() =>
      expect(callsTo("GET", "/api/admin/users?search=ivy&page=1&pageSize=20")).toHaveLength(1),
    );

    // The address leads: a link to another search fills the box with it.
    await act(() => router.navigate("/admin?search=bob"));
    await waitFor(() => expect(box).toHaveValue("bob"));
  });

  it("pages through users", async () => {
    const { callsTo } = mockFetch({
      "GET /api/admin/users": ({ path }: MockRequest) => {
        const page = Number(new URL(path, "http://x").searchParams.get("page"));
        return jsonResponse(200, pageOf([adminUser({ firstName: `Page${page}` })], 45, page));
      },
    });
    const { user } = renderApp("/admin", signedIn);
    expect(await screen.findByText("1–20 of 45 users")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("21–40 of 45 users")).toBeInTheDocument();
    expect(callsTo("GET", "/api/admin/users?page=2&pageSize=20")).toHaveLength(1);
  });

  it("gives admins an Admin link instead of Dashboard, and keeps students out", async () => {
    mockFetch({ "GET /api/admin/users": jsonResponse(200, pageOf([])) });
    renderApp("/admin", signedIn);
    const nav = (await screen.findAllByRole("navigation", { name: "Main" }))[0] as HTMLElement;
    expect(within(nav).getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
    expect(within(nav).queryByRole("link", { name: "Dashboard" })).not.toBeInTheDocument();
    const sections = screen.getByRole("navigation", { name: "Admin sections" });
    expect(
      within(sections)
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual([
      "Users",
      "Instructors",
      "Compliance",
      "Bookings",
      "Payments",
      "Refunds",
      "Payouts",
      "Outbox",
      "Revenue",
      "Ledger",
      "Reviews",
      "Audit log",
    ]);
    expect(await screen.findByText("Nobody has signed up yet.")).toBeInTheDocument();
  });

  it("sends a student away from /admin to /", async () => {
    mockFetch({});
    const { router } = renderApp("/admin/revenue", { session: sessionFor(studentUser) });
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });
});

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
    expect(dialog).toHaveTextContent("NSW12345");
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
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
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

describe("Admin console: bookings, payments, revenue and audit log", () => {
  it("cancels a future booking after confirmation and filters by status and dates", async () => {
    const booking = adminBooking();
    const { callsTo } = mockFetch({
      "GET /api/admin/bookings": jsonResponse(200, pageOf([booking, adminBooking({ status: "COMPLETED" })])),
      "GET /api/admin/instructors": jsonResponse(200, pageOf([])),
      [`POST /api/admin/bookings/${booking.id}/cancel`]: jsonResponse(200, {
        booking: { ...booking, status: "CANCELLED" },
        refund: 93.5,
        bundleCreditReturned: false,
      }),
    });
    const { user } = renderApp("/admin/bookings", signedIn);
    const table = await screen.findByRole("table", { name: "Bookings" });
    expect(within(table).getAllByRole("button", { name: /^Cancel booking for/ })).toHaveLength(1);
    expect(table).toHaveTextContent("16/01/2099");
    expect(table).toHaveTextContent("10:00 am – 11:00 am");

    await user.click(
      within(table).getByRole("button", { name: "Cancel booking for Sam Learner on 16/01/2099" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Cancel this booking?" });
    expect(dialog).toHaveTextContent("The student is refunded in full: $93.50 including GST.");
    await user.type(within(dialog).getByLabelText("Reason (optional)"), "Instructor unwell");
    await user.click(within(dialog).getByRole("button", { name: "Cancel booking" }));
    expect(
      await screen.findByText("Booking cancelled. Sam Learner has been refunded $93.50."),
    ).toBeInTheDocument();
    expect(callsTo("POST", `/api/admin/bookings/${booking.id}/cancel`)[0]?.body).toEqual({
      reason: "Instructor unwell",
    });

    await user.selectOptions(screen.getByLabelText("Status"), "SCHEDULED");
    await user.type(screen.getByLabelText("From date"), "2099-01-01");
    await user.type(screen.getByLabelText("To date"), "2099-01-31");
    await waitFor(() =>
      expect(
        callsTo(
          "GET",
          "/api/admin/bookings?status=SCHEDULED&from=2099-01-01&to=2099-01-31&page=1&pageSize=20",
        ),
      ).toHaveLength(1),
    );
  });

  it("shows payments with AUD amounts, invoice numbers, provider and status", async () => {
    const payment = {
      id: "f0000000-0000-4000-8000-000000000001",
      type: "BOOKINGS",
      status: "PAID",
      provider: "stripe",
      invoiceNumber: "KRB-2026-0042",
      subtotal: 150,
      gst: 15,
      amount: 165,
      refunded: 0,
      createdAt: "2026-11-01T00:00:00.000Z",
      paidAt: "2026-11-01T00:00:00.000Z",
      user: {
        id: "f0000000-0000-4000-8000-000000000002",
        email: "sam@example.test",
        firstName: "Sam",
        lastName: "Learner",
      },
    };
    const { callsTo } = mockFetch({ "GET /api/admin/payments": jsonResponse(200, pageOf([payment])) });
    const { user } = renderApp("/admin/payments", signedIn);
    const row = (await screen.findByText("KRB-2026-0042")).closest("tr") as HTMLElement;
    expect(row).toHaveTextContent("$165.00");
    expect(row).toHaveTextContent("incl. $15.00 GST");
    expect(row).toHaveTextContent("Stripe");
    expect(row).toHaveTextContent("Paid");
    await user.selectOptions(screen.getByLabelText("Provider"), "demo");
    await waitFor(() =>
      expect(callsTo("GET", "/api/admin/payments?provider=demo&page=1&pageSize=20")).toHaveLength(1),
    );
  });

  it("shows revenue per month with totals", async () => {
    mockFetch({
      "GET /api/admin/revenue": jsonResponse(200, {
        months: [
          {
            month: "2026-11",
            lessonsCompleted: 2,
            gross: 150,
            platformFees: 37.5,
            instructorPayouts: 112.5,
            gstCollected: 15,
            gstOnPayments: 15,
            gstRefunded: 0,
            refunds: 0,
          },
          {
            month: "2026-10",
            lessonsCompleted: 1,
            gross: 80,
            platformFees: 20,
            instructorPayouts: 60,
            gstCollected: 0,
            gstOnPayments: 8,
            gstRefunded: 8,
            refunds: 88,
          },
        ],
        totals: {
          lessonsCompleted: 3,
          gross: 230,
          platformFees: 57.5,
          instructorPayouts: 172.5,
          gstCollected: 15,
          gstOnPayments: 23,
          gstRefunded: 8,
          refunds: 88,
        },
      }),
    });
    renderApp("/admin/revenue", signedIn);
    const table = await screen.findByRole("table", { name: "Revenue by month" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getByRole("rowheader").textContent)).toEqual([
      "November 2026",
      "October 2026",
      "Total",
    ]);
    // GST on payments, less the GST refunded, is the GST collected.
    expect(rows[1]).toHaveTextContent("1$80.00$20.00$60.00$8.00−$8.00$0.00−$88.00");
    expect(rows[2]).toHaveTextContent("3$230.00$57.50$172.50$23.00−$8.00$15.00−$88.00");
    expect(within(table).getByRole("columnheader", { name: "GST collected (net)" })).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: "GST refunded" })).toBeInTheDocument();
  });

  it("shows who did what and when in the audit log", async () => {
    mockFetch({
      "GET /api/admin/audit-log": jsonResponse(
        200,
        pageOf([
          {
            id: "f1000000-0000-4000-8000-000000000001",
            action: "instructor.reject",
            targetType: "instructor",
            targetId: "f1000000-0000-4000-8000-000000000002",
            details: { reason: "Licence does not match" },
            createdAt: "2026-11-01T00:00:00.000Z",
            actor: {
              id: "f1000000-0000-4000-8000-000000000003",
              email: "admin@demo.test",
              firstName: "Alex",
              lastName: "Admin",
            },
          },
        ]),
      ),
    });
    renderApp("/admin/audit-log", signedIn);
    // The action's name is also an option of the Action filter: look for it in the table.
    const table = await screen.findByRole("table", { name: "Audit log" });
    const row = within(table).getByText("Rejected an instructor").closest("tr") as HTMLElement;
    expect(row).toHaveTextContent("01/11/2026");
    expect(row).toHaveTextContent("11:00 am");
    expect(row).toHaveTextContent("Alex Admin");
    expect(row).toHaveTextContent("Reason: Licence does not match");
  });
});
