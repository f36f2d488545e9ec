import type { AdminGstRegistration, PayoutReadinessResponse } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./payouts.repository.ts";
import * as rcti from "./rcti.repository.ts";

export const GST_REGISTRATION_NOT_FOUND = "GST registration not found";
export const GST_REGISTRATION_ALREADY_CHECKED = "This GST registration has already been checked";

function toAdminGstRegistration(
  registration: rcti.GstRegistrationRow,
  instructor: { firstName: string; lastName: string; abn: string | null },
): AdminGstRegistration {
  return {
    id: registration.id,
    instructor: { id: registration.instructorId, ...instructor },
    effectiveFrom: registration.effectiveFrom,
    effectiveTo: registration.effectiveTo,
    check:
      registration.checkedAt && registration.checkNote !== null
        ? {
            by: registration.checkedBy ?? "",
            at: registration.checkedAt.toISOString(),
            note: registration.checkNote,
          }
        : null,
  };
}

/**
 * GET /admin/payouts/readiness: before a run, the GST registrations nobody has checked against the ABN
 * Lookup, and who has earnings waiting for them to accept the RCTI agreement (and so will not be paid).
 */
export async function getPayoutReadiness(ctx: AppContext): Promise<PayoutReadinessResponse> {
  const [unchecked, candidates] = await Promise.all([
    rcti.uncheckedGstRegistrations(ctx.db),
    repo.instructorsWithPayableLessons(ctx.db, ctx.now()),
  ]);
  const waiting = candidates.filter((c) => !c.rctiAgreementCurrent);
  const payees = await Promise.all(
    [
      ...new Set([
        ...unchecked.map((u) => u.registration.instructorId),
        ...waiting.map((w) => w.instructorId),
      ]),
    ].map((id) => repo.findPayee(ctx.db, id)),
  );
  const byId = new Map(payees.flatMap((p) => (p ? [[p.id, p] as const] : [])));
  return {
    uncheckedGstRegistrations: unchecked.map(({ registration, firstName, lastName }) =>
      toAdminGstRegistration(registration, {
        firstName,
        lastName,
        abn: byId.get(registration.instructorId)?.abn ?? null,
      }),
    ),
    waitingForAgreement: waiting.flatMap((w) => {
      const payee = byId.get(w.instructorId);
      return payee ? [{ id: payee.id, firstName: payee.firstName, lastName: payee.lastName }] : [];
    }),
  };
}

/**
 * POST /admin/payouts/gst-registrations/:id/check: records that an admin checked the registration against
 * the ABN Lookup — who, when and what was seen — audited, once.
 */
export async function checkGstRegistration(
  ctx: AppContext,
  registrationId: string,
  adminId: string,
  note: string,
): Promise<AdminGstRegistration> {
  return ctx.transact(async (uow) => {
    const { tx } = uow;
    const now = ctx.now();
    const existing = await rcti.findGstRegistration(tx, registrationId);
    if (!existing) throw new AppError("not_found", GST_REGISTRATION_NOT_FOUND);
    const checked = await rcti.markGstRegistrationChecked(tx, registrationId, { by: adminId, at: now, note });
    if (!checked) throw new AppError("conflict", GST_REGISTRATION_ALREADY_CHECKED);
    await uow.audit({
      actorId: adminId,
      action: "instructor.gst_registration_check",
      targetType: "instructor",
      targetId: checked.instructorId,
      details: { effectiveFrom: checked.effectiveFrom, effectiveTo: checked.effectiveTo, note },
      createdAt: now,
    });
    const payee = await repo.findPayee(tx, checked.instructorId);
    return toAdminGstRegistration(checked, {
      firstName: payee?.firstName ?? "",
      lastName: payee?.lastName ?? "",
      abn: payee?.abn ?? null,
    });
  });
}
