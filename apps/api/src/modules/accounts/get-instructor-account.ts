import type { AppContext } from "../../context.ts";
import { readInstructorAccount } from "./own-account.ts";

/** GET /instructor/account: the instructor's own account page. */
export function getInstructorAccount(ctx: AppContext, userId: string) {
  return readInstructorAccount(ctx, ctx.db, userId);
}
