import type { AppContext } from "../../context.ts";
import { readStudentAccount } from "./own-account.ts";

/** GET /student/account: the learner's own account page. */
export function getStudentAccount(ctx: AppContext, userId: string) {
  return readStudentAccount(ctx, ctx.db, userId);
}
