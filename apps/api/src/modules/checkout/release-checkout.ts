/**
 * Letting an unpaid checkout go: its held lessons become EXPIRED (the slots are free at once) and the
 * payment CANCELLED. A card charged on it afterwards is refunded by fulfilment, never booked.
 */
import type { Executor } from "../../db/client.ts";
import type { UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import { releaseLessonsOfPayment } from "../lessons/index.ts";
import * as payments from "../payments/index.ts";

/** The payment must be PENDING and locked by the caller. */
export async function releaseCheckout(tx: Executor, paymentId: string, by: "STUDENT" | "SYSTEM") {
  await releaseLessonsOfPayment(tx, paymentId, by);
  await payments.changePaymentStatus(tx, paymentId, { from: "PENDING", to: "CANCELLED" });
}

/**
 * The system lets these checkouts go (an account was suspended: nobody may pay for lessons with it);
 * those already paid or gone meanwhile are left as they are. Returns how many were released.
 */
export async function releaseCheckouts(uow: UnitOfWork, paymentIds: readonly string[]): Promise<number> {
  let released = 0;
  for (const id of paymentIds) {
    const payment = await payments.lockPayment(uow.tx, id);
    if (payment?.status !== "PENDING") continue;
    await releaseCheckout(uow.tx, id, "SYSTEM");
    released++;
  }
  return released;
}
