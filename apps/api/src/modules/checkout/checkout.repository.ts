import type { Executor } from "../../db/client.ts";
import { paymentEvents } from "../../db/schema/index.ts";

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
