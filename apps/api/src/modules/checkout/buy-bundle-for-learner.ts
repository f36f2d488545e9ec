import type { bundlePurchaseRequest } from "@kerb/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { findFollowedLearner, findUserEmail } from "../guardians/index.ts";
import { purchaseBundle } from "./purchase-bundle.ts";

/**
 * POST /guardian/learners/:learnerId/bundles: a bundle for a learner the guardian follows, paid by the
 * guardian: the learner's credits, the guardian's payment and tax invoice.
 */
export async function buyBundleForLearner(
  ctx: AppContext,
  guardianId: string,
  learnerId: string,
  request: z.output<typeof bundlePurchaseRequest>,
) {
  await findFollowedLearner(ctx.db, guardianId, learnerId);
  const email = await findUserEmail(ctx.db, guardianId);
  if (!email) throw new AppError("unauthorized", "Please sign in again");
  return purchaseBundle(ctx, learnerId, request, { payerId: guardianId, email });
}
