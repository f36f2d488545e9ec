import type { Executor } from "../../db/client.ts";
import { summarizeEarnings } from "./earnings.ts";
import * as repo from "./payouts.repository.ts";

/**
 * The instructor's net earnings from lessons starting in `range` (the dashboard's month tile): the same
 * computation as GET /instructor/earnings, so the tile equals that month's net to the cent.
 */
export async function netEarningsCents(db: Executor, instructorId: string, range: { from: Date; to: Date }) {
  const groups = await repo.earningLessonsByMonthAndAmount(db, instructorId, range);
  return summarizeEarnings(groups).totals.netCents;
}
