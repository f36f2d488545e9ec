import type {
  InstructorAccount,
  instructorProfileUpdateRequest,
  StudentAccount,
  studentProfileUpdateRequest,
} from "@kerb/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { updateInstructorDetails } from "../instructors/index.ts";
import * as repo from "./accounts.repository.ts";

type StudentUpdate = z.output<typeof studentProfileUpdateRequest>;
type InstructorUpdate = z.output<typeof instructorProfileUpdateRequest>;

const NO_PROFILE = "We could not find your profile";

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

    updateStudentProfile(userId: string, input: StudentUpdate): Promise<StudentAccount> {
      const now = ctx.now();
      return ctx.db.transaction(async (tx) => {
        await studentAccount(tx, userId);
        await repo.updateUserDetails(tx, userId, userChanges(input), now);
        const { suburb, licenseType } = input;
        await repo.updateStudentProfile(
          tx,
          userId,
          Object.fromEntries(Object.entries({ suburb, licenseType }).filter(([, v]) => v !== undefined)),
        );
        return studentAccount(tx, userId);
      });
    },

    /**
     * A new licence number has not been checked by anyone: the instructor goes back to PENDING (and off
     * the student listings) until an admin verifies again. That change is audited.
     */
    updateInstructorProfile(userId: string, input: InstructorUpdate): Promise<InstructorAccount> {
      const now = ctx.now();
      return ctx.transact(async (uow) => {
        const { tx } = uow;
        const before = await instructorAccount(tx, userId);
        await repo.updateUserDetails(tx, userId, userChanges(input), now);
        const { bio, languages, vehicleType, gender, licenseNumber } = input;
        const licenceChanged = licenseNumber !== undefined && licenseNumber !== before.licenseNumber;
        await updateInstructorDetails(tx, userId, {
          ...(bio !== undefined && { bio }),
          ...(languages !== undefined && { languages }),
          ...(vehicleType !== undefined && { vehicleType }),
          ...(gender !== undefined && { gender }),
          ...(licenceChanged && { licenseNumber, verificationStatus: "PENDING" as const, verifiedAt: null }),
        });
        if (licenceChanged) {
          await uow.audit({
            actorId: userId,
            action: "instructor.license_change",
            targetType: "instructor",
            targetId: userId,
            details: {
              before: { licenseNumber: before.licenseNumber, verificationStatus: before.verificationStatus },
              after: { licenseNumber, verificationStatus: "PENDING" },
            },
            createdAt: now,
          });
        }
        return instructorAccount(tx, userId);
      });
    },
  };
}
