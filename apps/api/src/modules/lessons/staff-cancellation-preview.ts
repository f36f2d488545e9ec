/**
 * What an instructor's or an admin's cancellation would give the student, for their confirm dialogs:
 * the same rule as the cancellation itself (`cancellationFor`), read against the payment as it stands,
 * so the last lesson of a payment previews the remainder it will actually get back (a browser working
 * it out from the lesson's price alone could show a cent more).
 */
import type { StaffCancellationPreview } from "@kerb/shared";
import { type CancellationOutcome, centsToDollars, creditsSpentOn, formatAud } from "@kerb/shared/rules";
import { creditsGoBack } from "@kerb/shared/words";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { findPaymentRefundState } from "../payments/index.ts";
import { findPackOfLesson } from "../test-packages/index.ts";
import { cancellationFor } from "./lesson-cancellation.ts";
import { findLessonForCancellation } from "./lesson-reads.ts";

/** The dialog's sentence, about the student (instructor and admin cancellations refund in full). */
function staffCancellationSummary(outcome: CancellationOutcome, credits: number, isPack: boolean): string {
  if (outcome.creditReturned && isPack)
    return "The student is refunded in full: their test-pack credit goes back to them.";
  if (outcome.creditReturned)
    return `The student is refunded in full: ${creditsGoBack(credits, "their bundle")}.`;
  if (outcome.method === "CARD") {
    return `The student is refunded in full: ${formatAud(outcome.refundCents)} including ${formatAud(outcome.refundGstCents)} GST goes back to their card.`;
  }
  return "Nothing was paid for this lesson, so there is nothing to refund.";
}

/**
 * Exactly what cancelling `bookingId` as `by` would do now, nothing written; 404 when there is no such
 * lesson (or it is not the instructor's), 409 when it can no longer be cancelled.
 */
export async function previewStaffCancellation(
  db: Executor,
  input: { bookingId: string; by: "INSTRUCTOR" | "ADMIN"; instructorId?: string; now: Date },
): Promise<StaffCancellationPreview> {
  const lesson = await findLessonForCancellation(db, input.bookingId, input.instructorId);
  if (!lesson)
    throw new AppError("not_found", input.by === "ADMIN" ? "Booking not found" : "Lesson not found");
  const payment =
    lesson.paymentId && !lesson.bundleId ? await findPaymentRefundState(db, lesson.paymentId) : undefined;
  const pack = await findPackOfLesson(db, lesson.id);
  const outcome = cancellationFor({ ...lesson, payment, pack }, input.by, input.now);
  return {
    tier: outcome.tier,
    refund: {
      amount: centsToDollars(outcome.refundCents),
      gst: centsToDollars(outcome.refundGstCents),
      method: outcome.method,
    },
    creditReturned: outcome.creditReturned,
    summary: staffCancellationSummary(
      outcome,
      creditsSpentOn(lesson.startTime, lesson.endTime),
      pack !== undefined,
    ),
  };
}
