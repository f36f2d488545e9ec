import { type AdminRefund, REFUND_STATUSES } from "@kerb/shared";
import { refundReasonLabels } from "@kerb/shared/words";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import Undo2 from "lucide-react/icons/undo-2";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { type Column, DataTable } from "@/components/ui/data-table";
import { DocumentTitle } from "@/components/ui/document-title";
import { ErrorState } from "@/components/ui/error-state";
import { ListState } from "@/components/ui/list-state";
import { Pager } from "@/components/ui/pager";
import { SectionCard } from "@/components/ui/section-card";
import { StatusFilter } from "@/components/ui/status-filter";
import { formatDate, formatDateTime, formatDollars } from "@/lib/format";
import { pick, useListParams } from "@/lib/list-params";
import { useAdminRefunds } from "../api/get-admin-refunds";
import { useRetryRefund } from "../api/retry-refund";
import { REFUND_STATUS, RefundStatusBadge } from "../components/refund-status-badge";

const PAGE_SIZE = 20;

type RetryState = { id: string; outcome: "done" | "waiting" } | undefined;

export function AdminRefundsPage() {
  const { values, page, setFilters, setPage } = useListParams(["status"] as const);
  const status = pick(values.status, REFUND_STATUSES);
  const refundsQuery = useAdminRefunds({ status, page, pageSize: PAGE_SIZE });
  const retry = useRetryRefund();
  const [lastRetry, setLastRetry] = useState<RetryState>();
  const data = refundsQuery.data;

  const retryNow = (refund: AdminRefund) =>
    retry.mutate(refund.id, {
      onSuccess: (result) =>
        setLastRetry({ id: result.id, outcome: result.status === "SUCCEEDED" ? "done" : "waiting" }),
      onError: () => setLastRetry(undefined),
    });

  const columns: Column<AdminRefund>[] = [
    {
      header: "Refund",
      cell: (r) => (
        <span className="flex flex-col gap-1">
          <span className="font-semibold text-slate-900">{formatDollars(r.amount)}</span>
          <span className="text-slate-600 text-xs">
            {refundReasonLabels[r.reason]} · invoice{" "}
            <span className="font-mono">{r.payment.invoiceNumber}</span>
          </span>
        </span>
      ),
    },
    {
      header: "Student",
      cell: (r) => (
        <span className="flex flex-col">
          <span>
            {r.student.firstName} {r.student.lastName}
          </span>
          <span className="break-all text-slate-600 lg:break-normal">{r.student.email}</span>
        </span>
      ),
    },
    { header: "Status", cell: (r) => <RefundStatusBadge status={r.status} /> },
    {
      header: "Attempts",
      cell: (r) => (
        <span className="flex flex-col items-end lg:items-start">
          <span>{r.attempts}</span>
          {r.lastError && r.status === "PENDING" ? (
            <span className="max-w-64 text-red-700 text-xs">{r.lastError}</span>
          ) : null}
        </span>
      ),
    },
    {
      header: "When",
      cell: (r) => (
        <span className="flex flex-col items-end lg:items-start">
          <span>Queued {formatDate(r.createdAt)}</span>
          {r.succeededAt ? (
            <span className="text-slate-600 text-xs">Refunded {formatDateTime(r.succeededAt)}</span>
          ) : null}
          {r.nextAttemptAt ? (
            <span className="text-slate-600 text-xs">Next try {formatDateTime(r.nextAttemptAt)}</span>
          ) : null}
        </span>
      ),
    },
    {
      header: "Actions",
      isActions: true,
      cell: (r) =>
        r.status === "PENDING" ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => retryNow(r)}
            isLoading={retry.isPending && retry.variables === r.id}
            disabled={retry.isPending}
            icon={<RotateCcw className="size-4" aria-hidden="true" />}
          >
            Retry now
          </Button>
        ) : null,
    },
  ];

  return (
    <SectionCard
      title="Refunds"
      description="Every card refund is queued in the same transaction as the cancellation that decides it, then sent to the card provider and retried automatically with growing delays until it goes through. Nothing is lost while one waits."
      filters={
        <div className="grid grid-cols-1 gap-3 lg:max-w-xs">
          <StatusFilter
            statuses={REFUND_STATUSES}
            styles={REFUND_STATUS}
            allLabel="All refunds"
            value={status}
            onChange={(next) => setFilters({ status: next })}
          />
        </div>
      }
    >
      <DocumentTitle title="Refunds · Admin" />
      {retry.isError ? <ErrorState title="The refund could not be retried" error={retry.error} /> : null}
      {lastRetry ? (
        <Alert tone={lastRetry.outcome === "done" ? "success" : "warning"}>
          {lastRetry.outcome === "done"
            ? "The refund went through."
            : "The card provider refused again. The refund stays queued and will be retried automatically."}
        </Alert>
      ) : null}
      <ListState
        query={refundsQuery}
        isEmpty={data?.items.length === 0}
        loadingLabel="Loading refunds…"
        errorTitle="We couldn't load refunds"
        empty={{
          icon: <Undo2 className="size-6" />,
          title: status === "PENDING" ? "No refunds waiting" : "No refunds found",
          description:
            status === "PENDING"
              ? "Every card refund has gone through."
              : "Refunds appear here when a paid lesson is cancelled or a payment arrives after its hold lapsed.",
          action: status ? (
            <Button variant="secondary" onClick={() => setFilters({ status: "" })}>
              Show all refunds
            </Button>
          ) : undefined,
        }}
      >
        {data ? (
          <>
            <DataTable caption="Card refunds" columns={columns} rows={data.items} rowKey={(r) => r.id} />
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onPageChange={setPage}
              isFetching={refundsQuery.isFetching}
              noun={["refund", "refunds"]}
            />
          </>
        ) : null}
      </ListState>
    </SectionCard>
  );
}
