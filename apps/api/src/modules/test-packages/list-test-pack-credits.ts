import type { TestPackCreditsResponse } from "@kerb/shared";
import { centsToDollars, testPackCreditTotals } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { listCredits } from "./test-packages.repository.ts";

/**
 * GET /student/test-pack-credits: the learner's test-pack credits (bought, or the pass promise's), how
 * many they can spend now, and what buying one costs. Also what a guardian sees of their learner's.
 */
export async function listTestPackCredits(
  ctx: Pick<AppContext, "db" | "now">,
  studentId: string,
): Promise<TestPackCreditsResponse> {
  const now = ctx.now();
  const rows = await listCredits(ctx.db, studentId);
  const totals = testPackCreditTotals();
  return {
    price: {
      exGst: centsToDollars(totals.subtotalCents),
      gst: centsToDollars(totals.gstCents),
      total: centsToDollars(totals.totalCents),
    },
    usable: rows.filter((r) => r.usedAt === null && r.expiresAt > now).length,
    credits: rows.map((r) => ({
      id: r.id,
      source: r.source,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      usedAt: r.usedAt?.toISOString() ?? null,
    })),
  };
}
