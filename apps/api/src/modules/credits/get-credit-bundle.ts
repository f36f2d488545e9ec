import type { AppContext } from "../../context.ts";
import { listStudentBundles, toStudentBundle } from "../students/index.ts";
import { bundleNotFound } from "./bundle-refusals.ts";

/**
 * GET /student/bundles/:id: one of the student's bundles, its instructor, suburb and credits used and left.
 */
export async function getCreditBundle(ctx: AppContext, studentId: string, bundleId: string) {
  const [row] = await listStudentBundles(ctx.db, studentId, bundleId);
  if (!row) throw bundleNotFound();
  return toStudentBundle(row, ctx.now());
}
