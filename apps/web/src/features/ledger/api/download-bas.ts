import type { ExportKind } from "@kerb/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { saveBlob } from "@/lib/save-blob";

type BasDownload = "gst-summary" | ExportKind;

/** Every BAS file is a CSV; the GST summary is a one-page PDF as well. */
export type BasFile = { what: "gst-summary"; format: "csv" | "pdf" } | { what: ExportKind; format: "csv" };

export type DateRange = { from: string; to: string };

const PATHS: Record<BasDownload, string> = {
  "gst-summary": "/admin/gst-summary",
  payments: "/admin/exports/payments",
  refunds: "/admin/exports/refunds",
  payouts: "/admin/exports/payouts",
};

const basFilename = ({ what, format }: BasFile, { from, to }: DateRange) =>
  `Kerb-${what}-${from}-to-${to}.${format}`;

/** Fetches one file with the session's token (a plain link would send none) and saves it. */
async function downloadBas({ file, range }: { file: BasFile; range: DateRange }) {
  const blob = await api.getBlob(`${PATHS[file.what]}.${file.format}`, { query: range });
  saveBlob(blob, basFilename(file, range));
}

export function useDownloadBas() {
  return useMutation({ mutationFn: downloadBas });
}
