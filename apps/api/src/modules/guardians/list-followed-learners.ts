import type { AppContext } from "../../context.ts";
import * as repo from "./guardians.repository.ts";

/** GET /guardian/learners: the learners this guardian follows now. */
export async function listFollowedLearners(ctx: Pick<AppContext, "db">, guardianId: string) {
  return { learners: await repo.listLearnersOf(ctx.db, guardianId) };
}
