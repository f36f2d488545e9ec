import type { StudentAccount, studentProfileUpdateRequest } from "@kerb/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import * as repo from "./accounts.repository.ts";
import { readStudentAccount } from "./own-account.ts";
import { changedFields, userChanges } from "./profile-changes.ts";

type StudentUpdate = z.output<typeof studentProfileUpdateRequest>;

const STUDENT_FIELDS = ["firstName", "lastName", "phone", "suburb", "licenseType"] as const;

/** PATCH /student/profile: the learner's own details; every field that changed is audited, before → after. */
export function updateStudentProfile(
  ctx: AppContext,
  userId: string,
  input: StudentUpdate,
): Promise<StudentAccount> {
  const now = ctx.now();
  return ctx.transact(async (uow) => {
    const { tx } = uow;
    const before = await readStudentAccount(ctx, tx, userId);
    await repo.updateUserDetails(tx, userId, userChanges(input), now);
    const { suburb, licenseType } = input;
    await repo.updateStudentProfile(
      tx,
      userId,
      Object.fromEntries(Object.entries({ suburb, licenseType }).filter(([, v]) => v !== undefined)),
    );
    const after = await readStudentAccount(ctx, tx, userId);
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
}
