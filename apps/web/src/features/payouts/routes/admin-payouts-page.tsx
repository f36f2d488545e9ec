import { type AdminPayout, PAYOUT_STATUSES, type PayoutRunResponse, type PayoutStatus } from "@kerb/shared";
import { PLATFORM_FEE_PERCENT, payoutStatusLabels, plural } from "@kerb/shared/words";
import Banknote from "lucide-react/icons/banknote";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import Clock from "lucide-react/icons/clock";
import Hourglass from "lucide-react/icons/hourglass";
import Play from "lucide-react/icons/play";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { type Column, DataTable } from "@/components/ui/data-table";
import { DocumentTitle } from "@/components/ui/document-title";
import { ErrorState } from "@/components/ui/error-state";
import { ListState } from "@/components/ui/list-state";
import { Pager } from "@/components/ui/pager";
import { SectionCard } from "@/components/ui/section-card";
import { StatTile } from "@/components/ui/stat-tile";
import { StatusBadge, type StatusStyle, statusStyles } from "@/components/ui/status-badge";
import { StatusFilter } from "@/components/ui/status-filter";
import { formatDate, formatDateTime, formatDollars, formatIsoDate } from "@/lib/format";
import { pick, useListParams } from "@/lib/list-params";
import { useAdminPayouts, useRetryPayout, useRunPayouts } from "../api/admin-payouts";
import { PayoutReadinessCard } from "../components/payout-readiness-card";

const PAGE_SIZE = 20;

export const PAYOUT_STATUS: Record<PayoutStatus, StatusStyle> = statusStyles(payoutStatusLabels, {
  PENDING: "warning",
  PAID: "success",
  FAILED: "danger",
});

function runSummary(run: PayoutRunResponse): string {
  const period = `${formatIsoDate(run.period.start)} – ${formatIsoDate(run.period.end)}`;
  const created =
    run.created === 0
      ? `Nothing new to pay for ${period}: every payout of that week already exists.`
      : `${plural(run.created, "payout")} created for ${period}.`;
  const skipped =
    run.skippedWithoutAccount > 0
      ? ` ${run.skippedWithoutAccount} ${run.skippedWithoutAccount === 1 ? "instructor has" : "instructors have"} no Stripe account yet and keep accruing.`
      : "";
  const noAbn =
    run.skippedWithoutAbn > 0
      ? ` ${run.skippedWithoutAbn} ${run.skippedWithoutAbn === 1 ? "instructor has" : "instructors have"} no ABN yet and keep accruing until they add one.`
      : "";
  const noAgreement =
    run.skippedWithoutAgreement > 0
      ? ` ${run.skippedWithoutAgreement} ${run.skippedWithoutAgreement === 1 ? "instructor has" : "instructors have"} not accepted the RCTI agreement and keep accruing until they do.`
      : "";
  return created + skipped + noAbn + noAgreement;
}

export function AdminPayoutsPage() {
  const { values, page, setFilters, setPage } = useListParams(["status"] as const);
  const status = pick(values.status, PAYOUT_STATUSES);
  const payoutsQuery = useAdminPayouts({ status, page, pageSize: PAGE_SIZE });
  const run = useRunPayouts();
  const retry = useRetryPayout();
  const [lastRetry, setLastRetry] = useState<AdminPayout>();
  const data = payoutsQuery.data;

  const columns: Column<AdminPayout>[] = [
    {
      header: "Instructor",
      cell: (p) => (
        <span className="flex flex-col">
          <span className="font-semibold text-slate-900">
            {p.instructor.firstName} {p.instructor.lastName}
          </span>
          <span className="break-all text-slate-600 lg:break-normal">{p.instructor.email}</span>
        </span>
      ),
    },
    {
      header: "Period",
      cell: (p) => (
        <span>
          {formatIsoDate(p.periodStart)} – {formatIsoDate(p.periodEnd)}
        </span>
      ),
    },
    {
      header: "Amount",
      cell: (p) => (
        <span className="flex flex-col items-end lg:items-start">
          <span className="font-semibold text-slate-900">{formatDollars(p.amount)}</span>
          <span className="text-slate-600 text-xs">
            {plural(p.lessons, "lesson")} · gross {formatDollars(p.gross)} · fee {formatDollars(p.fee)}
            {/* A GST-registered instructor's payout includes GST on their share: Kerb's GST credit. */}
            {p.gst > 0 ? ` · incl. GST ${formatDollars(p.gst)}` : null}
          </span>
        </span>
      ),
    },
    {
      header: "Status",
      cell: (p) => (
        <span className="flex flex-col items-end gap-1 lg:items-start">
          <StatusBadge status={p.status} styles={PAYOUT_STATUS} />
          {p.lastError && p.status === "FAILED" ? (
            <span className="max-w-64 text-red-700 text-xs">{p.lastError}</span>
          ) : null}
        </span>
      ),
    },
    {
      header: "When",
      cell: (p) => (
        <span className="flex flex-col items-end lg:items-start">
          <span>Created {formatDate(p.createdAt)}</span>
          {p.paidAt ? <span className="text-slate-600 text-xs">Paid {formatDateTime(p.paidAt)}</span> : null}
          <span className="text-slate-600 text-xs">
            {p.provider === "stripe" ? "Stripe transfer" : "Demo"} · {plural(p.attempts, "attempt")}
          </span>
        </span>
      ),
    },
    {
      header: "Actions",
      isActions: true,
      cell: (p) =>
        p.status === "PAID" ? null : (
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              retry.mutate(p.id, { onSuccess: setLastRetry, onError: () => setLastRetry(undefined) })
            }
            isLoading={retry.isPending && retry.variables === p.id}
            disabled={retry.isPending}
            icon={<RotateCcw className="size-4" aria-hidden="true" />}
          >
            Retry
          </Button>
        ),
    },
  ];

  return (
    <SectionCard
      title="Payouts"
      description={`Each Monday the Sydney week that just ended is paid: one payout per instructor for completed and no-show lessons and kept late-cancellation value, after the ${PLATFORM_FEE_PERCENT} fee. Running it again pays nothing twice.`}
      filters={
        <div className="flex flex-col gap-4">
          {data ? (
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <StatTile
                isCompact
                icon={<Clock className="size-5" aria-hidden="true" />}
                label="Due"
                value={formatDollars(data.summary.pending.amount)}
                detail={`${data.summary.pending.count} being paid`}
              />
              <StatTile
                isCompact
                icon={<Banknote className="size-5" aria-hidden="true" />}
                label="Paid"
                value={formatDollars(data.summary.paid.amount)}
                detail={`${data.summary.paid.count} payouts`}
              />
              <StatTile
                isCompact
                icon={<CircleAlert className="size-5" aria-hidden="true" />}
                label="Failed"
                value={formatDollars(data.summary.failed.amount)}
                detail={`${data.summary.failed.count} to retry`}
              />
              <StatTile
                isCompact
                icon={<Hourglass className="size-5" aria-hidden="true" />}
                label="Accruing"
                value={formatDollars(data.summary.accruing.amount)}
                detail={`${plural(data.summary.accruing.lessons, "lesson")}, ${plural(data.summary.accruing.instructors, "instructor")}`}
              />
            </div>
          ) : null}
          <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
            <StatusFilter
              className="lg:max-w-xs"
              statuses={PAYOUT_STATUSES}
              styles={PAYOUT_STATUS}
              allLabel="All payouts"
              value={status}
              onChange={(next) => setFilters({ status: next })}
            />
            <Button
              onClick={() => run.mutate()}
              isLoading={run.isPending}
              loadingText="Running payouts…"
              icon={<Play className="size-4" aria-hidden="true" />}
            >
              Run payouts
            </Button>
          </div>
        </div>
      }
    >
      <DocumentTitle title="Payouts · Admin" />
      <PayoutReadinessCard />
      {run.isError ? <ErrorState title="The payout run failed" error={run.error} /> : null}
      {run.isSuccess ? <Alert tone="success">{runSummary(run.data)}</Alert> : null}
      {retry.isError ? <ErrorState title="The payout could not be retried" error={retry.error} /> : null}
      {lastRetry ? (
        <Alert tone={lastRetry.status === "PAID" ? "success" : "warning"}>
          {lastRetry.status === "PAID"
            ? `The payout of ${formatDollars(lastRetry.amount)} went through.`
            : `The payout failed again: ${lastRetry.lastError ?? "the provider refused it"}.`}
        </Alert>
      ) : null}
      <ListState
        query={payoutsQuery}
        isEmpty={data?.items.length === 0}
        loadingLabel="Loading payouts…"
        errorTitle="We couldn't load payouts"
        empty={{
          icon: <Banknote className="size-6" />,
          title: status ? "No payouts with this status" : "No payouts yet",
          description: "Payouts appear here after a run has paid a week of completed lessons.",
          action: status ? (
            <Button variant="secondary" onClick={() => setFilters({ status: "" })}>
              Show all payouts
            </Button>
          ) : undefined,
        }}
      >
        {data ? (
          <>
            <DataTable
              caption="Instructor payouts"
              columns={columns}
              rows={data.items}
              rowKey={(p) => p.id}
            />
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onPageChange={setPage}
              isFetching={payoutsQuery.isFetching}
              noun={["payout", "payouts"]}
            />
          </>
        ) : null}
      </ListState>
    </SectionCard>
  );
}
