import { randomUUID } from "node:crypto";
import type { InvoiceNumberClaim, Suburb } from "@kerb/shared";
import { centsToDollars, dollarsToCents, holdExpiryFrom, invoiceTotals } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { holdLessonsOfPayment, openHoldsAndClashes, refuseOwnClashes } from "../lessons/index.ts";
import { claimInvoiceNumber, insertPayment } from "../payments/index.ts";
import { bookingSuburb, lockStudentForCheckout } from "../students/index.ts";

/** A lesson a card checkout holds: its times and price; who, when and for how long are the checkout's. */
export interface CheckoutLesson {
  /** Given when the caller writes a row naming the lesson in the same transaction (a test pack). */
  id?: string;
  instructorId: string;
  startTime: Date;
  endTime: Date;
  priceCents: number;
  isPoolHours: boolean;
  suburb: string;
  pickupLocation: string;
  /** The weekly series it belongs to (issue 34), written before the lessons in the same transaction. */
  seriesId?: string;
}

/**
 * The start of a card checkout of lessons, in its transaction: one checkout per student at a time (the
 * hold cap is counted and used atomically, so concurrent checkouts cannot each see room and together
 * hoard slots), the suburb, then the learner's own clashes and the hold cap refused before any planning.
 */
export async function lockLessonCheckout(
  ctx: AppContext,
  tx: Executor,
  input: {
    studentId: string;
    suburb: Suburb | undefined;
    times: Array<{ start: Date; end: Date }>;
    now: Date;
  },
) {
  const student = await lockStudentForCheckout(tx, input.studentId);
  if (!student) throw new AppError("unauthorized", "Please sign in again");
  const suburb = bookingSuburb(input.suburb, student.suburb);
  const { open, clashes } = await openHoldsAndClashes(tx, input.studentId, input.times, input.now);
  refuseTooManyHolds(ctx, open, input.times.length);
  refuseOwnClashes(clashes);
  return { student, suburb };
}

/**
 * The price and kind the learner was shown must still hold when a time is planned again: we never
 * charge another. `message` says what to review; `details` says which lesson.
 */
export function refuseChangedPrice(
  slot: { priceCents: number; isPoolHours: boolean },
  shown: { price: number; isPoolHours: boolean },
  message: string,
  details: Record<string, unknown>,
) {
  if (shown.isPoolHours === slot.isPoolHours && dollarsToCents(shown.price) === slot.priceCents) return;
  throw new AppError("amount_mismatch", message, {
    ...details,
    expected: centsToDollars(slot.priceCents),
    isPoolHours: slot.isPoolHours,
  });
}

/** Refuses a checkout that would hold more lessons than a learner may keep waiting for payment. */
export function refuseTooManyHolds(ctx: AppContext, open: number, adding: number) {
  if (open + adding <= ctx.env.MAX_HELD_LESSONS) return;
  throw new AppError(
    "too_many_holds",
    `You already have ${open} lessons waiting for payment. Pay for or let those go before holding more.`,
    { held: open, limit: ctx.env.MAX_HELD_LESSONS },
  );
}

/**
 * Opens a card checkout: the payment (its invoice totals from the lessons' prices, its invoice number)
 * and its held lessons in one statement, the id chosen here so the lessons can name their payment. The
 * exclusion constraints are the final word: a concurrent booking of the same instructor (or student) at
 * an overlapping hour makes the insert fail (23P01 → 409 slot_unavailable) and the transaction roll back.
 */
export async function openLessonsPayment(
  ctx: AppContext,
  tx: Executor,
  input: { studentId: string; invoice: InvoiceNumberClaim | undefined; now: Date; lessons: CheckoutLesson[] },
) {
  const { studentId, now } = input;
  const totals = invoiceTotals(input.lessons.map((l) => l.priceCents));
  const holdExpiresAt = holdExpiryFrom(now);
  const paymentId = randomUUID();
  return insertPayment(
    tx,
    {
      id: paymentId,
      userId: studentId,
      type: "BOOKINGS",
      provider: ctx.payments.name,
      subtotalCents: totals.subtotalCents,
      gstCents: totals.gstCents,
      amountCents: totals.totalCents,
      invoiceNumber: await claimInvoiceNumber(tx, {
        secret: ctx.auth.secret,
        studentId,
        claim: input.invoice,
        now,
      }),
      expiresAt: holdExpiresAt,
      createdAt: now,
    },
    holdLessonsOfPayment(
      tx,
      paymentId,
      input.lessons.map((lesson) => ({ ...lesson, studentId, holdExpiresAt, createdAt: now })),
    ),
  );
}
