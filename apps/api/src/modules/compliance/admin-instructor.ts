import type { AdminInstructor } from "@kerb/shared";
import { centsToDollars, instructorCompliance, isExpiringSoon, sydneyTodayDate } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import type * as repo from "./compliance.repository.ts";

/** An instructor as the admin list shows them, with today's compliance (the shared listing rule). */
export function toAdminInstructor(ctx: AppContext, row: repo.AdminInstructorRow): AdminInstructor {
  // The shared listing rule, the same one the student listing's SQL follows.
  const today = sydneyTodayDate(ctx.now());
  const compliance = {
    ...instructorCompliance(row, today),
    expiringSoon: isExpiringSoon(row.licenseExpiresOn, today) || isExpiringSoon(row.wwcExpiresOn, today),
  };
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    licenseNumber: row.licenseNumber,
    wwcNumber: row.wwcNumber,
    suspended: row.suspended,
    vehicleType: row.vehicleType,
    suburbs: row.suburbs,
    standardRate: centsToDollars(row.standardRateCents),
    verificationStatus: row.verificationStatus,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    licenseExpiresOn: row.licenseExpiresOn,
    wwcExpiresOn: row.wwcExpiresOn,
    createdAt: row.createdAt.toISOString(),
    compliance,
  };
}
