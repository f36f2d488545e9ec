import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { changeInstructorCompliance } from "./compliance-change.ts";
import { notifyInstructorDelisted } from "./instructor-notices.ts";

type DocumentDates = { licenseExpiresOn?: string | null; wwcExpiresOn?: string | null };

/**
 * PATCH /admin/instructors/:id/compliance: the instructor's licence and WWC expiry dates (audited); a date
 * moved into the past delists them like an expiry.
 */
export function updateDocumentDates(
  ctx: AppContext,
  adminId: string,
  instructorId: string,
  input: DocumentDates,
) {
  const patch = {
    ...(input.licenseExpiresOn === undefined ? {} : { licenseExpiresOn: input.licenseExpiresOn }),
    ...(input.wwcExpiresOn === undefined ? {} : { wwcExpiresOn: input.wwcExpiresOn }),
  };
  return changeInstructorCompliance(
    ctx,
    adminId,
    instructorId,
    "instructor.compliance_update",
    { patch, details: { changed: patch } },
    // A date moved into the past (or cleared) delists a listed instructor just like an expiry.
    async (uow, change) => {
      if (change.wasListed && !change.isListed) {
        await notifyInstructorDelisted(uow, {
          instructorId,
          now: change.now,
          appUrl: publicOrigin(ctx.env),
          wasListed: true,
        });
      }
    },
  );
}
