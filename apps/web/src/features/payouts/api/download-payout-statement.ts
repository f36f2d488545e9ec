import type { InstructorPayout } from "@kerb/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { saveBlob } from "@/lib/save-blob";

type StatementFormat = "csv" | "pdf";

const payoutStatementFilename = (statementNumber: string, format: StatementFormat) =>
  `Kerb-payout-${statementNumber}.${format}`;

/** Fetches a payout statement with the session's token (a plain link sends none) and saves it. */
async function downloadPayoutStatement({
  payout,
  format,
}: {
  payout: Pick<InstructorPayout, "id" | "statementNumber">;
  format: StatementFormat;
}) {
  const file = await api.getBlob(`/instructor/payouts/${encodeURIComponent(payout.id)}/statement.${format}`);
  saveBlob(file, payoutStatementFilename(payout.statementNumber, format));
}

export function useDownloadPayoutStatement() {
  return useMutation({ mutationFn: downloadPayoutStatement });
}
