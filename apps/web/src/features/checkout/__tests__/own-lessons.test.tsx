import type { StudentProfileBooking } from "@kerb/shared";
import { addDaysToDate } from "@kerb/shared/rules";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { defined } from "@/test/defined";
import { instructorUser } from "@/test/fixtures";
import { heldPayment, paymentId } from "./invoice-test-utils";
import {
  findStepHeading,
  resumeDraft,
  selectionPanel,
  slotAt,
  slotStepDraft,
  today,
  wizardRoutes,
} from "./wizard-test-utils";

const date = addDaysToDate(today(), 2);
const otherPaymentId = "d0000000-0000-4000-8000-000000000002";
let bookingCounter = 0;

/** One of the student's own lessons at `hour` o'clock Sydney time on `date`. */
function ownLesson(hour: number, fields: Partial<StudentProfileBooking> = {}): StudentProfileBooking {
  bookingCounter++;
  const slot = slotAt(date, hour);
  return {
    id: `b0000000-0000-4000-8000-${String(bookingCounter).padStart(12, "0")}`,
    startTime: slot.startTime,
    endTime: slot.endTime,
    status: "SCHEDULED",
    pickupLocation: null,
    price: 52,
    isPoolHours: true,
    instructor: { id: instructorUser.id, firstName: "Ivy", lastName: "Teacher" },
    paymentId: otherPaymentId,
    bundleId: null,
    holdExpiresAt: null,
    refund: null,
    ...fields,
  };
}

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

function routes(bookings: StudentProfileBooking[]) {
  return wizardRoutes({
    days: [5, 0],
    slots: () => [10, 11, 12, 13, 14].map((h) => slotAt(date, h)),
    instructors: [],
    bookings,
  });
}

const startAtSlots = (fields: Record<string, unknown> = {}) =>
  resumeDraft({ ...slotStepDraft, selectedDate: date, ...fields });

const slotButton = (time: RegExp) => screen.getByRole("button", { name: time });

describe("Slot step: the student's own lessons", () => {
  it("marks times that clash with a booked lesson or a live hold as taken by you, and offers the rest", async () => {
    routes([
      ownLesson(10),
      ownLesson(12, { status: "PENDING_PAYMENT", holdExpiresAt: minutesFromNow(20) }),
      // A lapsed hold and a cancelled lesson no longer take the student's time.
      ownLesson(13, { status: "PENDING_PAYMENT", holdExpiresAt: minutesFromNow(-1) }),
      ownLesson(14, { status: "CANCELLED", refund: 57.2 }),
    ]);
    startAtSlots();

    const ten = await screen.findByRole("button", {
      name: /^10:00 am – 11:00 am.*, you have a lesson then$/,
    });
    expect(ten).toBeDisabled();
    expect(within(ten).getByText("You have a lesson then")).toBeInTheDocument();
    expect(slotButton(/^12:00 pm – 1:00 pm.*, you have a lesson then$/)).toBeDisabled();
    for (const free of [/^11:00 am – 12:00 pm/, /^1:00 pm – 2:00 pm/, /^2:00 pm – 3:00 pm/]) {
      expect(slotButton(free)).toBeEnabled();
      expect(slotButton(free).getAttribute("aria-label")).not.toMatch(/you have a lesson then/);
    }
  });

  it("flags a kept selection that now clashes and holds back payment until it is removed", async () => {
    routes([ownLesson(10)]);
    const { user } = startAtSlots({ selectedSlots: [slotAt(date, 10), slotAt(date, 11)] });
    await findStepHeading("Pick your lesson times");

    const list = await within(selectionPanel()).findByRole("list", { name: "Selected lessons" });
    const rows = within(list).getAllByRole("listitem");
    expect(await within(defined(rows[0])).findByText("You have a lesson then")).toBeInTheDocument();
    expect(within(defined(rows[1])).queryByText("You have a lesson then")).not.toBeInTheDocument();
    const continueButton = within(selectionPanel()).getByRole("button", { name: "Continue to Payment" });
    expect(continueButton).toBeDisabled();
    expect(selectionPanel()).toHaveTextContent(
      "Remove the lessons marked “You have a lesson then” to continue.",
    );

    await user.click(within(defined(rows[0])).getByRole("button", { name: /^Remove lesson on / }));
    expect(continueButton).toBeEnabled();
  });

  it("does not count the holds of this booking's own open payment against it", async () => {
    const selected = slotAt(date, 10);
    routes([ownLesson(10, { status: "PENDING_PAYMENT", holdExpiresAt: minutesFromNow(25), paymentId })]);
    startAtSlots({
      selectedSlots: [selected],
      pendingCheckout: {
        signature: `batch|Parramatta|pool|${selected.startTime}|${selected.endTime}`,
        startedAt: Date.now() - 5 * 60_000,
        response: {
          payment: heldPayment({ subtotal: 52, gst: 5.2, amount: 57.2, holdExpiresAt: minutesFromNow(25) }),
        },
      },
    });
    const ten = await screen.findByRole("button", { name: /^10:00 am – 11:00 am/ });
    expect(ten).toHaveAttribute("aria-pressed", "true");
    expect(ten).toBeEnabled();
    expect(within(selectionPanel()).queryByText("You have a lesson then")).not.toBeInTheDocument();
    expect(within(selectionPanel()).getByRole("button", { name: "Continue to Payment" })).toBeEnabled();
  });
});
