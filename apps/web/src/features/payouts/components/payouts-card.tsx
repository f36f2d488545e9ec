import type { InstructorPayout, InstructorPayoutsResponse, PayoutStatus } from "@kerb/shared";
import { PLATFORM_FEE_PERCENT, payoutStatusLabels } from "@kerb/shared/words";
import Banknote from "lucide-react/icons/banknote";
import FileSpreadsheet from "lucide-react/icons/file-spreadsheet";
import FileText from "lucide-react/icons/file-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { type Column, DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { StatusBadge, type StatusStyle, statusStyles } from "@/components/ui/status-badge";
import { errorMessage } from "@/lib/api-error";
import { formatDollars, formatIsoDate } from "@/lib/format";
import { useDownloadPayoutStatement } from "../api/download-payout-statement";
import { useInstructorPayouts } from "../api/get-instructor-payouts";

// Worded for the payee: a due payout is on its way, a failed one is late.
export const PAYOUT_STATUS: Record<PayoutStatus, StatusStyle> = statusStyles(
  { ...payoutStatusLabels, PENDING: "Being paid", FAILED: "Delayed" },
  { PENDING: "warning", PAID: "success", FAILED: "danger" },
);

function UnpaidNote({ data }: { data: InstructorPayoutsResponse }) {
  if (data.unpaid.lessons === 0) return null;
  const needsAbn = data.details.payoutHold === "abn_missing";
  const needsAgreement = data.details.payoutHold === "agreement_missing";
  const needsAccount = data.details.provider === "stripe" && !data.details.stripeConnected;
  const gst = data.unpaid.gst > 0 ? ` (${formatDollars(data.unpaid.total)} with GST)` : "";
  return (
    <Alert tone={needsAbn || needsAgreement || needsAccount ? "warning" : "info"}>
      {formatDollars(data.unpaid.net)}
      {gst} from {data.unpaid.lessons} {data.unpaid.lessons === 1 ? "lesson is" : "lessons are"} not paid out
      yet.{" "}
      {needsAbn
        ? "Add your ABN in your payout details: until then your earnings keep adding up here."
        : needsAgreement
          ? "Accept the recipient-created tax invoice agreement on this page: until then your earnings keep adding up here."
          : needsAccount
            ? "Connect your Stripe account below: until then your earnings keep adding up here."
            : "Each Monday, the week that just ended is paid."}
    </Alert>
  );
}

/** Lessons taught while the instructor could not teach: kept out of payouts until Kerb decides each. */
function HeldNote({ data }: { data: InstructorPayoutsResponse }) {
  if (data.held.lessons === 0) return null;
  const gst = data.held.gst > 0 ? ` (${formatDollars(data.held.total)} with GST)` : "";
  return (
    <Alert tone="warning">
      {formatDollars(data.held.net)}
      {gst} from {data.held.lessons} {data.held.lessons === 1 ? "lesson is" : "lessons are"} on hold: taught
      while you were not allowed to teach on Kerb (account suspended, verification withdrawn, or a licence or
      Working With Children check expired). Kerb reviews each one and either pays it with your next payout or
      refunds the student. Contact support if you think this is wrong.
    </Alert>
  );
}

const periodOf = (payout: InstructorPayout) =>
  `${formatIsoDate(payout.periodStart)} – ${formatIsoDate(payout.periodEnd)}`;

/** The CSV and PDF statement of one payout; each row downloads on its own. */
function StatementDownloads({ payout }: { payout: InstructorPayout }) {
  const download = useDownloadPayoutStatement();
  return (
    <div>
      <div className="flex flex-wrap justify-end gap-2">
        {(["csv", "pdf"] as const).map((format) => (
          <Button
            key={format}
            variant="outline"
            size="sm"
            aria-label={`Download ${format.toUpperCase()} statement for ${periodOf(payout)}`}
            onClick={() => download.mutate({ payout, format })}
            isLoading={download.isPending && download.variables?.format === format}
            disabled={download.isPending}
            icon={
              format === "csv" ? (
                <FileSpreadsheet className="size-4" aria-hidden="true" />
              ) : (
                <FileText className="size-4" aria-hidden="true" />
              )
            }
          >
            {format.toUpperCase()}
          </Button>
        ))}
      </div>
      {download.isError ? (
        <p role="alert" className="mt-1 text-right text-red-700 text-xs">
          {errorMessage(download.error, "The statement could not be downloaded. Please try again.")}
        </p>
      ) : null}
    </div>
  );
}

// The shared responsive table: a table from lg up, one labelled card per payout on phones.
const PAYOUT_COLUMNS: Column<InstructorPayout>[] = [
  {
    header: "Period",
    cell: (payout) => (
      <>
        <span className="font-semibold text-slate-900">{periodOf(payout)}</span>
        <span className="block font-mono text-slate-600 text-xs">{payout.statementNumber}</span>
      </>
    ),
  },
  { header: "Lessons", align: "right", cell: (payout) => payout.lessons },
  { header: "Gross", align: "right", cell: (payout) => formatDollars(payout.gross) },
  {
    header: "Fee",
    align: "right",
    className: "text-slate-700",
    cell: (payout) => `−${formatDollars(payout.fee)}`,
  },
  {
    header: "Net",
    align: "right",
    className: "font-semibold text-brand-800",
    cell: (payout) => formatDollars(payout.net),
  },
  { header: "Status", cell: (payout) => <StatusBadge status={payout.status} styles={PAYOUT_STATUS} /> },
  { header: "Statement", isActions: true, cell: (payout) => <StatementDownloads payout={payout} /> },
];

// Once a payout carried GST (a GST-registered instructor), the GST and the total paid are shown too.
const GST_COLUMNS: Column<InstructorPayout>[] = [
  { header: "GST", align: "right", cell: (payout) => formatDollars(payout.gst) },
  {
    header: "Total paid",
    align: "right",
    className: "font-semibold text-brand-800",
    cell: (payout) => formatDollars(payout.total),
  },
];

function payoutColumns(payouts: InstructorPayout[]): Column<InstructorPayout>[] {
  if (!payouts.some((payout) => payout.gst > 0)) return PAYOUT_COLUMNS;
  const netAt = PAYOUT_COLUMNS.findIndex((column) => column.header === "Net");
  return [
    ...PAYOUT_COLUMNS.slice(0, netAt),
    { ...PAYOUT_COLUMNS[netAt], header: "Net (ex GST)", className: undefined } as Column<InstructorPayout>,
    ...GST_COLUMNS,
    ...PAYOUT_COLUMNS.slice(netAt + 1),
  ];
}

/** Weekly payouts with their statements (CSV, PDF), newest first. */
export function PayoutsCard() {
  const payoutsQuery = useInstructorPayouts();
  const data = payoutsQuery.data;
  return (
    <Card>
      <CardHeader
        title="Payouts"
        description={`Every Monday, what you earned in the Sydney week that just ended (Monday–Sunday) is paid out, after Kerb's ${PLATFORM_FEE_PERCENT} fee. Each payout has a statement to download.`}
      />
      <CardContent className="flex flex-col gap-4">
        {payoutsQuery.isPending ? (
          <SkeletonGroup label="Loading payouts…">
            <div className="flex flex-col gap-3">
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
            </div>
          </SkeletonGroup>
        ) : payoutsQuery.isError ? (
          <ErrorState
            title="We couldn't load your payouts"
            error={payoutsQuery.error}
            onRetry={() => payoutsQuery.refetch()}
            isRetrying={payoutsQuery.isFetching}
          />
        ) : data ? (
          <>
            <UnpaidNote data={data} />
            <HeldNote data={data} />
            {data.payouts.length === 0 ? (
              <EmptyState
                icon={<Banknote className="size-6" />}
                title="No payouts yet"
                description="Your first payout appears here after the week of your first completed lesson."
              />
            ) : (
              <DataTable
                caption="Payouts"
                columns={payoutColumns(data.payouts)}
                rows={data.payouts}
                rowKey={(payout) => payout.id}
              />
            )}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
