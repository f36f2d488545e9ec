/**
 * A lesson paid by card, for the e2e seeds: its payment, the booking, and the ledger journals the API
 * would have posted (the capture, and the lesson's earnings once taught), so the ledger balances
 * in the e2e database as it does in a real one.
 */
import { gstCents } from "@kerb/shared/rules";
import { bookings, payments } from "../../apps/api/src/db/schema/index.ts";
import { paymentCapturedJournal, postLessonEarned } from "../../apps/api/src/modules/ledger/post-journal.ts";
import type { UnitOfWork } from "../../apps/api/src/unit-of-work.ts";

const HOUR = 3_600_000;

export async function seedPaidLesson(
  uow: UnitOfWork,
  lesson: {
    studentId: string;
    instructorId: string;
    start: Date;
    priceCents: number;
    status: "SCHEDULED" | "COMPLETED";
    invoiceNumber: string;
    paidAt: Date;
    suburb: string;
    pickupLocation: string;
  },
) {
  const { tx } = uow;
  const gst = gstCents(lesson.priceCents);
  const [payment] = await tx
    .insert(payments)
    .values({
      userId: lesson.studentId,
      type: "BOOKINGS",
      status: "PAID",
      provider: "demo",
      subtotalCents: lesson.priceCents,
      gstCents: gst,
      amountCents: lesson.priceCents + gst,
      invoiceNumber: lesson.invoiceNumber,
      paidAt: lesson.paidAt,
      createdAt: lesson.paidAt,
    })
    .returning({ id: payments.id, amountCents: payments.amountCents, gstCents: payments.gstCents });
  if (!payment) throw new Error(`seed: payment ${lesson.invoiceNumber} not created`);
  await uow.post(paymentCapturedJournal(payment, lesson.paidAt));
  const end = new Date(lesson.start.getTime() + HOUR);
  const [booking] = await tx
    .insert(bookings)
    .values({
      studentId: lesson.studentId,
      instructorId: lesson.instructorId,
      startTime: lesson.start,
      endTime: end,
      status: lesson.status,
      completedAt: lesson.status === "COMPLETED" ? end : null,
      priceCents: lesson.priceCents,
      suburb: lesson.suburb,
      pickupLocation: lesson.pickupLocation,
      paymentId: payment.id,
      createdAt: lesson.paidAt,
    })
    .returning({ id: bookings.id });
  if (!booking) throw new Error(`seed: lesson ${lesson.invoiceNumber} not created`);
  if (lesson.status === "COMPLETED") await postLessonEarned(uow, booking.id, "COMPLETED");
  return booking.id;
}
