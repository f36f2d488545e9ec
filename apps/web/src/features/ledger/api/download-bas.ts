import type { ExportKind } from "@kerb/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { saveBlob } from "@/lib/save-blob";

export type BasDownload = "gst-summary" | ExportKind;

export type DateRange = { from: string; to: string };

const PATHS: Record<BasDownload, string> = {
  "gst-summary": "/admin/gst-summary.csv",
  payments: "/admin/exports/payments.csv",
  refunds: "/admin/exports/refunds.csv",
  payouts: "/admin/exports/payouts.csv",
};

export const basFilename = (what: BasDownload, { from, to }: DateRange) =>
  `Kerb-${what}-${from}-to-${to}.csv`;

/** Fetches one CSV with the session's token (a plain link would send none) and saves it. */
export async function downloadBasCsv({ what, range }: { what: BasDownload; range: DateRange }) {
  const csv = await api.getBlob(PATHS[what], { query: range });
  saveBlob(csv, basFilename(what, range));
}

export function useDownloadBasCsv() {
  return useMutation({ mutationFn: downloadBasCsv });
}
