/**
 * Fulfilment: a PENDING payment becomes what it paid for (its held lessons booked, its bundle or its
 * test-pack credit issued) exactly once, whoever asks first, the client's confirmation or the provider's
 * webhook. Money that arrives for holds that lapsed, or that the instructor's time off now covers, goes
 * back to the card.
 */
import { bundleExpiryFrom, gstOfCharge, isHoldActive, testPackCreditExpiryFrom } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { lessonsOutsideHours } from "../availability/index.ts";
import { createBundle } from "../bundles/index.ts";
import { paymentCapturedJournal } from "../ledger/index.ts";
import {
  type LessonNoticeRow,
  listPurchasedLessons,
  releaseLessonsOfPayment,
  scheduleLessonsOfPayment,
} from "../lessons/index.ts";
import * as payments from "../payments/index.ts";
import { insertPurchasedTestPackCredit } from "../test-packages/index.ts";
import * as repo from "./checkout.repository.ts";
import { enqueuePurchaseConfirmation } from "./purchase-confirmation.ts";

type Outcome =
  /** `fulfilled`: what this call fulfilled, as it now stands (absent when it was paid before). */
  | { kind: "paid"; fulfilled?: Fulfilled }
  /**
   * The holds lapsed (or the student released them) before the money arrived; `refundId` when the
   * charge is being sent back. `outsideHours`: this call let them go because the instructor has since
   * taken that time off (the first such lesson).
   */
  | {
      kind: "expired";
      refunded: boolean;
      refundId: string | null;
      released: boolean;
      outsideHours?: LessonNoticeRow;
    }
  /** A provider event seen before: it was handled the first time. */
  | { kind: "duplicate" };

/** A payment this call fulfilled: the row as now PAID and, for lessons, them as now SCHEDULED. */
interface Fulfilled {
  payment: payments.PaymentRow;
  lessons?: LessonNoticeRow[];
}

/** Thrown inside a fulfilment to roll it back when its held lessons changed under it. */
class HoldsChanged extends Error {}

interface ProviderEvent {
  provider: "stripe";
  eventId: string;
  type: string;
  payload: Record<string, unknown>;
}

export interface CheckoutSessionEvent extends ProviderEvent {
  paymentRef: string | null;
  /** What the provider says the card was charged, in cents; null if not paid. */
  paidCents: number | null;
}

/** Why a PENDING payment's held lessons cannot be delivered: lapsed, or now inside the instructor's time off. */
type Undeliverable = { undeliverable: true; outsideHours?: LessonNoticeRow };

/**
 * A PENDING payment becomes what it paid for, and PAID; nothing changes when its held lessons have
 * lapsed, or when their instructor has since taken that time off (leave, a day off, changed hours): a
 * hold does not become a lesson the instructor cannot teach.
 */
async function deliverPurchase(
  tx: Executor,
  payment: payments.PaymentRow,
  now: Date,
): Promise<Fulfilled | Undeliverable> {
  const paid = { ...payment, status: "PAID" as const, paidAt: now };
  if (payment.type === "BOOKINGS") {
    // Read once: the lapse check, the confirmation emails and the payer's answer all use these rows.
    const lessons = await listPurchasedLessons(tx, payment.id);
    const lapsed = lessons.some((l) => !isHoldActive(l.status, l.holdExpiresAt, now));
    if (lapsed || lessons.length === 0) return { undeliverable: true };
    const [outside] = await lessonsOutsideHours(
      tx,
      lessons.map((l) => ({
        id: l.id,
        instructorId: l.instructor.id,
        startTime: l.startTime,
        endTime: l.endTime,
      })),
    );
    if (outside) return { undeliverable: true, outsideHours: lessons.find((l) => l.id === outside) };
    const scheduled = await payments.markPaymentPaid(
      tx,
      payment.id,
      now,
      scheduleLessonsOfPayment(tx, payment.id),
    );
    if (scheduled !== lessons.length) {
      // The hold sweep released a lesson between the read and the update: nothing is written, and
      // the caller's retry reads the lessons again and takes the lapsed path.
      throw new HoldsChanged();
    }
    return {
      payment: paid,
      lessons: lessons.map((l) => ({ ...l, status: "SCHEDULED" as const, holdExpiresAt: null })),
    };
  }
  if (payment.type === "TEST_PACK_CREDIT") {
    // Worth what the learner paid for it ex GST: the value of the pack it will pay for (the ledger's).
    await insertPurchasedTestPackCredit(tx, {
      studentId: payment.userId,
      paymentId: payment.id,
      valueCents: payment.subtotalCents,
      expiresAt: testPackCreditExpiryFrom(now),
      createdAt: now,
    });
    await payments.markPaymentPaid(tx, payment.id, now);
    return { payment: paid };
  }
  const spec = payment.bundleSpec;
  if (!spec) throw new AppError("invalid_state", "This bundle payment has no bundle attached");
  await createBundle(tx, {
    studentId: payment.userId,
    instructorId: spec.instructorId,
    paymentId: payment.id,
    totalLessons: spec.totalLessons,
    pricePerLessonCents: spec.pricePerLessonCents,
    suburb: spec.suburb ?? null,
    expiresAt: bundleExpiryFrom(now),
  });
  await payments.markPaymentPaid(tx, payment.id, now);
  return { payment: paid };
}

/**
 * Fulfils a payment exactly once, whoever asks first (the client's confirmation or a provider
 * webhook): the row lock serialises them and a PAID payment is returned as it is. A provider event
 * is recorded in the same transaction, so a fulfilment that fails leaves no record and the
 * provider's retry fulfils. Money charged for holds that lapsed is queued for refund, also in it.
 */
export async function fulfilPayment(
  ctx: AppContext,
  paymentId: string,
  options: { paidCents: number | null; event?: ProviderEvent },
): Promise<Outcome> {
  const now = ctx.now();
  const attempt = () =>
    ctx.transact(async (uow): Promise<Outcome> => {
      const { tx } = uow;
      if (options.event && !(await repo.recordPaymentEvent(tx, { ...options.event, paymentId }))) {
        return { kind: "duplicate" };
      }
      const payment = await payments.lockPayment(tx, paymentId);
      if (!payment) throw new AppError("payment_not_found", "Payment not found");
      if (payment.status === "PAID") return { kind: "paid" };
      const released = payment.status === "CANCELLED";
      let outsideHours: LessonNoticeRow | undefined;
      if (payment.status === "REFUNDED") {
        return { kind: "expired", refunded: true, refundId: null, released };
      }
      if (payment.status === "PENDING") {
        const fulfilled = await deliverPurchase(tx, payment, now);
        if (!("undeliverable" in fulfilled)) {
          await uow.post(paymentCapturedJournal(payment, now));
          // The confirmation emails commit with the fulfilment, so a paid booking is never left untold.
          await enqueuePurchaseConfirmation(
            uow,
            payment,
            { now, appUrl: publicOrigin(ctx.env) },
            fulfilled.lessons,
          );
          return { kind: "paid", fulfilled };
        }
        await releaseLessonsOfPayment(tx, payment.id, "SYSTEM");
        await payments.changePaymentStatus(tx, payment.id, { from: "PENDING", to: "EXPIRED" });
        outsideHours = fulfilled.outsideHours;
      } else if (payment.status !== "EXPIRED" && !released) {
        throw new AppError(
          "invalid_state",
          `This payment is ${payment.status.toLowerCase()} and cannot be confirmed`,
        );
      }
      // The slots are gone (lapsed or released by the student, never resurrected); a card the provider
      // charged anyway gets its money back (demo charges none).
      const charged = options.paidCents ?? 0;
      const why = outsideHours ? { outsideHours } : {};
      if (payment.provider === "demo" || charged <= 0)
        return { kind: "expired", refunded: false, refundId: null, released, ...why };
      await payments.changePaymentStatus(tx, payment.id, {
        // A pending payment was expired just above.
        from: payment.status === "PENDING" ? "EXPIRED" : payment.status,
        to: "REFUNDED",
      });
      // The card was charged, then the whole charge goes back: both are in the ledger.
      await uow.post(paymentCapturedJournal(payment, now, charged));
      const refundId = await uow.refund({
        paymentId: payment.id,
        bookingId: null,
        amountCents: charged,
        gstCents: gstOfCharge(payment, charged),
        reason: "UNFULFILLED_PAYMENT",
        now,
      });
      return { kind: "expired", refunded: true, refundId, released, ...why };
    });
  const outcome = await attempt().catch((error: unknown) => {
    if (error instanceof HoldsChanged) return attempt();
    throw error;
  });
  return outcome;
}
