import type { AdminRevenue } from "@kerb/shared";
import TrendingUp from "lucide-react/icons/trending-up";
import { type Column, DataTable } from "@/components/ui/data-table";
import { DocumentTitle } from "@/components/ui/document-title";
import { ListState } from "@/components/ui/list-state";
import { SectionCard } from "@/components/ui/section-card";
import { formatDollars, formatMonth } from "@/lib/format";
import { useAdminRevenue } from "../api/get-admin-revenue";

type RevenueRow = AdminRevenue["totals"] & { month?: string };

const COLUMNS: Column<RevenueRow>[] = [
  {
    header: "Month",
    cell: (r) => (
      <span className="font-semibold text-slate-900">{r.month ? formatMonth(r.month) : "Total"}</span>
    ),
  },
  { header: "Lessons", align: "right", wrapHeader: true, cell: (r) => r.lessonsCompleted },
  { header: "Gross", align: "right", wrapHeader: true, cell: (r) => formatDollars(r.gross) },
  { header: "Platform fees", align: "right", wrapHeader: true, cell: (r) => formatDollars(r.platformFees) },
  {
    header: "Instructor earnings",
    align: "right",
    wrapHeader: true,
    cell: (r) => formatDollars(r.instructorEarnings),
  },
  // What went out to instructors, as the reconciliation counts it: earnings are paid in a later run.
  { header: "Paid out", align: "right", wrapHeader: true, cell: (r) => formatDollars(r.paidOut) },
  {
    header: "GST on payments",
    align: "right",
    wrapHeader: true,
    cell: (r) => formatDollars(r.gstOnPayments),
  },
  {
    header: "GST refunded",
    align: "right",
    wrapHeader: true,
    cell: (r) =>
      r.gstRefunded > 0 ? (
        <span className="text-red-700">−{formatDollars(r.gstRefunded)}</span>
      ) : (
        formatDollars(0)
      ),
  },
  {
    header: "GST collected (net)",
    align: "right",
    wrapHeader: true,
    cell: (r) => <span className="font-semibold">{formatDollars(r.gstCollected)}</span>,
  },
  {
    header: "Refunds (incl. GST)",
    align: "right",
    wrapHeader: true,
    cell: (r) =>
      r.refunds > 0 ? <span className="text-red-700">−{formatDollars(r.refunds)}</span> : formatDollars(0),
  },
];

export function AdminRevenuePage() {
  const revenueQuery = useAdminRevenue();
  const data = revenueQuery.data;

  return (
    <SectionCard
      title="Revenue"
      description="Per Sydney month, as the reconciliation counts it. Lessons counts completed lessons; gross, fees and earnings count lesson value earned in the month (taught, no-show or kept, ex GST; gross = platform fees + instructor earnings). Paid out is what was transferred to instructors in the month. GST is counted when a payment is made and given back when a lesson is refunded: GST collected is net of refunded GST. Refunds count when a lesson is cancelled."
    >
      <DocumentTitle title="Revenue · Admin" />
      <ListState
        query={revenueQuery}
        isEmpty={data?.months.length === 0}
        loadingLabel="Loading revenue…"
        errorTitle="We couldn't load revenue"
        empty={{
          icon: <TrendingUp className="size-6" />,
          title: "No revenue yet",
          description: "Revenue appears once lessons are paid for and completed.",
        }}
      >
        {data ? (
          <DataTable<RevenueRow>
            caption="Revenue by month"
            columns={COLUMNS}
            rows={data.months}
            rowKey={(r) => r.month ?? "total"}
            footer={data.totals}
          />
        ) : null}
      </ListState>
    </SectionCard>
  );
}
