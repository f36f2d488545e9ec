import type { CancellationPreview, StudentProfileBooking, StudentRefund } from "@kerb/shared";
import { screen, within } from "@testing-library/react";
import { defined } from "@/test/defined";
import { sessionFor, studentUser } from "@/test/fixtures";

export const signedIn = { session: sessionFor(studentUser) };

const PAYMENT_ID = "00000000-0000-4000-8000-0000000000aa";
export const instructor = {
  id: "7d2a4c2f-1b5f-4c1b-8c4f-2a3b4c5d6e7f",
  firstName: "Ivy",
  lastName: "Teacher",
};

/** A lesson with the given times and fields; SCHEDULED, card-paid and $85.00 unless told otherwise. */
export function lesson(
  id: string,
  startTime: string,
  overrides: Partial<StudentProfileBooking> = {},
): StudentProfileBooking {
  return {
    id,
    startTime,
    endTime: new Date(new Date(startTime).getTime() + 3_600_000).toISOString(),
    status: "SCHEDULED",
    pickupLocation: null,
    price: 85,
    isPoolHours: false,
    instructor,
    paymentId: PAYMENT_ID,
    bundleId: null,
    holdExpiresAt: null,
    refund: null,
    ...overrides,
  };
}

/** The server's answer to GET /api/student/bookings/{id}/cancellation. */
export function preview(
  booking: StudentProfileBooking,
  tier: CancellationPreview["tier"],
  refund: StudentRefund,
  summary: string,
  creditReturned = false,
  refundTo = "your card",
): CancellationPreview {
  return { booking, tier, refund, creditReturned, summary, refundTo };
}

/** The list item of the lesson whose row shows this text (e.g. its date). */
export async function findLessonRow(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(text);
  return defined(cell.closest("li"), `list item holding "${text}"`);
}

export const cancelButtonIn = (row: HTMLElement) => within(row).queryByRole("button", { name: /^Cancel/ });
