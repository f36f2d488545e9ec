import { dateRangeQuery } from "@kerb/shared";
import { dollarsToCents, formatAud, formatIsoDate, lastFullQuarter } from "@kerb/shared/rules";
import Download from "lucide-react/icons/download";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { SectionCard } from "@/components/ui/section-card";
import { errorMessage } from "@/lib/api-error";
import { type BasFile, type DateRange, useDownloadBas } from "../api/download-bas";
import { useGstSummary } from "../api/get-gst-summary";

const DOWNLOADS: { file: BasFile; label: string }[] = [
  { file: { what: "gst-summary", format: "csv" }, label: "GST summary" },
  { file: { what: "gst-summary", format: "pdf" }, label: "GST summary" },
  { file: { what: "payments", format: "csv" }, label: "Payments" },
  { file: { what: "refunds", format: "csv" }, label: "Refunds" },
  { file: { what: "payouts", format: "csv" }, label: "Payouts" },
];

export function GstExportsCard({ now = new Date() }: { now?: Date }) {
  const [range, setRange] = useState<DateRange>(() => lastFullQuarter(now));
  const parsed = dateRangeQuery.safeParse(range);
  const invalid = parsed.success ? undefined : parsed.error.issues[0]?.message;
  const summary = useGstSummary(range, parsed.success);
  const download = useDownloadBas();
  const pending = download.isPending ? download.variables?.file : undefined;
  const figures = summary.data
    ? [
        { label: "G1 Total sales (incl. GST)", dollars: summary.data.g1Sales },
        { label: "1A GST on sales", dollars: summary.data.gstOnSales },
        { label: "1B GST credits (RCTIs)", dollars: summary.data.gstCredits },
        { label: "Net GST (1A − 1B)", dollars: summary.data.netGst },
      ]
    : [];

  return (
    <section aria-label="GST summary and exports">
      <SectionCard
        title="GST summary and exports"
        description="For a BAS: sales, GST on sales and GST credits on instructors' tax invoices, from the ledger (over whole months, the reconciliation's figures). The exports list every payment, refund and payout in the dates, both included, for your accountant."
      >
        <div className="flex flex-col gap-4">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:max-w-md">
            <TextField
              label="From"
              type="date"
              value={range.from}
              onChange={(event) => setRange((r) => ({ ...r, from: event.target.value }))}
            />
            <TextField
              label="To"
              type="date"
              value={range.to}
              error={invalid}
              onChange={(event) => setRange((r) => ({ ...r, to: event.target.value }))}
            />
          </div>
          {parsed.success && figures.length > 0 ? (
            <dl
              aria-label={`GST summary ${formatIsoDate(range.from)} to ${formatIsoDate(range.to)}`}
              className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4"
            >
              {figures.map((f) => (
                <div key={f.label} className="rounded-md border border-slate-200 p-3">
                  <dt className="text-sm text-slate-600">{f.label}</dt>
                  <dd className="font-semibold tabular-nums">{formatAud(dollarsToCents(f.dollars))}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {DOWNLOADS.map(({ file, label }) => {
              const format = file.format.toUpperCase();
              return (
                <Button
                  key={`${file.what}.${file.format}`}
                  variant="outline"
                  size="sm"
                  icon={<Download className="size-4" />}
                  disabled={!parsed.success}
                  isLoading={pending?.what === file.what && pending.format === file.format}
                  aria-label={`Download ${label} ${format}`}
                  onClick={() => download.mutate({ file, range })}
                >
                  {label} ({format})
                </Button>
              );
            })}
          </div>
          {download.isError ? (
            <Alert tone="error" title="We couldn't download that">
              {errorMessage(download.error, "Please try again.")}
            </Alert>
          ) : null}
        </div>
      </SectionCard>
    </section>
  );
}
