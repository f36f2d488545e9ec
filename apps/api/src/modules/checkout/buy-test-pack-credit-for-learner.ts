import type { testPackCreditPurchaseRequest } from "@kerb/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { findFollowedLearner, findUserEmail } from "../guardians/index.ts";
import { purchaseTestPackCredit } from "./purchase-test-pack-credit.ts";

/**
 * POST /guardian/learners/:learnerId/test-pack-credits: a test-pack credit for a learner the guardian
 * follows, paid by the guardian: the learner's credit, the guardian's payment and tax invoice.
 */
export async function buyTestPackCreditForLearner(
  ctx: AppContext,
  guardianId: string,
  learnerId: string,
  request: z.output<typeof testPackCreditPurchaseRequest>,
) {
  await findFollowedLearner(ctx.db, guardianId, learnerId);
  const email = await findUserEmail(ctx.db, guardianId);
  if (!email) throw new AppError("unauthorized", "Please sign in again");
  return purchaseTestPackCredit(ctx, learnerId, request, { payerId: guardianId, email });
}
