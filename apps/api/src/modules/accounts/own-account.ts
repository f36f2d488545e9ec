import type { InstructorAccount, StudentAccount } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./accounts.repository.ts";

const NO_PROFILE = "We could not find your profile";

/** The learner's own account page, read with `db` (a transaction's, to compare before and after). */
export async function readStudentAccount(
  ctx: AppContext,
  db: Executor,
  userId: string,
): Promise<StudentAccount> {
  const row = await repo.findStudentAccount(db, userId);
  if (!row) throw new AppError("not_found", NO_PROFILE);
  return { ...row, pendingEmail: await repo.findPendingEmail(db, userId, ctx.now()) };
}

/** The instructor's own account page, read with `db`. */
export async function readInstructorAccount(
  ctx: AppContext,
  db: Executor,
  userId: string,
): Promise<InstructorAccount> {
  const row = await repo.findInstructorAccount(db, userId);
  if (!row) throw new AppError("not_found", NO_PROFILE);
  return { ...row, pendingEmail: await repo.findPendingEmail(db, userId, ctx.now()) };
}
