/**
 * The unit of work: the one way a use case changes data together with its side effects
 * (docs/decisions/019-one-owner-per-record.md). Inside `ctx.transact(async (uow) => …)` a use case
 * posts ledger journals, writes audit entries, enqueues emails and queues card refunds only through
 * `uow`, so each commits or rolls back with the change that caused it; after commit the unit of work
 * delivers what it queued itself (card refunds to the provider, emails to the mail server), so no use
 * case has to remember to.
 */
import type { AppContext } from "./context.ts";
import type { OutboxEmail, Transact, UnitOfWork } from "./platform/unit-of-work-effects.ts";

export type { Transact, UnitOfWork } from "./platform/unit-of-work-effects.ts";

import { insertAuditEntry } from "./modules/audit/audit.repository.ts";
import { postJournal } from "./modules/ledger/post-journal.ts";
import { enqueueEmails } from "./modules/notifications/outbox.ts";
import { kickOutboxDelivery } from "./modules/notifications/outbox-delivery.ts";
import { deliverCardRefunds, recordCardRefund } from "./modules/refunds/refund-queue.ts";

/** What the unit of work needs of the app to deliver after commit. */
export type TransactContext = Pick<AppContext, "db" | "now" | "payments" | "log" | "env">;

/**
 * `ctx.transact`. After commit it awaits the card refunds it queued (a provider failure leaves them
 * queued for the worker; it never throws) and starts email delivery without waiting for the mail server.
 */
export function createTransact(ctx: TransactContext): Transact {
  const transact: Transact = async (work) => {
    const refundIds: string[] = [];
    let emailsQueued = 0;
    const result = await ctx.db.transaction((tx) => {
      // A work function the caller runs again (after a conflict) starts from nothing queued.
      refundIds.length = 0;
      emailsQueued = 0;
      const uow: UnitOfWork = {
        tx,
        post: (journal) => postJournal(tx, journal),
        audit: (entry) => insertAuditEntry(tx, entry),
        async email(emails) {
          const ids = await enqueueEmails(tx, Array.isArray(emails) ? emails : [emails as OutboxEmail]);
          emailsQueued += ids.length;
          return ids;
        },
        async refund(refund) {
          const id = await recordCardRefund(uow, refund);
          refundIds.push(id);
          return id;
        },
      };
      return work(uow);
    });
    if (refundIds.length > 0) await deliverCardRefunds({ ...ctx, transact }, refundIds);
    if (emailsQueued > 0) kickOutboxDelivery(ctx);
    return result;
  };
  return transact;
}
