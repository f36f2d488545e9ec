import type { InstructorAccount, instructorProfileUpdateRequest } from "@kerb/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { notifyStudentsInstructorUnavailable } from "../compliance/index.ts";
import { updateInstructorDetails } from "../instructors/index.ts";
import * as repo from "./accounts.repository.ts";
import { readInstructorAccount } from "./own-account.ts";
import { changedFields, userChanges } from "./profile-changes.ts";

type InstructorUpdate = z.output<typeof instructorProfileUpdateRequest>;

const CREDENTIAL_FIELDS: readonly string[] = ["licenseNumber", "wwcNumber"];
const INSTRUCTOR_FIELDS = [
  "firstName",
  "lastName",
  "phone",
  "bio",
  "languages",
  "vehicleType",
  "gender",
  "licenseNumber",
  "wwcNumber",
] as const;

/**
 * PATCH /instructor/profile: the instructor's own details. A new licence number, or a Working With Children
 * Check number replacing one on record, has not been checked by anyone: the instructor goes back to PENDING
 * (and off the student listings) until an admin verifies again, and every student with a lesson still to
 * come is told they can cancel it in full (compliance). Every field that changed is audited, before →
 * after; the credential change in an entry of its own (instructor.license_change /
 * instructor.wwc_number_change).
 */
export function updateInstructorProfile(
  ctx: AppContext,
  userId: string,
  input: InstructorUpdate,
): Promise<InstructorAccount> {
  const now = ctx.now();
  return ctx.transact(async (uow) => {
    const { tx } = uow;
    const before = await readInstructorAccount(ctx, tx, userId);
    await repo.updateUserDetails(tx, userId, userChanges(input), now);
    const { bio, languages, vehicleType, gender, licenseNumber, wwcNumber } = input;
    const licenceChanged = licenseNumber !== undefined && licenseNumber !== before.licenseNumber;
    // A first number is simply recorded (the admin checks it when verifying); a different one is news.
    const wwcReplaced =
      wwcNumber !== undefined && before.wwcNumber !== null && wwcNumber !== before.wwcNumber;
    const recheck = licenceChanged || wwcReplaced;
    await updateInstructorDetails(tx, userId, {
      ...(bio !== undefined && { bio }),
      ...(languages !== undefined && { languages }),
      ...(vehicleType !== undefined && { vehicleType }),
      ...(gender !== undefined && { gender }),
      ...(licenseNumber !== undefined && { licenseNumber }),
      ...(wwcNumber !== undefined && { wwcNumber }),
      ...(recheck && { verificationStatus: "PENDING" as const, verifiedAt: null }),
    });
    const after = await readInstructorAccount(ctx, tx, userId);
    if (recheck) {
      const credentials = (a: InstructorAccount) => ({
        licenseNumber: a.licenseNumber,
        wwcNumber: a.wwcNumber,
        verificationStatus: a.verificationStatus,
      });
      const studentsTold = await notifyStudentsInstructorUnavailable(uow, {
        instructorId: userId,
        now,
        appUrl: publicOrigin(ctx.env),
      });
      await uow.audit({
        actorId: userId,
        action: licenceChanged ? "instructor.license_change" : "instructor.wwc_number_change",
        targetType: "instructor",
        targetId: userId,
        details: { before: credentials(before), after: credentials(after), studentsTold },
        createdAt: now,
      });
    }
    const change = changedFields(
      before,
      after,
      INSTRUCTOR_FIELDS.filter((f) => !(recheck && CREDENTIAL_FIELDS.includes(f))),
    );
    if (change) {
      await uow.audit({
        actorId: userId,
        action: "instructor.profile_update",
        targetType: "instructor",
        targetId: userId,
        details: change,
        createdAt: now,
      });
    }
    return after;
  });
}
