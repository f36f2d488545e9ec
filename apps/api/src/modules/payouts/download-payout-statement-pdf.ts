import type { AppContext } from "../../context.ts";
import { assembleStatement, requireOwnPayout } from "./statement-assembly.ts";

/** GET /instructor/payouts/:id/statement.pdf: the payout's statement (RCTI) as PDF. */
export async function downloadPayoutStatementPdf(ctx: AppContext, instructorId: string, payoutId: string) {
  const payout = await requireOwnPayout(ctx, instructorId, payoutId);
  const statement = await assembleStatement(ctx, payout);
  return {
    filename: `Kerb-payout-${statement.number}.pdf`,
    pdf: await ctx.pdf.render("payoutStatement", statement),
  };
}
