import { GST_NEEDS_ABN, type PayoutDetails } from "@kerb/shared";
import { payoutHoldOf } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { updatePayoutDetails as setPayoutDetails } from "../instructors/index.ts";
import { getPayoutDetails } from "./get-payout-details.ts";
import * as repo from "./payouts.repository.ts";

/**
 * PUT /instructor/payout-details: the instructor's ABN and GST registration, audited before → after when
 * they change.
 */
export async function updatePayoutDetails(
  ctx: AppContext,
  instructorId: string,
  change: { abn?: string | null; gstRegistered: boolean },
): Promise<PayoutDetails> {
  await ctx.transact(async (uow) => {
    const { tx } = uow;
    const payee = await repo.findPayee(tx, instructorId);
    if (!payee) throw new AppError("not_found", "Instructor profile not found");
    const abn = change.abn === undefined ? payee.abn : change.abn;
    // The request schema catches an ABN cleared with GST ticked; this catches one never given.
    if (change.gstRegistered && payoutHoldOf({ abn }) !== null) {
      throw new AppError("validation_error", GST_NEEDS_ABN, [{ path: "abn", message: GST_NEEDS_ABN }]);
    }
    await setPayoutDetails(tx, instructorId, change);
    const before = { abn: payee.abn, gstRegistered: payee.gstRegistered };
    const after = {
      abn: change.abn === undefined ? payee.abn : change.abn,
      gstRegistered: change.gstRegistered,
    };
    // Only what changed, before → after: the ABN printed on statements is a tax record.
    if (before.abn !== after.abn || before.gstRegistered !== after.gstRegistered) {
      await uow.audit({
        actorId: instructorId,
        action: "instructor.payout_details",
        targetType: "instructor",
        targetId: instructorId,
        details: { before, after },
        createdAt: ctx.now(),
      });
    }
  });
  return getPayoutDetails(ctx, instructorId);
}
