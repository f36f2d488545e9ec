import type { AuthUser, GuardianLearnerOverview, PaymentDetails } from "@kerb/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { today } from "@/test/booking-fixtures";
import { recordDownloads } from "@/test/downloads";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { DAY, HOUR, iso, sessionFor } from "@/test/fixtures";
import { logbook, progress } from "@/test/learning-fixtures";
import { renderApp } from "@/test/render";

const guardianUser: AuthUser = {
  id: "e0000000-0000-4000-8000-000000000001",
  email: "pat@example.com",
  role: "GUARDIAN",
  firstName: "Pat",
  lastName: "Parent",
  phone: null,
};
const sam = { id: "a1000000-0000-4000-8000-000000000001", firstName: "Sam", lastName: "Learner" };
const alex = { id: "a2000000-0000-4000-8000-000000000002", firstName: "Alex", lastName: "Other" };
const ivy = { id: "b1000000-0000-4000-8000-000000000001", firstName: "Ivy", lastName: "Teacher" };
const heldId = "c1000000-0000-4000-8000-000000000001";
const paidBundleId = "c1000000-0000-4000-8000-000000000002";
const learnersOwnId = "c1000000-0000-4000-8000-000000000003";
const newBundleId = "c1000000-0000-4000-8000-000000000004";
const newCreditId = "c1000000-0000-4000-8000-000000000005";

const NOW = Date.now();
// 10:00 am Sydney time, three days out.
const lessonStart = "2026-12-03T23:00:00.000Z";

function overview(overrides: Partial<GuardianLearnerOverview> = {}): GuardianLearnerOverview {
  return {
    learner: sam,
    upcomingLessons: [
      {
        id: "f1000000-0000-4000-8000-000000000001",
        startTime: lessonStart,
        endTime: "2026-12-04T00:00:00.000Z",
        suburb: "Parramatta",
        status: "SCHEDULED",
        instructor: ivy,
      },
    ],
    bundles: [
      {
        id: "a9000000-0000-4000-8000-000000000001",
        totalLessons: 10,
        usedLessons: 3,
        pricePerLesson: 70,
        expiresAt: "2027-06-30T02:00:00.000Z",
        instructor: ivy,
        suburb: "Parramatta",
      },
    ],
    payments: [
      {
        id: heldId,
        type: "BOOKINGS",
        status: "PENDING",
        invoiceNumber: "KRB-2026-000103",
        amount: 154,
        createdAt: iso(NOW - HOUR),
        paidByYou: false,
        holdExpiresAt: iso(NOW + 2 * HOUR),
      },
      {
        id: paidBundleId,
        type: "BUNDLE",
        status: "PAID",
        invoiceNumber: "KRB-2026-000102",
        amount: 770,
        createdAt: iso(NOW - 20 * DAY),
        paidByYou: true,
        holdExpiresAt: null,
      },
      {
        id: learnersOwnId,
        type: "BOOKINGS",
        status: "PAID",
        invoiceNumber: "KRB-2026-000101",
        amount: 77,
        createdAt: iso(NOW - 30 * DAY),
        paidByYou: false,
        holdExpiresAt: null,
      },
    ],
    instructors: [ivy],
    suburb: "Parramatta",
    testPackCredits: { usable: 0, soonestExpiry: null },
    ...overrides,
  };
}

const confirmed = (overrides: Partial<PaymentDetails>): PaymentDetails => ({
  id: newBundleId,
  type: "BUNDLE",
  status: "PAID",
  provider: "demo",
  currency: "AUD",
  invoiceNumber: "KRB-2026-000104",
  subtotal: 700,
  gst: 70,
  amount: 770,
  createdAt: iso(NOW),
  paidAt: iso(NOW),
  lessons: [],
  bundle: null,
  ...overrides,
});

const ivyProfile = (suburbs: string[]) => ({
  items: [],
  total: 0,
  page: 1,
  pageSize: 1,
  instructor: {
    ...ivy,
    bio: null,
    languages: ["English"],
    suburbs,
    vehicleType: "AUTOMATIC",
    rating: null,
    ratingCount: 0,
  },
});

function renderHome(routes: Parameters<typeof mockFetch>[0], path = "/guardian") {
  const mocked = mockFetch({
    "GET /api/auth/me": jsonResponse(200, { user: guardianUser }),
    "GET /api/guardian/learners": jsonResponse(200, { learners: [sam, alex] }),
    "GET /api/guardian/payments": jsonResponse(200, { payments: [] }),
    [`GET /api/guardian/learners/${sam.id}/progress`]: jsonResponse(200, progress()),
    [`GET /api/guardian/learners/${sam.id}/logbook`]: jsonResponse(200, logbook()),
    [`GET /api/guardian/learners/${alex.id}/progress`]: jsonResponse(
      200,
      progress({ lessonsCompleted: 0, minutesCompleted: 0, recentRecords: [] }),
    ),
    [`GET /api/guardian/learners/${alex.id}/logbook`]: jsonResponse(200, { ...logbook(), lessons: [] }),
    ...routes,
  });
  return { ...mocked, ...renderApp(path, { session: sessionFor(guardianUser) }) };
}

describe("Guardian home", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("shows the chosen learner's lessons, bundles and payments, with the invoices of what the guardian paid", async () => {
    const saved = recordDownloads();
    const { user, router } = renderHome({
      [`GET /api/guardian/learners/${sam.id}`]: jsonResponse(200, overview()),
      [`GET /api/guardian/learners/${alex.id}`]: jsonResponse(
        200,
        overview({ learner: alex, upcomingLessons: [], bundles: [], payments: [], instructors: [] }),
      ),
      [`GET /api/guardian/learners/${sam.id}/payments/${paidBundleId}/invoice.pdf`]: new Response(
        "%PDF-1.7",
        {
          status: 200,
          headers: { "Content-Type": "application/pdf" },
        },
      ),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Sam Learner" })).toBeVisible();
    // The guardian's home in the navigation.
    const [learnersLink] = await within(screen.getByRole("banner")).findAllByRole("link", {
      name: "Learners",
    });
    expect(learnersLink).toHaveAttribute("href", "/guardian");

    const lessons = await screen.findByRole("list", { name: "Upcoming lessons" });
    expect(lessons).toHaveTextContent("10:00 am – 11:00 am");
    expect(lessons).toHaveTextContent("With Ivy Teacher · Parramatta");
    expect(lessons).toHaveTextContent("04/12");
    const bundles = screen.getByRole("list", { name: "Bundles" });
    expect(bundles).toHaveTextContent("10-lesson bundle");
    expect(bundles).toHaveTextContent("7 of 10");
    expect(bundles).toHaveTextContent("Expires 30/06/2027");
    // ACL s 48: a lesson's price as paid, GST included, first.
    expect(bundles).toHaveTextContent("$77.00 a lesson incl. GST · $70.00 + GST");

    const payments = screen.getByRole("list", { name: "Payments" });
    const rows = within(payments).getAllByRole("listitem");
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent("Lesson bundle · $770.00");
    expect(rows[1]).toHaveTextContent("Paid by you");
    // Only what this guardian paid has its invoice here; the learner's own payment has none.
    expect(within(rows[2] as HTMLElement).queryByText("Paid by you")).not.toBeInTheDocument();
    expect(within(payments).getAllByRole("button", { name: /Download tax invoice/ })).toHaveLength(1);
    await user.click(within(rows[1] as HTMLElement).getByRole("button", { name: /Download tax invoice/ }));
    await waitFor(() =>
      expect(saved).toEqual([{ href: "blob:kerb/1", download: "Kerb-tax-invoice-KRB-2026-000102.pdf" }]),
    );

    // The other learner, by the switcher (kept in the URL).
    await user.click(screen.getByRole("link", { name: "Alex Other" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Alex Other" })).toBeVisible();
    expect(router.state.location.search).toBe(`?learner=${alex.id}`);
    expect(await screen.findByText("Alex has no lessons booked.")).toBeInTheDocument();
    expect(screen.getByText(/Alex needs to book a lesson with an instructor first/)).toBeInTheDocument();
  });

  it("shows the learner's progress and logbook in the learner's name, and downloads the logbook PDF", async () => {
    const saved = recordDownloads();
    const { user, callsTo, calls } = renderHome({
      [`GET /api/guardian/learners/${sam.id}`]: jsonResponse(200, overview()),
      [`GET /api/guardian/learners/${sam.id}/logbook.pdf`]: () =>
        new Response("%PDF-1.7", { status: 200, headers: { "Content-Type": "application/pdf" } }),
    });
    expect(await screen.findByRole("region", { name: "Lessons done" })).toHaveTextContent("3");
    expect(screen.getByText("3 h 30 min behind the wheel")).toBeInTheDocument();
    // No test date: Sam adds it; the guardian gets no link to the learner's account.
    const test = screen.getByRole("region", { name: "Driving test" });
    expect(test).toHaveTextContent("Not set");
    expect(test).toHaveTextContent("Sam can add it from their account");
    expect(within(test).queryByRole("link")).not.toBeInTheDocument();

    const next = screen.getByRole("heading", { name: "What to work on next" }).closest("div.rounded-2xl");
    const steps = within(next as HTMLElement).getAllByRole("listitem");
    expect(steps).toHaveLength(3);
    expect(steps[0]).toHaveTextContent("Highway Driving");
    expect(steps[0]).toHaveTextContent("Sam's focus");
    expect(steps[0]).toHaveTextContent("Sam asked to work on this");
    expect(next).toHaveTextContent("From Sam's instructors' lesson records.");
    const skills = screen
      .getByRole("heading", { name: "Sam's skills" })
      .closest("div.rounded-2xl") as HTMLElement;
    expect(within(skills).getByText("City Traffic").closest("li")).toHaveTextContent("Competent");
    expect(within(skills).getByText("Parallel Parking").closest("li")).toHaveTextContent("Not started");
    expect(screen.getByRole("heading", { name: "From Sam's lessons" })).toBeInTheDocument();
    expect(screen.getByText("Good lane discipline after dark.")).toBeInTheDocument();

    // The logbook: totals towards 120 h and 20 h at night, the lessons, and the PDF through the
    // guardian's route, named for the learner.
    const hours = await screen.findByRole("progressbar", { name: "Logbook hours from lessons" });
    expect(hours).toHaveAttribute("aria-valuetext", "6 of 120 h");
    expect(screen.getByRole("progressbar", { name: "Night hours" })).toHaveAttribute(
      "aria-valuetext",
      "1 of 20 h",
    );
    expect(screen.getByText(/Sam's next 8 h of lessons still count 3 times/)).toBeInTheDocument();
    const lessons = screen.getByRole("list", { name: "Lessons in Sam's logbook" });
    expect(lessons).toHaveTextContent("Ivy Teach · licence 87654321");
    expect(lessons).toHaveTextContent("+3 h");
    expect(lessons).toHaveTextContent("Confirmed");
    // Each credited total with its rule; declaring lessons or the course is the learner's alone.
    expect(screen.getByRole("list", { name: "How Sam's hours are credited" })).toHaveTextContent(
      "counts as 3 hours, for the first 10 hours of lessons",
    );
    expect(screen.queryByRole("form", { name: "Add a lesson from another school" })).not.toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Safer Drivers Course" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Download logbook PDF" }));
    await waitFor(() =>
      expect(saved).toEqual([{ href: "blob:kerb/1", download: `Kerb-logbook-Sam-Learner-${today()}.pdf` }]),
    );
    expect(callsTo("GET", `/api/guardian/learners/${sam.id}/logbook.pdf`)).toHaveLength(1);
    // Nothing asked of the learner's own endpoints, which a guardian may not read.
    expect(calls.filter((c) => c.path.startsWith("/api/student/"))).toEqual([]);
  });

  it("says the date of birth is the learner's to add, and switching learners shows theirs", async () => {
    const { user } = renderHome({
      [`GET /api/guardian/learners/${sam.id}`]: jsonResponse(200, overview()),
      [`GET /api/guardian/learners/${sam.id}/logbook`]: jsonResponse(200, logbook({ ageUnknown: true })),
      [`GET /api/guardian/learners/${alex.id}`]: jsonResponse(
        200,
        overview({ learner: alex, upcomingLessons: [], bundles: [], payments: [], instructors: [] }),
      ),
    });
    expect(await screen.findByText("We don't know Sam's date of birth")).toBeInTheDocument();
    expect(
      screen.getByText(/we've counted Sam as under 25\. Sam can add it from their account/),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Add your date of birth" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Alex Other" }));
    expect(await screen.findByRole("heading", { name: "Alex's skills" })).toBeInTheDocument();
    expect(await screen.findByRole("region", { name: "Lessons done" })).toHaveTextContent("0");
    expect(
      screen.getByText("After each lesson the instructor records what Alex practised. It will show up here."),
    ).toBeInTheDocument();
    expect(await screen.findByText(/with the hours they add to Alex's logbook/)).toBeInTheDocument();
  });

  it("buys a bundle for the learner in demo mode: the shared bundle prices with GST, confirmed at once", async () => {
    let current = overview();
    const { user, callsTo } = renderHome({
      [`GET /api/guardian/learners/${sam.id}`]: () => jsonResponse(200, current),
      [`GET /api/instructors/${ivy.id}/reviews`]: jsonResponse(200, ivyProfile(["Parramatta", "Sydney CBD"])),
      [`POST /api/guardian/learners/${sam.id}/bundles`]: () =>
        jsonResponse(201, {
          payment: {
            id: newBundleId,
            invoiceNumber: "KRB-2026-000104",
            subtotal: 1300,
            gst: 130,
            amount: 1430,
            holdExpiresAt: null,
          },
        }),
      [`POST /api/guardian/payments/${newBundleId}/confirm`]: () => {
        current = overview({
          bundles: [
            ...current.bundles,
            {
              id: "a9000000-0000-4000-8000-000000000002",
              totalLessons: 20,
              usedLessons: 0,
              pricePerLesson: 65,
              expiresAt: "2027-12-01T02:00:00.000Z",
              instructor: ivy,
              suburb: "Parramatta",
            },
          ],
        });
        return jsonResponse(200, {
          payment: confirmed({
            subtotal: 1300,
            gst: 130,
            amount: 1430,
            bundle: { id: null, totalLessons: 20, pricePerLesson: 65, expiresAt: null },
          }),
        });
      },
    });
    const card = (await screen.findByRole("heading", { name: "Buy a lesson bundle for Sam" })).closest(
      "div.rounded-2xl",
    ) as HTMLElement;
    // Sam has one instructor: already chosen.
    expect(within(card).getByLabelText("Instructor")).toHaveValue(ivy.id);
    // Medium by default: 10 × $70.00 + GST.
    const total = card.querySelector("dl") as HTMLElement;
    expect(total).toHaveTextContent("10 lessons × $70.00$700.00");
    expect(total).toHaveTextContent("Total incl. GST$770.00");
    expect(card).toHaveTextContent("$77.00 a lesson incl. GST ($70.00 + GST)");
    expect(card).toHaveTextContent("$71.50 a lesson incl. GST ($65.00 + GST)");
    await user.click(within(card).getByRole("radio", { name: /Large · 20 lessons/ }));
    expect(total).toHaveTextContent("20 lessons × $65.00$1,300.00");
    expect(total).toHaveTextContent("GST$130.00");
    expect(total).toHaveTextContent("Total incl. GST$1,430.00");

    await user.click(within(card).getByRole("button", { name: "Pay $1,430.00" }));
    expect(
      await screen.findByText(
        "Payment confirmed. Sam's 20-lesson bundle is ready to use. Your tax invoice is under Payments.",
      ),
    ).toBeInTheDocument();
    // Ivy teaches in Sam's suburb, so the credits are for it.
    expect(callsTo("POST", `/api/guardian/learners/${sam.id}/bundles`)[0]?.body).toEqual({
      totalLessons: 20,
      pricePerLesson: 65,
      instructorId: ivy.id,
      suburb: "Parramatta",
    });
    expect(callsTo("POST", `/api/guardian/payments/${newBundleId}/confirm`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole("list", { name: "Bundles" })).toHaveTextContent("20-lesson bundle"),
    );
  });

  it("a double click on Pay buys one bundle: one request, with an Idempotency-Key", async () => {
    const { callsTo } = renderHome({
      [`GET /api/guardian/learners/${sam.id}`]: jsonResponse(200, overview()),
      [`GET /api/instructors/${ivy.id}/reviews`]: jsonResponse(200, ivyProfile(["Parramatta"])),
      [`POST /api/guardian/learners/${sam.id}/bundles`]: () =>
        jsonResponse(201, {
          payment: {
            id: newBundleId,
            invoiceNumber: "KRB-2026-000104",
            subtotal: 700,
            gst: 70,
            amount: 770,
            holdExpiresAt: null,
          },
        }),
      [`POST /api/guardian/payments/${newBundleId}/confirm`]: () =>
        jsonResponse(200, {
          payment: confirmed({ bundle: { id: null, totalLessons: 10, pricePerLesson: 70, expiresAt: null } }),
        }),
    });
    const pay = await screen.findByRole("button", { name: "Pay $770.00" });
    // Both clicks land before the page has re-rendered with the button disabled.
    fireEvent.click(pay);
    fireEvent.click(pay);
    await screen.findByText(/Sam's 10-lesson bundle is ready to use/);
    const bought = callsTo("POST", `/api/guardian/learners/${sam.id}/bundles`);
    expect(bought).toHaveLength(1);
    const key = bought[0]?.headers.get("Idempotency-Key");
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const confirms = callsTo("POST", `/api/guardian/payments/${newBundleId}/confirm`);
    expect(confirms).toHaveLength(1);
    expect(confirms[0]?.headers.get("Idempotency-Key")).toBe(key);
  });

  it("leaves the suburb to the server when the instructor does not teach in the learner's", async () => {
    const { user, callsTo } = renderHome({
      [`GET /api/guardian/learners/${sam.id}`]: jsonResponse(200, overview()),
      [`GET /api/instructors/${ivy.id}/reviews`]: jsonResponse(200, ivyProfile(["Bondi"])),
      [`POST /api/guardian/learners/${sam.id}/bundles`]: jsonResponse(201, {
        payment: {
          id: newBundleId,
          invoiceNumber: "KRB-2026-000104",
          subtotal: 700,
          gst: 70,
          amount: 770,
          holdExpiresAt: null,
        },
      }),
      [`POST /api/guardian/payments/${newBundleId}/confirm`]: jsonResponse(200, {
        payment: confirmed({ bundle: { id: null, totalLessons: 10, pricePerLesson: 70, expiresAt: null } }),
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Pay $770.00" }));
    await screen.findByText(/Sam's 10-lesson bundle is ready to use/);
    expect(callsTo("POST", `/api/guardian/learners/${sam.id}/bundles`)[0]?.body).toEqual({
      totalLessons: 10,
      pricePerLesson: 70,
      instructorId: ivy.id,
    });
  });

  it("buys a test-package credit for the learner in demo mode: Kerb's price with GST, confirmed at once", async () => {
    let current = overview();
    const { user, callsTo } = renderHome({
      [`GET /api/guardian/learners/${sam.id}`]: () => jsonResponse(200, current),
      [`POST /api/guardian/learners/${sam.id}/test-pack-credits`]: jsonResponse(201, {
        payment: {
          id: newCreditId,
          invoiceNumber: "KRB-2026-000105",
          subtotal: 250,
          gst: 25,
          amount: 275,
          holdExpiresAt: null,
        },
      }),
      [`POST /api/guardian/payments/${newCreditId}/confirm`]: () => {
        current = overview({
          testPackCredits: { usable: 1, soonestExpiry: "2027-12-02T13:00:00.000Z" },
          payments: [
            {
              id: newCreditId,
              type: "TEST_PACK_CREDIT",
              status: "PAID",
              invoiceNumber: "KRB-2026-000105",
              amount: 275,
              createdAt: iso(NOW),
              paidByYou: true,
              holdExpiresAt: null,
            },
            ...current.payments,
          ],
        });
        return jsonResponse(200, {
          payment: confirmed({
            id: newCreditId,
            type: "TEST_PACK_CREDIT",
            invoiceNumber: "KRB-2026-000105",
            subtotal: 250,
            gst: 25,
            amount: 275,
          }),
        });
      },
    });
    const card = await screen.findByRole("region", { name: "Test package credit" });
    expect(
      within(card).getByRole("heading", { name: "Buy a test-package credit for Sam" }),
    ).toBeInTheDocument();
    expect(card).toHaveTextContent("books one driving-test package with any instructor who offers them");
    const total = card.querySelector("dl") as HTMLElement;
    expect(total).toHaveTextContent("Test package credit$250.00");
    expect(total).toHaveTextContent("GST$25.00");
    expect(total).toHaveTextContent("Total incl. GST$275.00");

    await user.click(within(card).getByRole("button", { name: "Pay $275.00 for Sam's test package credit" }));
    expect(
      await screen.findByText(
        "Payment confirmed. A test package credit is ready for Sam: they can use it on their test package page. Your tax invoice is under Payments.",
      ),
    ).toBeInTheDocument();
    // The price as shown, ex GST (the server refuses another), with a key the confirmation repeats.
    const bought = callsTo("POST", `/api/guardian/learners/${sam.id}/test-pack-credits`);
    expect(bought).toHaveLength(1);
    expect(bought[0]?.body).toEqual({ price: 250 });
    const key = bought[0]?.headers.get("Idempotency-Key");
    expect(key).toBeTruthy();
    const confirms = callsTo("POST", `/api/guardian/payments/${newCreditId}/confirm`);
    expect(confirms).toHaveLength(1);
    expect(confirms[0]?.headers.get("Idempotency-Key")).toBe(key);
    // The payment is the guardian's, named for what it bought, with its tax invoice.
    await waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: "Payments" })).getAllByRole("listitem")[0],
      ).toHaveTextContent("Test package credit · $275.00"),
    );
    // The credit now waits on Sam's page, with the Sydney day it lapses; another may still be bought.
    await waitFor(() =>
      expect(card).toHaveTextContent("Sam has 1 test-package credit ready to book, valid until 03/12/2027."),
    );
    expect(
      within(card).getByRole("heading", { name: "Buy another test-package credit for Sam" }),
    ).toBeInTheDocument();
  });

  it("takes the guardian to the card page for a test-package credit when there is one", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {}); // jsdom cannot navigate away
    const { user, callsTo } = renderHome({
      // Read again once the purchase settles.
      [`GET /api/guardian/learners/${sam.id}`]: () => jsonResponse(200, overview()),
      [`POST /api/guardian/learners/${sam.id}/test-pack-credits`]: jsonResponse(201, {
        payment: {
          id: newCreditId,
          invoiceNumber: "KRB-2026-000105",
          subtotal: 250,
          gst: 25,
          amount: 275,
          holdExpiresAt: null,
        },
        paymentUrl: "https://checkout.stripe.test/c/pay/cs_456",
      }),
    });
    const card = await screen.findByRole("region", { name: "Test package credit" });
    await user.click(within(card).getByRole("button", { name: /Pay \$275\.00/ }));
    expect(await within(card).findByText("Going to the card page…")).toBeInTheDocument();
    // Confirmed when the card page sends the guardian back, not before.
    expect(callsTo("POST", `/api/guardian/payments/${newCreditId}/confirm`)).toHaveLength(0);
    expect(screen.queryByText(/A test package credit is ready for Sam/)).not.toBeInTheDocument();
  });

  it("says why a test-package credit wasn't bought", async () => {
    renderHome({
      // Read again once the purchase settles.
      [`GET /api/guardian/learners/${sam.id}`]: () => jsonResponse(200, overview()),
      [`POST /api/guardian/learners/${sam.id}/test-pack-credits`]: jsonResponse(400, {
        error: { code: "amount_mismatch", message: "The price has changed. Please review it and try again." },
      }),
    });
    const card = await screen.findByRole("region", { name: "Test package credit" });
    fireEvent.click(within(card).getByRole("button", { name: /Pay \$275\.00/ }));
    expect(await within(card).findByText("The credit wasn't bought")).toBeInTheDocument();
    expect(card).toHaveTextContent("The price has changed. Please review it and try again.");
  });

  it("pays for lessons the learner is holding, and the lessons are booked", async () => {
    let current = overview({
      upcomingLessons: [
        {
          ...overview().upcomingLessons[0],
          status: "PENDING_PAYMENT",
        } as GuardianLearnerOverview["upcomingLessons"][number],
      ],
    });
    const { user, callsTo } = renderHome(
      {
        [`GET /api/guardian/learners/${sam.id}`]: () => jsonResponse(200, current),
        [`POST /api/guardian/learners/${sam.id}/payments/${heldId}/pay`]: jsonResponse(200, {
          payment: {
            id: heldId,
            invoiceNumber: "KRB-2026-000103",
            subtotal: 140,
            gst: 14,
            amount: 154,
            holdExpiresAt: iso(NOW + 2 * HOUR),
          },
        }),
        [`POST /api/guardian/payments/${heldId}/confirm`]: () => {
          current = overview({
            payments: overview().payments.map((p) =>
              p.id === heldId ? { ...p, status: "PAID", paidByYou: true, holdExpiresAt: null } : p,
            ),
          });
          return jsonResponse(200, {
            payment: confirmed({
              id: heldId,
              type: "BOOKINGS",
              invoiceNumber: "KRB-2026-000103",
              subtotal: 140,
              gst: 14,
              amount: 154,
              lessons: [
                {
                  id: "f1000000-0000-4000-8000-000000000001",
                  startTime: lessonStart,
                  endTime: "2026-12-04T00:00:00.000Z",
                  status: "SCHEDULED",
                  price: 70,
                  isPoolHours: false,
                  pickupLocation: null,
                  instructor: ivy,
                },
              ],
            }),
          });
        },
      },
      `/guardian?learner=${sam.id}`,
    );
    const due = await screen.findByRole("list", { name: "Waiting for payment" });
    expect(due).toHaveTextContent("Lessons · $154.00");
    expect(due).toHaveTextContent(/Held until \d{1,2}:\d{2} [ap]m/);
    expect(screen.getByRole("list", { name: "Upcoming lessons" })).toHaveTextContent("Awaiting payment");

    await user.click(within(due).getByRole("button", { name: "Pay now $154.00" }));
    expect(
      await screen.findByText(
        "Payment confirmed. Sam's 1 lesson is booked. Your tax invoice is under Payments.",
      ),
    ).toBeInTheDocument();
    expect(callsTo("POST", `/api/guardian/learners/${sam.id}/payments/${heldId}/pay`)).toHaveLength(1);
    expect(callsTo("POST", `/api/guardian/payments/${heldId}/confirm`)).toHaveLength(1);
    // Paid: nothing waits any more, and the invoice is the guardian's.
    await waitFor(() =>
      expect(screen.queryByRole("list", { name: "Waiting for payment" })).not.toBeInTheDocument(),
    );
    const paid = within(screen.getByRole("list", { name: "Payments" })).getAllByRole(
      "listitem",
    )[0] as HTMLElement;
    expect(paid).toHaveTextContent("Paid by you");
    expect(within(paid).getByRole("button", { name: /Download tax invoice/ })).toBeInTheDocument();
  });

  it("pays a held checkout with the guardian's saved card, sending the card and no card page", async () => {
    const { user, callsTo } = renderHome(
      {
        [`GET /api/guardian/learners/${sam.id}`]: () => jsonResponse(200, overview()),
        "GET /api/guardian/saved-cards": jsonResponse(200, {
          cards: [
            {
              id: "e0000000-0000-4000-8000-000000000001",
              provider: "stripe",
              brand: "Visa",
              last4: "4242",
              expMonth: 4,
              expYear: 2031,
              createdAt: iso(NOW - DAY),
            },
          ],
        }),
        [`POST /api/guardian/learners/${sam.id}/payments/${heldId}/pay`]: jsonResponse(200, {
          payment: {
            id: heldId,
            invoiceNumber: "KRB-2026-000103",
            subtotal: 140,
            gst: 14,
            amount: 154,
            holdExpiresAt: iso(NOW + 2 * HOUR),
          },
          savedCard: { status: "paid" },
        }),
        [`POST /api/guardian/payments/${heldId}/confirm`]: () =>
          jsonResponse(200, {
            payment: confirmed({
              id: heldId,
              type: "BOOKINGS",
              invoiceNumber: "KRB-2026-000103",
              subtotal: 140,
              gst: 14,
              amount: 154,
              lessons: [],
            }),
          }),
      },
      `/guardian?learner=${sam.id}`,
    );
    const due = await screen.findByRole("list", { name: "Waiting for payment" });
    await user.click(await within(due).findByRole("button", { name: "Pay with Visa •••• 4242 $154.00" }));
    await waitFor(() =>
      expect(callsTo("POST", `/api/guardian/learners/${sam.id}/payments/${heldId}/pay`)).toHaveLength(1),
    );
    expect(callsTo("POST", `/api/guardian/learners/${sam.id}/payments/${heldId}/pay`)[0]?.body).toEqual({
      savedCardId: "e0000000-0000-4000-8000-000000000001",
    });
    expect(await screen.findByText(/Payment confirmed\./)).toBeInTheDocument();
  });

  it("says so when the guardian follows no one", async () => {
    renderHome({ "GET /api/guardian/learners": jsonResponse(200, { learners: [] }) });
    expect(await screen.findByText("You're not following any learners")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Your payments" })).not.toBeInTheDocument();
  });

  it("keeps the receipts of what the guardian paid after the learner removed them", async () => {
    const saved = recordDownloads();
    const { user } = renderHome({
      "GET /api/guardian/learners": jsonResponse(200, { learners: [] }),
      "GET /api/guardian/payments": jsonResponse(200, {
        payments: [
          {
            id: paidBundleId,
            invoiceNumber: "KRB-2026-000102",
            type: "BUNDLE",
            status: "PAID",
            description: "10-lesson bundle with Ivy Teacher",
            createdAt: iso(NOW - 20 * DAY),
            paidAt: iso(NOW - 20 * DAY),
            subtotal: 700,
            gst: 70,
            amount: 770,
            refunded: 0,
            refunds: [],
            invoiceUrl: `/api/guardian/learners/${sam.id}/payments/${paidBundleId}/invoice.pdf`,
            learner: sam,
          },
        ],
      }),
      [`GET /api/guardian/learners/${sam.id}/payments/${paidBundleId}/invoice.pdf`]: new Response(
        "%PDF-1.7",
        {
          status: 200,
          headers: { "Content-Type": "application/pdf" },
        },
      ),
    });
    expect(await screen.findByText("You're not following any learners")).toBeInTheDocument();
    const receipts = await screen.findByRole("list", { name: "Your payments" });
    expect(receipts).toHaveTextContent("10-lesson bundle with Ivy Teacher · $770.00");
    expect(receipts).toHaveTextContent("For Sam Learner");
    await user.click(within(receipts).getByRole("button", { name: /Download tax invoice/ }));
    await waitFor(() =>
      expect(saved).toEqual([{ href: "blob:kerb/1", download: "Kerb-tax-invoice-KRB-2026-000102.pdf" }]),
    );
  });
});

describe("Back from the card page as a guardian", () => {
  it("confirms through the guardian's route and leads back to their learners", async () => {
    const { callsTo } = mockFetch({
      "GET /api/auth/me": jsonResponse(200, { user: guardianUser }),
      [`GET /api/payment/${newBundleId}`]: jsonResponse(200, confirmed({ status: "PENDING", paidAt: null })),
      [`POST /api/guardian/payments/${newBundleId}/confirm`]: jsonResponse(200, {
        payment: confirmed({ bundle: { id: null, totalLessons: 10, pricePerLesson: 70, expiresAt: null } }),
      }),
    });
    renderApp(`/payment/confirmed?payment_id=${newBundleId}&session_id=cs_test_1`, {
      session: sessionFor(guardianUser),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Payment Confirmed" })).toBeVisible();
    expect(
      screen.getByText("Thank you! The 10-lesson bundle is ready for your learner to use."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to your learners" })).toHaveAttribute("href", "/guardian");
    expect(callsTo("POST", `/api/guardian/payments/${newBundleId}/confirm`)).toHaveLength(1);
  });
});
