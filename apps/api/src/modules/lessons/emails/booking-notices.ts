/**
 * "Booking confirmed", to the learner (with an .ics), each instructor and the guardians who follow the
 * learner, enqueued through the caller's unit of work (so the booking and its emails commit together).
 */

import { invoiceShares } from "@kerb/shared/rules";
import type { Executor } from "../../../db/client.ts";
import { groupBy } from "../../../lib/group-by.ts";
import type { UnitOfWork } from "../../../platform/unit-of-work-effects.ts";
import { guardianCopies } from "../../guardians/index.ts";
import { type OutboxEmail, recipient } from "../../notifications/index.ts";
import {
  type BookingPaidWith,
  bookingConfirmedForInstructor,
  bookingConfirmedForStudent,
} from "./booking-confirmed.ts";
import type { NoticeOptions } from "./enqueue-notice.ts";
import * as repo from "./notice-rows.ts";
import { toLessonSummary } from "./notice-rows.ts";

/** How a whole checkout or credit spend was paid, before it is split per instructor. */
type CheckoutPaidWith =
  | { kind: "card"; invoiceNumber: string; amountCents: number; gstCents: number }
  | { kind: "credits"; creditsLeft: number };

const sum = (cents: number[]) => cents.reduce((total, c) => total + c, 0);

/**
 * Booking confirmed, to the student (with an .ics) and to each instructor. A batch may hold lessons of
 * several instructors (pool hours are auto-assigned), so there is one pair of emails per instructor.
 * `eventKey` names the event (a payment, a credit spend) for the dedupe keys.
 */
export async function enqueueBookingConfirmed(
  uow: UnitOfWork,
  input: NoticeOptions & {
    lessons: repo.LessonNoticeRow[];
    /** How the whole event was paid; each instructor's email gets its part. */
    paidWith: CheckoutPaidWith;
    eventKey: string;
  },
): Promise<string[]> {
  const byInstructor = [...groupBy(input.lessons, (row) => row.instructor.id)];
  // Each instructor's part of the invoice, GST stepped on the running subtotal so the parts add up.
  const shares = invoiceShares(byInstructor.map(([, lessons]) => sum(lessons.map((l) => l.priceCents))));
  const emails: OutboxEmail[] = [];
  for (const [index, [instructorId, lessons]] of byInstructor.entries()) {
    const first = lessons[0];
    const share = shares[index];
    if (!first || !share) continue;
    const paidWith: BookingPaidWith =
      input.paidWith.kind === "card"
        ? {
            ...input.paidWith,
            lessonsInCheckout: input.lessons.length,
            share: { amountCents: share.totalCents, gstCents: share.gstCents },
          }
        : { ...input.paidWith, creditsUsed: lessons.length, creditsUsedInBooking: input.lessons.length };
    const data = {
      student: first.student,
      instructor: first.instructor,
      lessons: lessons.map(toLessonSummary),
      paidWith,
      now: input.now,
      ...(input.appUrl ? { appUrl: input.appUrl } : {}),
    };
    const key = `booking-confirmed:${input.eventKey}:${instructorId}`;
    emails.push(
      {
        kind: "booking_confirmed",
        to: recipient(first.student),
        ...bookingConfirmedForStudent(data),
        dedupeKey: `${key}:student`,
        now: input.now,
      },
      {
        kind: "booking_confirmed",
        to: recipient(first.instructor),
        ...bookingConfirmedForInstructor(data),
        dedupeKey: `${key}:instructor`,
        now: input.now,
      },
    );
  }
  const learnerId = input.lessons[0]?.student.id;
  const toLearner = emails.filter((e) => e.dedupeKey?.endsWith(":student"));
  // A guardian who paid gets a receipt of their own (checkout's purchase confirmation), not a copy.
  if (learnerId) emails.push(...(await guardianCopies(uow.tx, learnerId, toLearner)));
  // Every message of the event in one insert: one round trip inside the booking's transaction.
  return uow.email(emails);
}

/**
 * A payment's lessons with both people, in start order, with their hold state: what the fulfilment
 * checks (has any hold lapsed?), what the confirmation emails say and what the payer is shown.
 */
export const listPurchasedLessons = (tx: Executor, paymentId: string) =>
  repo.listLessonsForNotice(tx, { paymentId });

/** A card payment's lessons are booked: both people are told. Call in the fulfilling transaction. */
export async function enqueueLessonsPurchased(
  uow: UnitOfWork,
  payment: { id: string; invoiceNumber: string; amountCents: number; gstCents: number },
  options: NoticeOptions,
  /** The payment's lessons when the caller has just read them (listPurchasedLessons). */
  lessons?: repo.LessonNoticeRow[],
): Promise<string[]> {
  return enqueueBookingConfirmed(uow, {
    ...options,
    lessons: lessons ?? (await listPurchasedLessons(uow.tx, payment.id)),
    paidWith: {
      kind: "card",
      invoiceNumber: payment.invoiceNumber,
      amountCents: payment.amountCents,
      gstCents: payment.gstCents,
    },
    eventKey: `payment:${payment.id}`,
  });
}

/** Lessons booked with bundle credits. Call in the spending transaction. */
export async function enqueueCreditBooking(
  uow: UnitOfWork,
  input: NoticeOptions & { bookingIds: string[]; credits: { usedLessons: number; totalLessons: number } },
): Promise<string[]> {
  return enqueueBookingConfirmed(uow, {
    ...input,
    lessons: input.bookingIds.length === 0 ? [] : await repo.listLessonsForNotice(uow.tx, input.bookingIds),
    paidWith: { kind: "credits", creditsLeft: input.credits.totalLessons - input.credits.usedLessons },
    // The new lessons' ids are unique to this spend.
    eventKey: `credits:${[...input.bookingIds].sort()[0]}`,
  });
}
