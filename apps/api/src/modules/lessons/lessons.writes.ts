/**
 * Every write of the bookings table, and the only one (decision 019): the lessons module's use cases
 * and the modules that settle lessons (checkout, credits) go through these. Each write names the
 * lifecycle action it takes (rules/lesson-lifecycle.ts), is refused (409 invalid_state) when the actor
 * may not take it, and repeats the action's `from` status in its SQL, so a lesson changed meanwhile is
 * caught rather than overwritten.
 */
import type { BookingStatus } from "@kerb/shared";
import {
  LESSON_TRANSITIONS,
  type LessonAction,
  type LessonActor,
  lessonTransitionRefusal,
} from "@kerb/shared/rules";
import { and, eq, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookings, lessonMoveProposals } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AlongsideWrite } from "../payments/index.ts";

/** 409 invalid_state, in the lifecycle's words, unless `by` may take `action` on a lesson that is `from`. */
export function checkLessonTransition(action: LessonAction, from: BookingStatus | null, by: LessonActor) {
  const refusal = lessonTransitionRefusal(action, from, by);
  if (refusal) throw new AppError("invalid_state", refusal, from === null ? undefined : { status: from });
}

/** The action's `from` statuses as SQL: the write only touches a lesson still in one of them. */
function isStillFrom(action: LessonAction): SQL {
  const from: readonly BookingStatus[] | null = LESSON_TRANSITIONS[action].from;
  if (from === null) throw new Error(`${action} creates lessons; it has no from status`);
  return inArray(bookings.status, [...from]);
}

/**
 * The refusal for a write that found its lesson no longer in the action's `from` status: a concurrent
 * change won. Reads the lesson's status now to say what it is.
 */
async function refuseChanged(db: Executor, action: LessonAction, lessonId: string, by: LessonActor) {
  const [row] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, lessonId));
  if (!row) return new AppError("not_found", "Lesson not found");
  const refusal = lessonTransitionRefusal(action, row.status, by);
  return new AppError("invalid_state", refusal ?? "This lesson changed meanwhile. Please try again.", {
    status: row.status,
  });
}

/** A new lesson's row: who, when, where and at what price (its status comes from the action). */
export type NewLesson = Omit<
  typeof bookings.$inferInsert,
  | "id"
  | "status"
  | "paymentId"
  | "completedAt"
  | "cancelledAt"
  | "cancelledBy"
  | "refundCents"
  | "keptCents"
  | "calendarSequence"
>;

/** One more revision of the lesson's calendar event, in the UPDATE that changes what the event says. */
const nextCalendarSequence = sql`${bookings.calendarSequence} + 1`;

/**
 * hold (STUDENT): the checkout's lessons, PENDING_PAYMENT until `holdExpiresAt`, written in the same
 * statement as their payment (payments' `insertPayment(…, alongside)`), so a clash rolls back both. The
 * exclusion constraints are the final word on a slot taken meanwhile (23P01).
 */
export function holdLessonsOfPayment(
  db: Executor,
  paymentId: string,
  /** `id` when the caller writes a row naming the lesson in the same transaction (a test pack). */
  lessons: ReadonlyArray<NewLesson & { holdExpiresAt: Date; id?: string }>,
): AlongsideWrite {
  checkLessonTransition("hold", null, "STUDENT");
  const status = LESSON_TRANSITIONS.hold.to;
  return {
    with: db.$with("held").as(db.insert(bookings).values(lessons.map((l) => ({ ...l, paymentId, status })))),
  };
}

/** book (STUDENT): lessons paid for already (bundle credits), SCHEDULED at once; returns their ids. */
export async function bookLessons(tx: Executor, lessons: readonly NewLesson[]) {
  checkLessonTransition("book", null, "STUDENT");
  const status = LESSON_TRANSITIONS.book.to;
  return tx
    .insert(bookings)
    .values(lessons.map((l) => ({ ...l, holdExpiresAt: null, status })))
    .returning({ id: bookings.id });
}

/**
 * confirm (SYSTEM): the payment's held lessons become SCHEDULED, as a CTE of payments'
 * `markPaymentPaid` (one statement). Each lesson is re-checked as it is updated (still
 * PENDING_PAYMENT), so a count below what the caller read means one was released meanwhile.
 */
export function scheduleLessonsOfPayment(db: Executor, paymentId: string): Required<AlongsideWrite> {
  checkLessonTransition("confirm", "PENDING_PAYMENT", "SYSTEM");
  const scheduled = db.$with("scheduled").as(
    db
      .update(bookings)
      .set({ status: LESSON_TRANSITIONS.confirm.to, holdExpiresAt: null })
      .where(and(eq(bookings.paymentId, paymentId), isStillFrom("confirm")))
      .returning({ id: bookings.id }),
  );
  return { with: scheduled, count: sql<number>`(select count(*)::int from ${scheduled})` };
}

/**
 * release: the payment will not go through (the student let it go, or the hold lapsed, the provider
 * refused, the money came too late): its held lessons become EXPIRED and free their slots.
 */
export async function releaseLessonsOfPayment(db: Executor, paymentId: string, by: "STUDENT" | "SYSTEM") {
  checkLessonTransition("release", "PENDING_PAYMENT", by);
  await db
    .update(bookings)
    .set({ status: LESSON_TRANSITIONS.release.to })
    .where(and(eq(bookings.paymentId, paymentId), isStillFrom("release")));
}

/**
 * release (SYSTEM) of every hold older than its expiry: the lessons become EXPIRED (outside the
 * exclusion constraints, so the slot is free again). Returns how many, and their payments (for the
 * payments module to expire).
 */
export async function releaseLapsedHolds(db: Executor, now: Date) {
  checkLessonTransition("release", "PENDING_PAYMENT", "SYSTEM");
  // SKIP LOCKED: concurrent sweeps never wait on (or deadlock with) each other over the same rows;
  // a row one of them skips is being released by the other.
  const released = await db
    .update(bookings)
    .set({ status: LESSON_TRANSITIONS.release.to })
    .where(
      inArray(
        bookings.id,
        db
          .select({ id: bookings.id })
          .from(bookings)
          .where(and(isStillFrom("release"), lte(bookings.holdExpiresAt, now)))
          .for("update", { skipLocked: true }),
      ),
    )
    .returning({ paymentId: bookings.paymentId });
  const paymentIds = [...new Set(released.flatMap((r) => (r.paymentId === null ? [] : [r.paymentId])))];
  return { count: released.length, paymentIds };
}

/**
 * reschedule (STUDENT): the lesson moves with one UPDATE. The exclusion constraints check the new
 * period while the row still holds the old one, so the new slot is taken before the old is released,
 * and a clash (23P01) leaves the lesson where it was.
 */
export async function moveLesson(
  tx: Executor,
  lessonId: string,
  period: { start: Date; end: Date },
  now: Date = new Date(),
) {
  checkLessonTransition("reschedule", "SCHEDULED", "STUDENT");
  const moved = await tx
    .update(bookings)
    .set({ startTime: period.start, endTime: period.end, calendarSequence: nextCalendarSequence })
    .where(and(eq(bookings.id, lessonId), isStillFrom("reschedule")))
    .returning({ id: bookings.id });
  if (moved.length === 0) throw await refuseChanged(tx, "reschedule", lessonId, "STUDENT");
  // A new time proposed for the lesson no longer applies once it has moved (an accepted one is
  // ACCEPTED before the move, so it is not touched).
  await withdrawOpenMoveProposals(tx, lessonId, now);
}

/**
 * The lesson's open move proposal (if any) is WITHDRAWN: the lesson was cancelled or moved otherwise,
 * or a new proposal takes its place. Returns the withdrawn proposals' ids.
 */
export async function withdrawOpenMoveProposals(tx: Executor, lessonId: string, now: Date) {
  const withdrawn = await tx
    .update(lessonMoveProposals)
    .set({ status: "WITHDRAWN", decidedAt: now })
    .where(and(eq(lessonMoveProposals.bookingId, lessonId), eq(lessonMoveProposals.status, "PROPOSED")))
    .returning({ id: lessonMoveProposals.id });
  return withdrawn.map((w) => w.id);
}

/**
 * complete / noShow (INSTRUCTOR), only once the lesson has ended. The conditions sit in the UPDATE
 * itself, so two clicks (or a click racing a cancellation) cannot both succeed: false when nothing
 * changed, for the caller to explain.
 */
export async function markLessonOutcome(
  db: Executor,
  input: { instructorId: string; lessonId: string; action: "complete" | "noShow"; now: Date },
): Promise<boolean> {
  checkLessonTransition(input.action, "SCHEDULED", "INSTRUCTOR");
  const status = LESSON_TRANSITIONS[input.action].to;
  const updated = await db
    .update(bookings)
    .set({ status, completedAt: status === "COMPLETED" ? input.now : null })
    .where(
      and(
        eq(bookings.id, input.lessonId),
        eq(bookings.instructorId, input.instructorId),
        isStillFrom(input.action),
        lte(bookings.endTime, input.now),
      ),
    )
    .returning({ id: bookings.id });
  return updated.length === 1;
}

/** cancel (STUDENT, INSTRUCTOR or ADMIN), with what was refunded and what the platform keeps. */
export async function cancelLesson(
  tx: Executor,
  input: {
    lessonId: string;
    now: Date;
    by: "STUDENT" | "INSTRUCTOR" | "ADMIN";
    refundCents: number;
    keptCents: number;
  },
) {
  checkLessonTransition("cancel", "SCHEDULED", input.by);
  const cancelled = await tx
    .update(bookings)
    .set({
      status: LESSON_TRANSITIONS.cancel.to,
      cancelledAt: input.now,
      cancelledBy: input.by,
      refundCents: input.refundCents,
      keptCents: input.keptCents,
      calendarSequence: nextCalendarSequence,
    })
    .where(and(eq(bookings.id, input.lessonId), isStillFrom("cancel")))
    .returning({ id: bookings.id });
  if (cancelled.length === 0) throw await refuseChanged(tx, "cancel", input.lessonId, input.by);
  await withdrawOpenMoveProposals(tx, input.lessonId, input.now);
}

/**
 * refundHeld (ADMIN): a lesson taught during its instructor's teaching stop is refunded — cancelled
 * after the fact with nothing kept, so it earns nothing (rules/payouts.ts). Only from a status the
 * lifecycle allows, as it still is: a concurrent change is refused.
 */
export async function refundHeldLesson(
  tx: Executor,
  input: { lessonId: string; now: Date; refundCents: number; from: BookingStatus },
) {
  checkLessonTransition("refundHeld", input.from, "ADMIN");
  const refunded = await tx
    .update(bookings)
    .set({
      status: LESSON_TRANSITIONS.refundHeld.to,
      cancelledAt: input.now,
      cancelledBy: "ADMIN",
      refundCents: input.refundCents,
      keptCents: 0,
      calendarSequence: nextCalendarSequence,
    })
    .where(and(eq(bookings.id, input.lessonId), eq(bookings.status, input.from)))
    .returning({ id: bookings.id });
  if (refunded.length === 0) throw await refuseChanged(tx, "refundHeld", input.lessonId, "ADMIN");
  await withdrawOpenMoveProposals(tx, input.lessonId, input.now);
}

/**
 * settleNoShow (ADMIN): a no-show's dispute is decided, recorded as the lesson's kept value (the price:
 * kept; 0: refunded, with what went back to the card as its refund; null leaves the refund unset). Only a NO_SHOW not settled before: a second
 * decision, or one racing another, finds nothing to change and is refused.
 */
export async function settleNoShowDispute(
  tx: Executor,
  input: { lessonId: string; keptCents: number; refundCents: number | null },
) {
  checkLessonTransition("settleNoShow", "NO_SHOW", "ADMIN");
  const settled = await tx
    .update(bookings)
    .set({
      keptCents: input.keptCents,
      ...(input.refundCents === null ? {} : { refundCents: input.refundCents }),
    })
    .where(and(eq(bookings.id, input.lessonId), isStillFrom("settleNoShow"), isNull(bookings.keptCents)))
    .returning({ id: bookings.id });
  if (settled.length === 0) {
    throw new AppError("invalid_state", "This no-show was settled meanwhile. Reload to see how.");
  }
}
