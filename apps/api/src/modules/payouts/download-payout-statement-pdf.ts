import { payoutStatementNumber } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { issuedDocument, renderedDocument } from "../../platform/documents/issued-documents.ts";
import { assembleStatement, requireOwnPayout } from "./statement-assembly.ts";

/**
 * GET /instructor/payouts/:id/statement.pdf: the payout's statement (RCTI) as PDF. A paid payout's is a
 * tax record issued once: rendered at its first download, stored and sent byte for byte ever after, even
 * if the instructor's name or a template changes since (PAID is final: payout-run.ts, retry-payout.ts).
 * A pending or failed payout's still changes (paid, retried), so it is rendered for each request.
 */
export async function downloadPayoutStatementPdf(ctx: AppContext, instructorId: string, payoutId: string) {
  const payout = await requireOwnPayout(ctx, instructorId, payoutId);
  const render = async () => ctx.pdf.render("payoutStatement", await assembleStatement(ctx, payout));
  const document =
    payout.status === "PAID"
      ? await issuedDocument(ctx, {
          kind: "payoutStatement",
          subjectId: payout.id,
          issuedFor: "PAID",
          render,
          now: ctx.now(),
        })
      : await renderedDocument(render);
  return {
    filename: `Kerb-payout-${payoutStatementNumber(payout)}.pdf`,
    pdf: document.bytes,
    contentHash: document.contentHash,
  };
}
