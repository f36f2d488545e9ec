import type { PaymentCaller } from "@kerb/shared/rules";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { guardianLinks } from "../../db/schema/index.ts";

/**
 * The caller as a payment sees them (rules/payment-access.ts): who they are and, for a guardian, the
 * learners they follow now. Asked of the session's user only, never of an id from the request.
 */
export async function paymentCallerOf(
  db: Executor,
  user: { id: string; role: string },
): Promise<PaymentCaller> {
  if (user.role !== "GUARDIAN") return { userId: user.id, followedLearnerIds: new Set() };
  const rows = await db
    .select({ learnerId: guardianLinks.learnerId })
    .from(guardianLinks)
    .where(and(eq(guardianLinks.guardianId, user.id), eq(guardianLinks.status, "ACTIVE")));
  return { userId: user.id, followedLearnerIds: new Set(rows.map((r) => r.learnerId)) };
}
