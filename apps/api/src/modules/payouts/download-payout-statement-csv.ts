import type { AppContext } from "../../context.ts";
import { assembleStatement, requireOwnPayout } from "./statement-assembly.ts";
import { renderStatementCsv } from "./statement-csv.ts";

/** GET /instructor/payouts/:id/statement.csv: the payout's statement (RCTI) as CSV. */
export async function downloadPayoutStatementCsv(ctx: AppContext, instructorId: string, payoutId: string) {
  const payout = await requireOwnPayout(ctx, instructorId, payoutId);
  const statement = await assembleStatement(ctx, payout);
  return { filename: `Kerb-payout-${statement.number}.csv`, csv: renderStatementCsv(statement) };
}
