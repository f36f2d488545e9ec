/**
 * The card-refund queue. A refund is decided and queued inside one transaction (`uow.refund`, which
 * records it here), so it can never be decided and then forgotten; the unit of work delivers it after
 * commit (`deliverCardRefunds`) and, if the provider fails, retried with backoff by the worker until the
 * provider accepts it. The queue row's id is the provider's idempotency key: a retry after a lost
 * answer, or two processes racing, can never refund twice.
 */
import type { AppContext } from "../../context.ts";
import type { UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import { cardRefundJournal } from "../ledger/index.ts";
import { findPayment } from "../payments/index.ts";
import * as repo from "./refunds.repository.ts";

type DeliveryOutcome = "succeeded" | "failed" | "skipped";

/** What delivery needs of the app: a database, a clock, the card provider and a logger. */
export type RefundContext = Pick<AppContext, "db" | "now" | "payments" | "log" | "transact">;

/**
 * Queues a card refund, posts it to the ledger and audits it, in the unit of work of the change that
 * decided it (`uow.refund` calls this and delivers the refund after commit).
 */
export async function recordCardRefund(uow: UnitOfWork, refund: repo.NewRefund): Promise<string> {
  const id = await repo.insertRefund(uow.tx, refund);
  // Every card refund is decided here, so every one is in the ledger, keyed by this queue row.
  await uow.post(cardRefundJournal({ id, ...refund }, refund.now));
  // The actor of the decision is on the change's own entry (booking.cancel, …); this one is the money.
  await uow.audit({
    actorId: null,
    action: "refund.queue",
    targetType: "refund",
    targetId: id,
    details: {
      paymentId: refund.paymentId,
      bookingId: refund.bookingId,
      reason: refund.reason,
      amountCents: refund.amountCents,
      before: { status: null },
      after: { status: "PENDING" },
    },
    createdAt: refund.now,
  });
  return id;
}

/**
 * One delivery attempt, claimed through the work queue. `ignoreSchedule` is the operator's "retry
 * now": it does not wait for the backoff or a lease, so it can overlap a worker's attempt; the
 * provider refunds once by the refund's id, and only the first success is recorded (below).
 */
export async function attemptCardRefund(
  ctx: RefundContext,
  id: string,
  options: { ignoreSchedule?: boolean } = {},
): Promise<DeliveryOutcome> {
  const now = ctx.now();
  const [claimed] = await repo.refundQueue.claim(ctx.db, {
    now,
    limit: 1,
    ids: [id],
    ignoreSchedule: options.ignoreSchedule ?? false,
  });
  if (!claimed) return "skipped";

  try {
    const payment = await findPayment(ctx.db, claimed.paymentId);
    if (!payment) throw new Error("The payment of this refund no longer exists");
    let providerRef: string | null = null;
    // A demo payment charged no card: there is nothing to send back.
    if (payment.provider !== "demo") {
      if (ctx.payments.name !== payment.provider) {
        throw new Error(`The ${payment.provider} provider is not configured on this server`);
      }
      ({ providerRef } = await ctx.payments.refund(payment, claimed.amountCents, claimed.id));
    }
    const recorded = await ctx.transact(async (uow) => {
      const { tx } = uow;
      // Only the first delivery to finish records the success: an operator's "retry now" can overlap
      // a worker's attempt (the provider refunds once, by the refund's idempotency key), and the
      // audit and the queue must say it succeeded once.
      const marked = await repo.refundQueue.markDone(tx, [id], { succeededAt: now, providerRef });
      if (marked.length === 0) return false;
      await uow.audit({
        actorId: null,
        action: "refund.succeed",
        targetType: "refund",
        targetId: id,
        details: {
          paymentId: claimed.paymentId,
          amountCents: claimed.amountCents,
          attempts: claimed.attempts,
          before: { status: "PENDING" },
          after: { status: "SUCCEEDED" },
        },
        createdAt: now,
      });
      return true;
    });
    return recorded ? "succeeded" : "skipped";
  } catch (err) {
    const { lastError } = await repo.refundQueue.markFailed(ctx.db, claimed, { error: err, now });
    ctx.log.warn(
      { refundId: id, paymentId: claimed.paymentId, attempts: claimed.attempts, reason: lastError },
      "card refund failed; it stays queued and will be retried",
    );
    return "failed";
  }
}

/** After commit: tries the refunds a transaction just queued. Never throws: the queue keeps them. */
export async function deliverCardRefunds(ctx: RefundContext, ids: Array<string | null | undefined>) {
  for (const id of ids) {
    if (!id) continue;
    await attemptCardRefund(ctx, id).catch((err: unknown) =>
      ctx.log.error({ err, refundId: id }, "card refund delivery crashed; the worker will retry it"),
    );
  }
}

/** One worker tick: every refund whose next attempt is due. */
export async function deliverDueCardRefunds(ctx: RefundContext, limit = 20): Promise<number> {
  const ids = await repo.refundQueue.listDue(ctx.db, { now: ctx.now(), limit });
  await deliverCardRefunds(ctx, ids);
  return ids.length;
}
