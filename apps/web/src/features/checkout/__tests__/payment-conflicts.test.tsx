import { DEMO_PAYMENT_DELAY_MS, type StudentProfileBooking } from "@kerb/shared";
import { addDaysToDate } from "@kerb/shared/rules";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { studentProfile } from "@/test/fixtures";
import {
  checkout,
  olivia,
  passTime,
  payBatchInvoice,
  paymentId,
  poolLesson,
  useFakeClock,
} from "./invoice-test-utils";
import {
  bundleInvoiceDraft,
  findStepHeading,
  keepaliveRoute,
  resumeDraft,
  slotStepDraft,
  storedDraft,
  today,
  type WizardApi,
  wizardRoutes,
} from "./wizard-test-utils";

/** The day's times asked again after a conflict: only the pool lesson is still offered. */
const afterConflict: WizardApi = {
  days: [1, 0],
  slots: (request) => (request.path.includes("poolHoursOnly=true") ? [poolLesson] : []),
  instructors: [],
  bookings: [],
};

afterEach(() => {
  vi.useRealTimers();
});

/**
 * After a conflict the page says "Payment failed. Please try again." first (spec §8's words, in the
 * page rather than a native alert), then the recovery box: what changed and how to go on.
 */
async function findRecoveryBox() {
  await waitFor(() => expect(screen.getAllByRole("alert")).toHaveLength(2));
  const [failed, box] = screen.getAllByRole("alert") as [HTMLElement, HTMLElement];
  expect(failed).toHaveTextContent("Payment failed. Please try again.");
  expect(failed).toHaveTextContent("You have not been charged.");
  expect(failed.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  return box;
}

describe("A conflict at payment", () => {
  it("says a time was taken with the server's words and offers to choose another, dropping it", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    wizardRoutes(afterConflict, {
      "POST /api/student/bookings/batch": apiError(
        409,
        "slot_unavailable",
        "That time is no longer available",
        {
          index: 1,
          startTime: olivia.startTime,
        },
      ),
    });
    const { user } = await payBatchInvoice();

    const notice = await findRecoveryBox();
    await waitFor(() => expect(notice).toHaveTextContent("One of your times can no longer be booked"));
    expect(notice).toHaveTextContent("That time is no longer available");
    expect(await within(notice).findByText(/with Olivia Brown$/)).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();

    await user.click(within(notice).getByRole("button", { name: "Choose another time" }));
    await findStepHeading("Pick your lesson times");
    expect(screen.getByText("We removed 1 lesson that can no longer be booked")).toBeInTheDocument();
    expect(storedDraft()?.selectedSlots).toEqual([poolLesson]);
  });

  it("says when the student already has a lesson at a chosen time", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    wizardRoutes(afterConflict, {
      // The pool lesson is still offered, but the student booked that hour elsewhere meanwhile.
      "POST /api/student/bookings/batch": apiError(
        409,
        "slot_unavailable",
        "You already have a lesson at one of the chosen times",
        { startTime: poolLesson.startTime },
      ),
    });
    const { user } = await payBatchInvoice();

    const notice = await findRecoveryBox();
    await waitFor(() =>
      expect(notice).toHaveTextContent("You already have a lesson at one of the chosen times"),
    );
    expect(await within(notice).findByText(/with Auto-assigned pool instructor$/)).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    await user.click(within(notice).getByRole("button", { name: "Choose another time" }));
    await findStepHeading("Pick your lesson times");
    // Olivia's lesson is gone from the day's times too, so both are dropped.
    expect(storedDraft()?.selectedSlots).toEqual([]);
  });

  it("marks the clashing time on the calendar once back, even when the lessons were loaded just before", async () => {
    vi.spyOn(window, "alert").mockImplementation(() => {});
    const ownLesson = {
      ...studentProfile().bookings[0],
      startTime: poolLesson.startTime,
      endTime: poolLesson.endTime,
    } as StudentProfileBooking;
    let lessons: StudentProfileBooking[] = [];
    wizardRoutes(afterConflict, {
      "GET /api/student/profile": () => jsonResponse(200, studentProfile(Date.now(), { bookings: lessons })),
      "POST /api/student/bookings/batch": () => {
        // Booked in another tab a moment ago.
        lessons = [ownLesson];
        return apiError(409, "slot_unavailable", "You already have a lesson at one of the chosen times", {
          startTime: poolLesson.startTime,
        });
      },
    });
    const { user } = resumeDraft({
      ...slotStepDraft,
      selectedSlots: [poolLesson],
      selectedDate: addDaysToDate(today(), 1),
    });
    await findStepHeading("Pick your lesson times");
    expect(await screen.findByRole("button", { name: /^10:00 am – 11:00 am/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await user.click(screen.getByRole("button", { name: "Continue to Payment" }));
    await findStepHeading("Review your booking and pay");
    await user.click(screen.getByRole("button", { name: "Pay" }));
    const notice = await findRecoveryBox();
    await user.click(await within(notice).findByRole("button", { name: "Choose another time" }));

    await findStepHeading("Pick your lesson times");
    expect(
      await screen.findByRole("button", { name: /^10:00 am – 11:00 am.*, you have a lesson then$/ }),
    ).toBeDisabled();
  });

  it("offers to hold the times again when the hold ran out and they are all still free", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const { callsTo } = wizardRoutes(
      {
        ...afterConflict,
        slots: (request) => (request.path.includes("poolHoursOnly=true") ? [poolLesson] : [olivia]),
      },
      {
        "POST /api/student/bookings/batch": () => checkout(),
        [`POST /api/student/bookings/batch/confirm/${paymentId}`]: apiError(
          409,
          "hold_expired",
          "Your 30-minute hold has expired and those times were released. You have not been charged.",
        ),
      },
    );
    const { user } = await payBatchInvoice(useFakeClock());
    await passTime(DEMO_PAYMENT_DELAY_MS);

    const notice = await findRecoveryBox();
    await waitFor(() => expect(notice).toHaveTextContent("Your times are all still free."));
    expect(notice).toHaveTextContent("Your 30-minute hold has expired");
    expect(notice).toHaveTextContent("those times were released");
    expect(alert).not.toHaveBeenCalled();
    expect(within(notice).getByRole("button", { name: "Back to lesson times" })).toBeInTheDocument();
    await user.click(within(notice).getByRole("button", { name: "Hold my times again" }));
    await waitFor(() => expect(callsTo("POST", "/api/student/bookings/batch")).toHaveLength(2));
  });

  it("points to the lessons already waiting for payment when too many are held", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    mockFetch({
      ...keepaliveRoute,
      "POST /api/student/bookings/batch": apiError(
        429,
        "too_many_holds",
        "You already have 10 lessons waiting for payment. Pay for or let those go before holding more.",
      ),
    });
    await payBatchInvoice();

    const notice = await findRecoveryBox();
    expect(notice).toHaveTextContent("You have lessons waiting for payment");
    expect(notice).toHaveTextContent("You already have 10 lessons waiting for payment.");
    expect(within(notice).getByRole("link", { name: "See lessons waiting for payment" })).toHaveAttribute(
      "href",
      "/student/bookings",
    );
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Pay" })).toBeEnabled();
  });

  it("says a bundle price changed instead of Payment failed", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    mockFetch({
      ...keepaliveRoute,
      "POST /api/student/bundles/purchase": apiError(
        400,
        "amount_mismatch",
        "The bundle price has changed: $72.00 a lesson",
        {
          expected: 72,
        },
      ),
    });
    const { user } = resumeDraft(bundleInvoiceDraft);
    await findStepHeading("Review your bundle and pay");
    await user.click(screen.getByRole("button", { name: "Pay" }));

    const notice = await findRecoveryBox();
    expect(notice).toHaveTextContent("A price has changed");
    expect(notice).toHaveTextContent("The bundle price has changed: $72.00 a lesson");
    expect(alert).not.toHaveBeenCalled();
  });

  it("says Payment failed in the page (no native alert) when the payment itself fails", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    mockFetch({
      ...keepaliveRoute,
      "POST /api/student/bookings/batch": () => checkout(),
      [`POST /api/student/bookings/batch/confirm/${paymentId}`]: apiError(
        402,
        "payment_failed",
        "The card was declined.",
      ),
    });
    await payBatchInvoice(useFakeClock());
    await passTime(DEMO_PAYMENT_DELAY_MS);
    const notice = await screen.findByRole("alert");
    expect(alert).not.toHaveBeenCalled();
    expect(notice).toHaveTextContent("Payment failed. Please try again.");
    expect(notice).toHaveTextContent("The card was declined.");
  });
});
