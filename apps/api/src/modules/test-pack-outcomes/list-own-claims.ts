import type { StudentPassPromiseClaimsResponse } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import * as repo from "./test-pack-outcomes.repository.ts";
import { toClaim } from "./test-pack-views.ts";

/** GET /student/test-pack-claims: the learner's pass-promise claims (one at most), with any credit issued. */
export async function listOwnClaims(
  ctx: AppContext,
  studentId: string,
): Promise<StudentPassPromiseClaimsResponse> {
  const rows = await repo.listClaimsOfStudent(ctx.db, studentId);
  return { claims: rows.map(toClaim) };
}
