/**
 * The PDF renderers, run in a worker thread of the pool (lib/pdf/render-pool.ts), never on the event
 * loop that answers requests. Each renderer is pure (data in, bytes out); this file only picks one. It
 * sits above the modules (it imports their renderers) and is its own tsup entry (dist/pdf-worker.js).
 */

import type { PdfJob } from "./lib/pdf/render-pool.ts";
import { renderLogbookPdf } from "./modules/learning/logbook-pdf.ts";
import { renderGstSummaryPdf } from "./modules/ledger/gst-summary-pdf.ts";
import { renderStatementPdf } from "./modules/payouts/statement-pdf.ts";
import { renderTaxInvoicePdf } from "./modules/receipts/tax-invoice-pdf.ts";

const RENDERERS = {
  taxInvoice: renderTaxInvoicePdf,
  payoutStatement: renderStatementPdf,
  gstSummary: renderGstSummaryPdf,
  logbook: renderLogbookPdf,
} as const satisfies Record<PdfJob["kind"], (data: never) => Promise<Buffer>>;

/** A test's way to kill the worker mid-task: the pool must answer 503 for that request only. */
const CRASH = "__crash__";

export default async function render(job: PdfJob): Promise<Uint8Array> {
  if ((job.data as { [CRASH]?: boolean } | null)?.[CRASH]) process.exit(1);
  return (RENDERERS[job.kind] as (data: unknown) => Promise<Buffer>)(job.data);
}
