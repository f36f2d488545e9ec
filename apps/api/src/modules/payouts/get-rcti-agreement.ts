import type { RctiAgreementResponse } from "@kerb/shared";
import { hasCurrentRctiAgreement, RCTI_AGREEMENT_VERSION } from "@kerb/shared/rules";
import { RCTI_AGREEMENT_NAME, rctiAgreementClauses } from "@kerb/shared/words";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./payouts.repository.ts";
import { rctiAcceptancesOf } from "./rcti.repository.ts";

/**
 * GET /instructor/rcti-agreement: the current RCTI agreement filled in with both parties, and whether the
 * instructor has accepted it (no RCTI, and so no payout, until they have).
 */
export async function getRctiAgreement(
  ctx: AppContext,
  instructorId: string,
): Promise<RctiAgreementResponse> {
  const [payee, acceptances] = await Promise.all([
    repo.findPayee(ctx.db, instructorId),
    rctiAcceptancesOf(ctx.db, instructorId),
  ]);
  if (!payee) throw new AppError("not_found", "Instructor profile not found");
  const last = acceptances[0];
  return {
    name: RCTI_AGREEMENT_NAME,
    version: RCTI_AGREEMENT_VERSION,
    clauses: rctiAgreementClauses({
      recipient: { name: ctx.env.SUPPLIER_NAME, abn: ctx.env.SUPPLIER_ABN },
      supplier: {
        name: `${payee.firstName} ${payee.lastName}`,
        abn: payee.abn,
        gstRegistered: payee.gstRegistered,
      },
    }),
    current: hasCurrentRctiAgreement(acceptances),
    lastAccepted: last
      ? {
          version: last.version,
          acceptedAt: last.acceptedAt.toISOString(),
          reaskedAt: last.reaskedAt?.toISOString() ?? null,
        }
      : null,
  };
}
