import { GST_NEEDS_ABN, type PayoutDetails } from "@kerb/shared";
import { gstEndProblem, gstStartProblem, hasValidAbn, sydneyDateOf } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import type { UnitOfWork } from "../../unit-of-work.ts";
import { updatePayoutDetails as setPayoutDetails } from "../instructors/index.ts";
import { getPayoutDetails } from "./get-payout-details.ts";
import * as repo from "./payouts.repository.ts";
import * as rcti from "./rcti.repository.ts";

const GST_PERIOD_MESSAGES = {
  overlaps_earlier: "That date is inside an earlier GST registration: a new one starts on or after its end",
  ends_before_start: "A GST registration ends after the date it took effect",
} as const;

/**
 * Starts or ends the GST registration period on `date` when the checkbox changes (rules/rcti.ts): a
 * lesson's GST follows the period its date is in, so the date matters, not the moment it is ticked.
 */
async function changeGstRegistration(
  uow: UnitOfWork,
  instructorId: string,
  registered: boolean,
  date: string,
  now: Date,
) {
  const { tx } = uow;
  const periods = await rcti.gstRegistrationsOf(tx, instructorId);
  const open = periods.find((p) => p.effectiveTo === null);
  const fail = (problem: keyof typeof GST_PERIOD_MESSAGES) => {
    const message = GST_PERIOD_MESSAGES[problem];
    throw new AppError("validation_error", message, [{ path: "gstEffectiveDate", message }]);
  };
  if (registered && !open) {
    const problem = gstStartProblem(periods, date);
    if (problem) fail(problem);
    await rcti.insertGstRegistration(tx, instructorId, date);
  } else if (!registered && open) {
    const problem = gstEndProblem(open, date);
    if (problem) fail(problem);
    await rcti.endGstRegistration(tx, open.id, date);
  } else {
    return;
  }
  await uow.audit({
    actorId: instructorId,
    action: "instructor.gst_registration",
    targetType: "instructor",
    targetId: instructorId,
    details: registered ? { effectiveFrom: date } : { effectiveTo: date },
    createdAt: now,
  });
}

/**
 * PATCH /instructor/payout-details: the instructor's ABN and GST registration, audited before → after when
 * they change. Both are named in the RCTI agreement, so a change asks for it to be accepted again.
 */
export async function updatePayoutDetails(
  ctx: AppContext,
  instructorId: string,
  change: { abn?: string | null; gstRegistered: boolean; gstEffectiveDate?: string },
): Promise<PayoutDetails> {
  await ctx.transact(async (uow) => {
    const { tx } = uow;
    const now = ctx.now();
    const payee = await repo.findPayee(tx, instructorId);
    if (!payee) throw new AppError("not_found", "Instructor profile not found");
    const abn = change.abn === undefined ? payee.abn : change.abn;
    // The request schema catches an ABN cleared with GST ticked; this catches one never given.
    if (change.gstRegistered && !hasValidAbn({ abn })) {
      throw new AppError("validation_error", GST_NEEDS_ABN, [{ path: "abn", message: GST_NEEDS_ABN }]);
    }
    await setPayoutDetails(tx, instructorId, { abn, gstRegistered: change.gstRegistered });
    await changeGstRegistration(
      uow,
      instructorId,
      change.gstRegistered,
      change.gstEffectiveDate ?? sydneyDateOf(now),
      now,
    );
    const before = { abn: payee.abn, gstRegistered: payee.gstRegistered };
    const after = { abn, gstRegistered: change.gstRegistered };
    // Only what changed, before → after: the ABN printed on statements is a tax record.
    if (before.abn !== after.abn || before.gstRegistered !== after.gstRegistered) {
      await uow.audit({
        actorId: instructorId,
        action: "instructor.payout_details",
        targetType: "instructor",
        targetId: instructorId,
        details: { before, after },
        createdAt: now,
      });
      const reasked = await rcti.reaskRctiAgreement(tx, instructorId, now);
      if (reasked.length > 0) {
        await uow.audit({
          actorId: instructorId,
          action: "instructor.rcti_agreement_reask",
          targetType: "instructor",
          targetId: instructorId,
          details: { versions: reasked.map((r) => r.version).join(", ") },
          createdAt: now,
        });
      }
    }
  });
  return getPayoutDetails(ctx, instructorId);
}
