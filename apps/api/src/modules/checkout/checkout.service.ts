/**
 * Checkout owns a payment from the moment it is handed to the card provider until it is fulfilled:
 * the provider hand-off, the client's confirmation, the provider's webhook, and what happens to money
 * that arrives for holds that have lapsed. Bookings and bundles create payments and call in here;
 * nothing in here calls back into them.
 */
import { type CheckoutResponse, type PaymentType, uuid } from "@kerb/shared";
import { paths } from "@kerb/shared/paths";
import {
  bundleExpiryFrom,
  centsToDollars,
  gstOfCharge,
  holdExpiryFrom,
  isHoldActive,
} from "@kerb/shared/rules";
import { HOLD_DURATION_ADJECTIVE } from "@kerb/shared/words";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { createBundle } from "../credits/index.ts";
import { paymentCapturedJournal } from "../ledger/post-journal.ts";
import { listPurchasedLessons, releaseLessonsOfPayment, scheduleLessonsOfPayment } from "../lessons/index.ts";
import * as payments from "../payments/index.ts";
import * as repo from "./checkout.repository.ts";
import { enqueuePurchaseConfirmation } from "./purchase-confirmation.ts";
import { releaseCheckout } from "./release-checkout.ts";

type Outcome =
  /** `fulfilled`: what this call fulfilled, as it now stands (absent when it was paid before). */
  | { kind: "paid"; fulfilled?: Fulfilled }
  /**
   * The holds lapsed (or the student released them) before the money arrived; `refundId` when the
   * charge is being sent back.
   */
  | { kind: "expired"; refunded: boolean; refundId: string | null; released: boolean }
  /** A provider event seen before: it was handled the first time. */
  | { kind: "duplicate" };

type LessonNoticeRow = Awaited<ReturnType<typeof listPurchasedLessons>>[number];

/** A payment this call fulfilled: the row as now PAID and, for lessons, them as now SCHEDULED. */
interface Fulfilled {
  payment: payments.PaymentRow;
  lessons?: LessonNoticeRow[];
}

/** Thrown inside a fulfilment to roll it back when its held lessons changed under it. */
class HoldsChanged extends Error {}

export interface ProviderEvent {
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

export function createCheckoutService(ctx: AppContext) {
  const paymentViews = payments.createPaymentService(ctx);

  async function ownPayment(paymentId: string, userId: string) {
    const payment = await payments.findPayment(ctx.db, paymentId);
    // Someone else's payment is "not found": its existence is none of the caller's business.
    if (!payment || payment.userId !== userId) throw new AppError("payment_not_found", "Payment not found");
    return payment;
  }

  /**
   * A PENDING payment becomes what it paid for, and PAID; null (nothing changed) when its held lessons
   * have lapsed.
   */
  async function deliverPurchase(
    tx: Executor,
    payment: payments.PaymentRow,
    now: Date,
  ): Promise<Fulfilled | null> {
    const paid = { ...payment, status: "PAID" as const, paidAt: now };
    if (payment.type === "BOOKINGS") {
      // Read once: the lapse check, the confirmation emails and the payer's answer all use these rows.
      const lessons = await listPurchasedLessons(tx, payment.id);
      const lapsed = lessons.some((l) => !isHoldActive(l.status, l.holdExpiresAt, now));
      if (lapsed || lessons.length === 0) return null;
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
  async function fulfil(
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
        if (payment.status === "REFUNDED") {
          return { kind: "expired", refunded: true, refundId: null, released };
        }
        if (payment.status === "PENDING") {
          const fulfilled = await deliverPurchase(tx, payment, now);
          if (fulfilled) {
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
        } else if (payment.status !== "EXPIRED" && !released) {
          throw new AppError(
            "invalid_state",
            `This payment is ${payment.status.toLowerCase()} and cannot be confirmed`,
          );
        }
        // The slots are gone (lapsed or released by the student, never resurrected); a card the provider
        // charged anyway gets its money back (demo charges none).
        const charged = options.paidCents ?? 0;
        if (payment.provider === "demo" || charged <= 0)
          return { kind: "expired", refunded: false, refundId: null, released };
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
        return { kind: "expired", refunded: true, refundId, released };
      });
    const outcome = await attempt().catch((error: unknown) => {
      if (error instanceof HoldsChanged) return attempt();
      throw error;
    });
    return outcome;
  }

  return {
    /**
     * Hands a freshly created (and committed) payment to the provider. Demo mode returns no URL and
     * the client confirms; Stripe returns its hosted page. If the provider refuses, the holds go.
     */
    async start(
      payment: payments.PaymentRow,
      customer: { email: string },
      description: string,
    ): Promise<CheckoutResponse> {
      const origin = publicOrigin(ctx.env);
      const returnUrl = (page: typeof paths.payment.confirmed) =>
        `${origin}${page({ payment_id: payment.id })}`;
      const result = await ctx.payments
        .createCheckout({
          paymentId: payment.id,
          invoiceNumber: payment.invoiceNumber,
          amountCents: payment.amountCents,
          description,
          customerEmail: customer.email,
          // Stripe fills in {CHECKOUT_SESSION_ID} only if it is left unencoded, so it is appended as is.
          successUrl: `${returnUrl(paths.payment.confirmed)}&session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: returnUrl(paths.payment.cancelled),
          expiresAt: payment.expiresAt ?? holdExpiryFrom(ctx.now()),
        })
        .catch(async (error: unknown) => {
          await ctx.db.transaction(async (tx) => {
            await payments.changePaymentStatus(tx, payment.id, { from: "PENDING", to: "FAILED" });
            await releaseLessonsOfPayment(tx, payment.id, "SYSTEM");
          });
          throw new AppError(
            "verification_error",
            "The card provider could not start the payment. Please try again.",
            { reason: error instanceof Error ? error.message : String(error) },
          );
        });
      if (result.providerRef) {
        await payments.setPaymentProviderRef(ctx.db, payment.id, result.providerRef);
      }
      return {
        ...(result.paymentUrl ? { paymentUrl: result.paymentUrl } : {}),
        payment: {
          id: payment.id,
          invoiceNumber: payment.invoiceNumber,
          subtotal: centsToDollars(payment.subtotalCents),
          gst: centsToDollars(payment.gstCents),
          amount: centsToDollars(payment.amountCents),
          holdExpiresAt: payment.type === "BOOKINGS" ? (payment.expiresAt?.toISOString() ?? null) : null,
        },
      };
    },

    /** The client's "I have paid": verified with the provider, never taken on trust. */
    async confirm(paymentId: string, userId: string, type: PaymentType) {
      const payment = await ownPayment(paymentId, userId);
      if (payment.type !== type) throw new AppError("payment_not_found", "Payment not found");
      if (
        payment.status === "PENDING" ||
        payment.status === "EXPIRED" ||
        payment.status === "CANCELLED" ||
        payment.status === "REFUNDED"
      ) {
        const verified = payment.status === "REFUNDED" ? undefined : await ctx.payments.verify(payment);
        if (payment.status === "PENDING") {
          if (verified?.status === "error") {
            throw new AppError(
              "verification_error",
              "We could not check this payment with the card provider. Please try again.",
            );
          }
          if (verified?.status === "unpaid") {
            throw new AppError("verification_failed", "The card provider has not confirmed this payment.");
          }
          if (verified?.status === "paid" && verified.amountCents !== payment.amountCents) {
            throw new AppError("amount_mismatch", "The amount charged does not match the invoice.", {
              expected: centsToDollars(payment.amountCents),
              charged: centsToDollars(verified.amountCents),
            });
          }
        }
        const outcome = await fulfil(payment.id, {
          paidCents: verified?.status === "paid" ? verified.amountCents : null,
        });
        if (outcome.kind === "expired" && outcome.released) {
          throw new AppError(
            "hold_expired",
            outcome.refunded
              ? "You released these lessons before the payment arrived, so those times are no longer held. The charge is being refunded to your card."
              : "You released these lessons, so those times are no longer held. You have not been charged.",
          );
        }
        if (outcome.kind === "expired") {
          throw new AppError(
            "hold_expired",
            outcome.refunded
              ? `Your ${HOLD_DURATION_ADJECTIVE} hold expired before the payment arrived, so those times were released. The charge is being refunded to your card.`
              : `Your ${HOLD_DURATION_ADJECTIVE} hold has expired and those times were released. You have not been charged.`,
          );
        }
        // Just fulfilled by this call: answer from the rows in hand rather than reading them again.
        if (outcome.kind === "paid" && outcome.fulfilled?.lessons) {
          return { payment: payments.paymentDetails(outcome.fulfilled.payment, outcome.fulfilled.lessons) };
        }
      }
      return { payment: await paymentViews.describe(await ownPayment(paymentId, userId)) };
    },

    /**
     * The student lets an unpaid checkout go: its held lessons are released (EXPIRED, like a lapsed
     * hold, so the slots are free at once and the lessons leave the student's list) and the payment
     * is CANCELLED. The provider's checkout is closed after commit, best effort: if the card is
     * charged anyway, fulfilment finds the payment CANCELLED and refunds it instead of booking.
     */
    async release(paymentId: string, userId: string) {
      const now = ctx.now();
      const released = await ctx.transact(async (uow) => {
        const { tx } = uow;
        const payment = await payments.lockPayment(tx, paymentId);
        if (!payment || payment.userId !== userId) {
          throw new AppError("payment_not_found", "Payment not found");
        }
        if (payment.status !== "PENDING") {
          throw new AppError(
            "invalid_state",
            payment.status === "PAID"
              ? "This payment has already been made; cancel its lessons instead"
              : `This payment is ${payment.status.toLowerCase()} and has nothing to release`,
            { status: payment.status },
          );
        }
        await releaseCheckout(tx, payment.id, "STUDENT");
        await uow.audit({
          actorId: userId,
          action: "payment.release",
          targetType: "payment",
          targetId: payment.id,
          details: { invoiceNumber: payment.invoiceNumber },
          createdAt: now,
        });
        return payment;
      });
      if (released.provider === ctx.payments.name) {
        await ctx.payments
          .cancelCheckout(released)
          .catch((err: unknown) =>
            ctx.log.warn(
              { err, paymentId },
              "could not close the provider's checkout; a late payment on it will be refunded",
            ),
          );
      }
      return { payment: { id: released.id, status: "CANCELLED" as const } };
    },

    /**
     * A provider reports a completed checkout session. Paid in full → fulfilled together with the
     * event's record; anything else is only recorded (once) for the operator to look at.
     */
    async handleCheckoutCompleted(event: CheckoutSessionEvent) {
      const paymentId = uuid.safeParse(event.paymentRef).success ? event.paymentRef : null;
      const payment = paymentId ? await payments.findPayment(ctx.db, paymentId) : undefined;
      const { paymentRef: _ref, paidCents, ...record } = event;
      if (!payment || paidCents === null || paidCents !== payment.amountCents) {
        await repo.recordPaymentEvent(ctx.db, { ...record, paymentId: payment?.id ?? null });
        return;
      }
      await fulfil(payment.id, { paidCents, event: record });
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
