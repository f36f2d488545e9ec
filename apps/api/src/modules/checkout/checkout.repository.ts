import type { Executor } from "../../db/client.ts";
import { bundles, paymentEvents } from "../../db/schema/index.ts";

export async function insertBundle(db: Executor, values: typeof bundles.$inferInsert) {
  await db.insert(bundles).values(values).onConflictDoNothing({ target: bundles.paymentId });
}

/**
 * Records a provider event once; false when it was seen before (providers retry webhooks). Call it
 * in the fulfilment's transaction: if fulfilment fails, the record rolls back too and the retry counts.
 */
export async function recordPaymentEvent(
  db: Executor,
  event: typeof paymentEvents.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing({ target: paymentEvents.eventId })
    .returning({ id: paymentEvents.id });
  return rows.length === 1;
}
