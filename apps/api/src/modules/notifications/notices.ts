/**
 * The events that email people, each enqueued through the caller's unit of work (so the change and its
 * emails commit together, and the unit of work starts their delivery after commit).
 */
import type { CancelledBy } from "@kerb/shared/rules";
import type { Executor } from "../../db/client.ts";
import { groupBy } from "../../lib/group-by.ts";
import type { UnitOfWork } from "../../unit-of-work.ts";
import {
  type BookingPaidWith,
  bookingConfirmedForInstructor,
  bookingConfirmedForStudent,
} from "./messages/booking-confirmed.ts";
import { bundlePurchased } from "./messages/bundle-purchased.ts";
import type { LessonSummary } from "./messages/format.ts";
import { lessonCancelled } from "./messages/lesson-cancelled.ts";
import { lessonRescheduled } from "./messages/lesson-rescheduled.ts";
import * as repo from "./notifications.repository.ts";
import type { OutboxEmail } from "./outbox.ts";

/** One email through the unit of work: its id, or null when its dedupe key was there already. */
async function enqueueOne(uow: UnitOfWork, email: OutboxEmail): Promise<string | null> {
  const [id] = await uow.email(email);
  return id ?? null;
}

interface NoticeOptions {
  now: Date;
  appUrl?: string;
}

export const toLessonSummary = (row: repo.LessonNoticeRow): LessonSummary => ({
  id: row.id,
  startTime: row.startTime,
  endTime: row.endTime,
  suburb: row.suburb,
  pickupLocation: row.pickupLocation,
  isPoolHours: row.isPoolHours,
  priceCents: row.priceCents,
});

const recipient = (p: { email: string; firstName: string; lastName: string }) => ({
  email: p.email,
  name: `${p.firstName} ${p.lastName}`.trim(),
});

/**
 * Booking confirmed, to the student (with an .ics) and to each instructor. A batch may hold lessons of
 * several instructors (pool hours are auto-assigned), so there is one pair of emails per instructor.
 * `eventKey` names the event (a payment, a credit spend) for the dedupe keys.
 */
async function enqueueBookingConfirmed(
  uow: UnitOfWork,
  input: NoticeOptions & { lessons: repo.LessonNoticeRow[]; paidWith: BookingPaidWith; eventKey: string },
): Promise<string[]> {
  const byInstructor = groupBy(input.lessons, (row) => row.instructor.id);
  const emails: OutboxEmail[] = [];
  for (const [instructorId, lessons] of byInstructor) {
    const first = lessons[0];
    if (!first) continue;
    const data = {
      student: first.student,
      instructor: first.instructor,
      lessons: lessons.map(toLessonSummary),
      paidWith: input.paidWith,
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
  // Every message of the event in one insert: one round trip inside the booking's transaction.
  return uow.email(emails);
}

/**
 * A payment's lessons with both people, in start order, with their hold state: what the fulfilment
 * checks (has any hold lapsed?), what the confirmation emails say and what the payer is shown.
 */
export const listPurchasedLessons = (tx: Executor, paymentId: string) =>
  repo.listLessonsForNotice(tx, { paymentId });

/** A payment was fulfilled: its lessons are booked, or its bundle is ready. Call in the fulfilling transaction. */
export async function enqueuePurchaseConfirmation(
  uow: UnitOfWork,
  payment: {
    id: string;
    type: "BOOKINGS" | "BUNDLE";
    invoiceNumber: string;
    amountCents: number;
    gstCents: number;
  },
  options: NoticeOptions,
  /** The payment's lessons when the caller has just read them (listPurchasedLessons). */
  lessons?: repo.LessonNoticeRow[],
): Promise<string[]> {
  if (payment.type === "BOOKINGS") {
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
  const bundle = await repo.findBundlePurchase(uow.tx, payment.id);
  if (!bundle) return [];
  const instructor =
    bundle.instructorFirstName !== null && bundle.instructorLastName !== null
      ? { firstName: bundle.instructorFirstName, lastName: bundle.instructorLastName }
      : null;
  const id = await enqueueOne(uow, {
    kind: "bundle_purchased",
    to: recipient(bundle.student),
    ...bundlePurchased({
      student: bundle.student,
      instructor,
      totalLessons: bundle.totalLessons,
      pricePerLessonCents: bundle.pricePerLessonCents,
      suburb: bundle.suburb,
      amountCents: bundle.amountCents,
      gstCents: bundle.gstCents,
      invoiceNumber: bundle.invoiceNumber,
      expiresAt: bundle.expiresAt,
      ...(options.appUrl ? { appUrl: options.appUrl } : {}),
    }),
    dedupeKey: `bundle-purchased:${payment.id}`,
    now: options.now,
  });
  return id ? [id] : [];
}

/** Lessons booked with bundle credits. Call in the spending transaction. */
export async function enqueueCreditBooking(
  uow: UnitOfWork,
  input: NoticeOptions & { bookingIds: string[]; credits: { usedLessons: number; totalLessons: number } },
): Promise<string[]> {
  return enqueueBookingConfirmed(uow, {
    ...input,
    lessons: input.bookingIds.length === 0 ? [] : await repo.listLessonsForNotice(uow.tx, input.bookingIds),
    paidWith: {
      kind: "credits",
      creditsUsed: input.bookingIds.length,
      creditsLeft: input.credits.totalLessons - input.credits.usedLessons,
    },
    // The new lessons' ids are unique to this spend.
    eventKey: `credits:${[...input.bookingIds].sort()[0]}`,
  });
}

/**
 * A lesson was cancelled: the other party is told (student cancels → instructor; instructor cancels →
 * student; an admin → both), with who cancelled and what the student got back.
 */
export async function enqueueLessonCancelled(
  uow: UnitOfWork,
  input: NoticeOptions & {
    bookingId: string;
    cancelledBy: CancelledBy;
    refund: { method: "CARD" | "CREDIT" | "NONE"; refundCents: number; refundGstCents: number };
    reason?: string | null;
  },
): Promise<string[]> {
  const [row] = await repo.listLessonsForNotice(uow.tx, [input.bookingId]);
  if (!row) return [];
  const recipients: Array<"STUDENT" | "INSTRUCTOR"> =
    input.cancelledBy === "STUDENT"
      ? ["INSTRUCTOR"]
      : input.cancelledBy === "INSTRUCTOR"
        ? ["STUDENT"]
        : ["STUDENT", "INSTRUCTOR"];
  const ids: string[] = [];
  for (const who of recipients) {
    const person = who === "STUDENT" ? row.student : row.instructor;
    const id = await enqueueOne(uow, {
      kind: "lesson_cancelled",
      to: recipient(person),
      ...lessonCancelled({
        recipient: who,
        student: row.student,
        instructor: row.instructor,
        lesson: toLessonSummary(row),
        cancelledBy: input.cancelledBy,
        refund: input.refund,
        paidWithBundle: row.bundleId !== null,
        reason: input.reason ?? null,
        ...(input.appUrl ? { appUrl: input.appUrl } : {}),
      }),
      // A lesson is cancelled once.
      dedupeKey: `lesson-cancelled:${row.id}:${who.toLowerCase()}`,
      now: input.now,
    });
    if (id) ids.push(id);
  }
  return ids;
}

/** A student moved a lesson: the instructor is told the old and the new time. */
export async function enqueueLessonRescheduled(
  uow: UnitOfWork,
  input: NoticeOptions & { bookingId: string; previous: { startTime: Date; endTime: Date } },
): Promise<string[]> {
  const [row] = await repo.listLessonsForNotice(uow.tx, [input.bookingId]);
  if (!row) return [];
  // No dedupe key: a lesson may be moved more than once, and each move is news.
  const id = await enqueueOne(uow, {
    kind: "lesson_rescheduled",
    to: recipient(row.instructor),
    ...lessonRescheduled({
      student: row.student,
      instructor: row.instructor,
      lesson: toLessonSummary(row),
      previous: input.previous,
      ...(input.appUrl ? { appUrl: input.appUrl } : {}),
    }),
    now: input.now,
  });
  return id ? [id] : [];
}
