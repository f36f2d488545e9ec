import type {
  InstructorAccount,
  instructorProfileUpdateRequest,
  StudentAccount,
  studentProfileUpdateRequest,
} from "@kerb/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { notifyStudentsInstructorUnavailable } from "../compliance/index.ts";
import { updateInstructorDetails } from "../instructors/index.ts";
import * as repo from "./accounts.repository.ts";

type StudentUpdate = z.output<typeof studentProfileUpdateRequest>;
type InstructorUpdate = z.output<typeof instructorProfileUpdateRequest>;

const NO_PROFILE = "We could not find your profile";

const STUDENT_FIELDS = ["firstName", "lastName", "phone", "suburb", "licenseType"] as const;
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

/** `{ before, after }` of the fields whose values differ (lists compared by content); null when none did. */
function changedFields<T extends Record<string, unknown>>(before: T, after: T, fields: readonly (keyof T)[]) {
  const changed = fields.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
  if (changed.length === 0) return null;
  const pick = (from: T) => Object.fromEntries(changed.map((f) => [f, from[f] ?? null]));
  return { before: pick(before), after: pick(after) };
}

/** The user's own fields of a profile edit (name and phone live on users, the rest on the profile). */
function userChanges(input: { firstName?: string; lastName?: string; phone?: string }) {
  const { firstName, lastName, phone } = input;
  return Object.fromEntries(
    Object.entries({ firstName, lastName, phone }).filter(([, v]) => v !== undefined),
  ) as { firstName?: string; lastName?: string; phone?: string };
}

export function createProfileService(ctx: AppContext) {
  async function studentAccount(db: Executor, userId: string): Promise<StudentAccount> {
    const row = await repo.findStudentAccount(db, userId);
    if (!row) throw new AppError("not_found", NO_PROFILE);
    return { ...row, pendingEmail: await repo.findPendingEmail(db, userId, ctx.now()) };
  }

  async function instructorAccount(db: Executor, userId: string): Promise<InstructorAccount> {
    const row = await repo.findInstructorAccount(db, userId);
    if (!row) throw new AppError("not_found", NO_PROFILE);
    return { ...row, pendingEmail: await repo.findPendingEmail(db, userId, ctx.now()) };
  }

  return {
    getStudentAccount: (userId: string) => studentAccount(ctx.db, userId),
    getInstructorAccount: (userId: string) => instructorAccount(ctx.db, userId),

    /** Every field that changed is audited, before → after. */
    updateStudentProfile(userId: string, input: StudentUpdate): Promise<StudentAccount> {
      const now = ctx.now();
      return ctx.transact(async (uow) => {
        const { tx } = uow;
        const before = await studentAccount(tx, userId);
        await repo.updateUserDetails(tx, userId, userChanges(input), now);
        const { suburb, licenseType } = input;
        await repo.updateStudentProfile(
          tx,
          userId,
          Object.fromEntries(Object.entries({ suburb, licenseType }).filter(([, v]) => v !== undefined)),
        );
        const after = await studentAccount(tx, userId);
        const change = changedFields(before, after, STUDENT_FIELDS);
        if (change) {
          await uow.audit({
            actorId: userId,
            action: "student.profile_update",
            targetType: "user",
            targetId: userId,
            details: change,
            createdAt: now,
          });
        }
        return after;
      });
    },

    /**
     * A new licence number, or a Working With Children Check number replacing one on record, has not
     * been checked by anyone: the instructor goes back to PENDING (and off the student listings) until an
     * admin verifies again, and every student with a lesson still to come is told they can cancel it in
     * full (compliance). Every field that changed is audited, before → after; the credential change in an
     * entry of its own (instructor.license_change / instructor.wwc_number_change).
     */
    updateInstructorProfile(userId: string, input: InstructorUpdate): Promise<InstructorAccount> {
      const now = ctx.now();
      return ctx.transact(async (uow) => {
        const { tx } = uow;
        const before = await instructorAccount(tx, userId);
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
        const after = await instructorAccount(tx, userId);
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
    },
  };
}
