/**
 * Lessons, payments and bundles for the test fixtures and the e2e seeds, written by the owning modules'
 * writers in the order the product's use cases call them, so their rows, ledger journals and earnings
 * are the product's (issue 19): the checkout's hold and fulfilment, the bundle checkout, the
 * instructor's mark. Only the slot search (planLessons) is skipped: a fixture places a lesson at any
 * hour, past or outside availability, which is not what the tests that use them are about.
 */
import { randomUUID } from "node:crypto";
import type { BookingStatus } from "@kerb/shared";
import { holdExpiryFrom, invoiceTotals } from "@kerb/shared/rules";
import { asc, eq } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { bookings, bundles } from "../db/schema/index.ts";
import { loadEnv } from "../env.ts";
import { silentLog } from "../lib/silent-log.ts";
// Renamed: a function named use… reads to the linter as a React hook.
import { useCredits as spendCredits } from "../modules/bundles/bundles.writes.ts";
import { createBundle } from "../modules/bundles/index.ts";
import { paymentCapturedJournal, postLessonEarned } from "../modules/ledger/post-journal.ts";
import { cancelLessonWithRefund } from "../modules/lessons/index.ts";
import {
  bookLessons,
  holdLessonsOfPayment,
  markLessonOutcome,
  type NewLesson,
  releaseLessonsOfPayment,
  scheduleLessonsOfPayment,
} from "../modules/lessons/lessons.writes.ts";
import {
  expirePendingPayments,
  insertPayment,
  markPaymentPaid,
  newInvoiceNumber,
  type PaymentRow,
} from "../modules/payments/index.ts";
import { demoProvider } from "../platform/card-provider/payment-provider.ts";
import { createTransact, type UnitOfWork } from "../unit-of-work.ts";
import { fixtureNow } from "./test-clock.ts";

export interface FixtureLesson {
  studentId: string;
  instructorId: string;
  start: Date;
  minutes?: number;
  priceCents: number;
  isPoolHours?: boolean;
  suburb: string;
  pickupLocation: string | null;
  bundleId?: string | null;
  /** Its own hold's end, where it differs from the payment's (a hold the sweep finds lapsed). */
  holdExpiresAt?: Date;
}

const HOUR_MS = 3_600_000;
const endOf = (lesson: FixtureLesson) => new Date(lesson.start.getTime() + (lesson.minutes ?? 60) * 60_000);

function newLesson(lesson: FixtureLesson, createdAt: Date): NewLesson {
  return {
    studentId: lesson.studentId,
    instructorId: lesson.instructorId,
    startTime: lesson.start,
    endTime: endOf(lesson),
    priceCents: lesson.priceCents,
    isPoolHours: lesson.isPoolHours ?? false,
    suburb: lesson.suburb,
    pickupLocation: lesson.pickupLocation,
    bundleId: lesson.bundleId ?? null,
    createdAt,
  };
}

let fixtureEnv: ReturnType<typeof loadEnv> | undefined;

/** A fixture's unit of work: the app's, and the clock of the test app that owns the database. */
export type FixtureUnitOfWork = UnitOfWork & { now?: () => Date };

/**
 * `ctx.transact` for fixtures that have only a database. Its unit of work posts, audits and queues
 * refunds as the app's does (the demo provider delivers them), but enqueues no email: a fixture's
 * lessons would otherwise mail the tests' inboxes, and a delivery run would outlive the test's database.
 * "Now" is the clock of the test app on `db` (test-clock.ts), real time for an e2e seed's database.
 */
export function fixtureTransact(
  db: Executor,
): <T>(work: (uow: FixtureUnitOfWork) => Promise<T>) => Promise<T> {
  fixtureEnv ??= loadEnv({});
  const now = () => fixtureNow(db);
  const transact = createTransact({ db, now, payments: demoProvider, log: silentLog, env: fixtureEnv });
  return (work) => transact((uow) => work({ ...uow, email: async () => [], now }));
}

/** The checkout's hold: a PENDING card payment and its lessons, PENDING_PAYMENT, in one statement. */
export async function holdLessons(
  tx: Executor,
  input: {
    studentId: string;
    lessons: readonly FixtureLesson[];
    now: Date;
    holdExpiresAt?: Date;
    provider?: "demo" | "stripe";
    invoiceNumber?: string;
  },
): Promise<{ payment: PaymentRow; lessonIds: string[] }> {
  const { now } = input;
  const totals = invoiceTotals(input.lessons.map((l) => l.priceCents));
  const holdExpiresAt = input.holdExpiresAt ?? holdExpiryFrom(now);
  const id = randomUUID();
  const payment = await insertPayment(
    tx,
    {
      id,
      userId: input.studentId,
      type: "BOOKINGS",
      provider: input.provider ?? "demo",
      subtotalCents: totals.subtotalCents,
      gstCents: totals.gstCents,
      amountCents: totals.totalCents,
      invoiceNumber: input.invoiceNumber ?? newInvoiceNumber(now),
      expiresAt: holdExpiresAt,
      createdAt: now,
    },
    holdLessonsOfPayment(
      tx,
      id,
      input.lessons.map((l) => ({ ...newLesson(l, now), holdExpiresAt: l.holdExpiresAt ?? holdExpiresAt })),
    ),
  );
  const held = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.paymentId, id))
    .orderBy(asc(bookings.startTime));
  return { payment, lessonIds: held.map((l) => l.id) };
}

/** The checkout's fulfilment of a hold: the payment PAID, its lessons SCHEDULED, the capture posted. */
async function payHeldLessons(uow: UnitOfWork, payment: PaymentRow, paidAt: Date) {
  await markPaymentPaid(uow.tx, payment.id, paidAt, scheduleLessonsOfPayment(uow.tx, payment.id));
  await uow.post(paymentCapturedJournal(payment, paidAt));
}

/** The instructor's "completed" or "no-show" once the lesson has ended, posting what it earned. */
async function markOutcome(
  uow: UnitOfWork,
  input: { instructorId: string; lessonId: string; action: "complete" | "noShow"; now: Date },
) {
  if (!(await markLessonOutcome(uow.tx, input))) throw new Error(`lesson ${input.lessonId} not marked`);
  await postLessonEarned(uow, input.lessonId, input.action === "complete" ? "COMPLETED" : "NO_SHOW");
}

/** What happened to a booked lesson after it was paid: nothing yet, marked, or cancelled. */
interface Afterwards {
  status?: "SCHEDULED" | "COMPLETED" | "NO_SHOW" | "CANCELLED";
  /** When the instructor marked it (default, and never before: when it ended). */
  markedAt?: Date | null;
  /** How long before its start the student cancelled it (default 72: the full-refund tier). */
  cancelledHoursBefore?: number;
}

/** The instructor's mark, or the student's cancellation through the product's cancellation use case. */
async function settle(uow: UnitOfWork, lesson: FixtureLesson, lessonId: string, after: Afterwards) {
  const status = after.status ?? "SCHEDULED";
  if (status === "CANCELLED") {
    const now = cancelledAt(lesson, after);
    await cancelLessonWithRefund(uow, { bookingId: lessonId, cancelledBy: "STUDENT", now });
  } else if (status !== "SCHEDULED") {
    const end = endOf(lesson);
    const now = after.markedAt && after.markedAt > end ? after.markedAt : end;
    const action = status === "COMPLETED" ? "complete" : "noShow";
    await markOutcome(uow, { instructorId: lesson.instructorId, lessonId, action, now });
  }
}

const cancelledAt = (lesson: FixtureLesson, after: Afterwards) =>
  new Date(lesson.start.getTime() - (after.cancelledHoursBefore ?? 72) * HOUR_MS);

/** A lesson paid by card: held and paid at `paidAt` (by its cancellation at the latest), then settled. */
export async function cardPaidLesson(
  uow: UnitOfWork,
  lesson: FixtureLesson & Afterwards & { paidAt: Date; provider?: "demo" | "stripe"; invoiceNumber?: string },
) {
  const paidAt =
    lesson.status === "CANCELLED" && cancelledAt(lesson, lesson) < lesson.paidAt
      ? cancelledAt(lesson, lesson)
      : lesson.paidAt;
  const { payment, lessonIds } = await holdLessons(uow.tx, {
    studentId: lesson.studentId,
    lessons: [lesson],
    now: paidAt,
    ...(lesson.provider ? { provider: lesson.provider } : {}),
    ...(lesson.invoiceNumber ? { invoiceNumber: lesson.invoiceNumber } : {}),
  });
  const [lessonId] = lessonIds;
  if (!lessonId) throw new Error("lesson not held");
  await payHeldLessons(uow, payment, paidAt);
  await settle(uow, lesson, lessonId, lesson);
  return { lessonId, paymentId: payment.id };
}

/**
 * A lesson in `status` without a card payment: booked (unpaid, or spending a credit of `bundleId`, which
 * the caller counts in the bundle's `usedLessons`), then settled. PENDING_PAYMENT is instead a card
 * checkout's hold, and EXPIRED that hold released by the sweep, so those two have a payment.
 */
export async function lessonInStatus(
  uow: FixtureUnitOfWork,
  lesson: FixtureLesson,
  after: Omit<Afterwards, "status"> & { status?: BookingStatus },
): Promise<string> {
  const now = uow.now?.() ?? new Date();
  const status = after.status ?? "SCHEDULED";
  if (status === "PENDING_PAYMENT" || status === "EXPIRED") {
    const held = await holdLessons(uow.tx, { studentId: lesson.studentId, lessons: [lesson], now });
    if (status === "EXPIRED") {
      await releaseLessonsOfPayment(uow.tx, held.payment.id, "SYSTEM");
      await expirePendingPayments(uow.tx, [held.payment.id]);
    }
    const [id] = held.lessonIds;
    if (!id) throw new Error("lesson not held");
    return id;
  }
  const [booked] = await bookLessons(uow.tx, [newLesson(lesson, now)]);
  if (!booked) throw new Error("lesson not booked");
  await settle(uow, lesson, booked.id, { ...after, status });
  return booked.id;
}

/**
 * The bundle checkout: a BUNDLE payment with its spec, fulfilled (the bundle created, the payment PAID,
 * the capture posted) at `paidAt`; `usedLessons` credits then spent as a credit booking counts them.
 */
export async function boughtBundle(
  uow: UnitOfWork,
  input: {
    studentId: string;
    totalLessons: number;
    usedLessons: number;
    pricePerLessonCents: number;
    instructorId: string | null;
    suburb: string | null;
    expiresAt: Date;
    paidAt: Date;
  },
) {
  const { tx } = uow;
  const totals = invoiceTotals(Array.from({ length: input.totalLessons }, () => input.pricePerLessonCents));
  const spec = {
    totalLessons: input.totalLessons,
    pricePerLessonCents: input.pricePerLessonCents,
    instructorId: input.instructorId,
    suburb: input.suburb,
  };
  const payment = await insertPayment(tx, {
    userId: input.studentId,
    type: "BUNDLE",
    provider: "demo",
    subtotalCents: totals.subtotalCents,
    gstCents: totals.gstCents,
    amountCents: totals.totalCents,
    invoiceNumber: newInvoiceNumber(input.paidAt),
    bundleSpec: spec,
    createdAt: input.paidAt,
  });
  await createBundle(tx, {
    studentId: input.studentId,
    paymentId: payment.id,
    ...spec,
    expiresAt: input.expiresAt,
  });
  await markPaymentPaid(tx, payment.id, input.paidAt);
  await uow.post(paymentCapturedJournal(payment, input.paidAt));
  const [bundle] = await tx.select().from(bundles).where(eq(bundles.paymentId, payment.id));
  if (!bundle) throw new Error("bundle not created");
  await spendCredits(tx, bundle.id, input.usedLessons);
  return { id: bundle.id, paymentId: payment.id };
}
