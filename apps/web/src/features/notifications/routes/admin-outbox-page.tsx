import { type AdminOutboxMessage, OUTBOX_STATUSES, type OutboxStatus } from "@kerb/shared";
import { emailKindLabel, outboxStatusLabels } from "@kerb/shared/words";
import Mail from "lucide-react/icons/mail";
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
import { StatusBadge, type StatusStyle } from "@/components/ui/status-badge";
import { StatusFilter } from "@/components/ui/status-filter";
import { formatDateTime } from "@/lib/format";
import { pick, useListParams } from "@/lib/list-params";
import { useOutbox } from "../api/get-outbox";
import { useRetryOutboxEmail } from "../api/retry-outbox-email";

const PAGE_SIZE = 20;

const OUTBOX_STATUS: Record<OutboxStatus, StatusStyle> = {
  PENDING: { label: outboxStatusLabels.PENDING, tone: "warning" },
  SENT: { label: outboxStatusLabels.SENT, tone: "success" },
  FAILED: { label: outboxStatusLabels.FAILED, tone: "danger" },
};

type RetryState = { outcome: "sent" | "failed" } | undefined;

export function AdminOutboxPage() {
  const { values, page, setFilters, setPage } = useListParams(["status"] as const);
  const status = pick(values.status, OUTBOX_STATUSES);
  const outboxQuery = useOutbox({ status, page, pageSize: PAGE_SIZE });
  const retry = useRetryOutboxEmail();
  const [lastRetry, setLastRetry] = useState<RetryState>();
  const data = outboxQuery.data;

  const retryNow = (message: AdminOutboxMessage) =>
    retry.mutate(message.id, {
      onSuccess: (result) => setLastRetry({ outcome: result.status === "SENT" ? "sent" : "failed" }),
      onError: () => setLastRetry(undefined),
    });

  const columns: Column<AdminOutboxMessage>[] = [
    {
      header: "Email",
      cell: (m) => (
        <span className="flex flex-col gap-1">
          <span className="font-semibold text-slate-900">{m.subject}</span>
          <span className="text-slate-600 text-xs">
            {emailKindLabel(m.kind)}
            {m.attachments.length > 0 ? ` · ${m.attachments.join(", ")}` : ""}
          </span>
        </span>
      ),
    },
    {
      header: "To",
      cell: (m) => (
        <span className="flex flex-col">
          {m.toName ? <span>{m.toName}</span> : null}
          <span className="break-all text-slate-600 lg:break-normal">{m.toEmail}</span>
        </span>
      ),
    },
    { header: "Status", cell: (m) => <StatusBadge status={m.status} styles={OUTBOX_STATUS} /> },
    {
      header: "Attempts",
      cell: (m) => (
        <span className="flex flex-col items-end lg:items-start">
          <span>{m.attempts}</span>
          {m.lastError && m.status !== "SENT" ? (
            <span className="max-w-64 text-red-700 text-xs">{m.lastError}</span>
          ) : null}
        </span>
      ),
    },
    {
      header: "When",
      cell: (m) => (
        <span className="flex flex-col items-end lg:items-start">
          <span>Written {formatDateTime(m.createdAt)}</span>
          {m.sentAt ? <span className="text-slate-600 text-xs">Sent {formatDateTime(m.sentAt)}</span> : null}
          {m.nextAttemptAt && m.attempts > 0 ? (
            <span className="text-slate-600 text-xs">Next try {formatDateTime(m.nextAttemptAt)}</span>
          ) : null}
        </span>
      ),
    },
    {
      header: "Actions",
      isActions: true,
      cell: (m) =>
        m.status === "FAILED" ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => retryNow(m)}
            isLoading={retry.isPending && retry.variables === m.id}
            disabled={retry.isPending}
            icon={<RotateCcw className="size-4" aria-hidden="true" />}
          >
            Retry
          </Button>
        ) : null,
    },
  ];

  return (
    <SectionCard
      title="Outbox"
      description="Every email Kerb sends is written here in the same transaction as the change it reports, then delivered and retried automatically with growing delays. Emails that still fail are marked Failed for you to retry."
      filters={
        <div className="grid grid-cols-1 gap-3 lg:max-w-xs">
          <StatusFilter
            statuses={OUTBOX_STATUSES}
            styles={OUTBOX_STATUS}
            allLabel="All emails"
            value={status}
            onChange={(next) => setFilters({ status: next })}
          />
        </div>
      }
    >
      <DocumentTitle title="Outbox · Admin" />
      {retry.isError ? <ErrorState title="The email could not be retried" error={retry.error} /> : null}
      {lastRetry ? (
        <Alert tone={lastRetry.outcome === "sent" ? "success" : "warning"}>
          {lastRetry.outcome === "sent"
            ? "The email was sent."
            : "The mail server refused it again. Check the error shown and try again later."}
        </Alert>
      ) : null}
      <ListState
        query={outboxQuery}
        isEmpty={data?.items.length === 0}
        loadingLabel="Loading emails…"
        errorTitle="We couldn't load the outbox"
        empty={{
          icon: <Mail className="size-6" />,
          title: status === "FAILED" ? "No failed emails" : "No emails found",
          description:
            status === "FAILED"
              ? "Every email has been delivered or is still being tried."
              : "Emails appear here when lessons are booked, cancelled or moved, and for reminders.",
          action: status ? (
            <Button variant="secondary" onClick={() => setFilters({ status: "" })}>
              Show all emails
            </Button>
          ) : undefined,
        }}
      >
        {data ? (
          <>
            <DataTable caption="Outbox emails" columns={columns} rows={data.items} rowKey={(m) => m.id} />
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onPageChange={setPage}
              isFetching={outboxQuery.isFetching}
              noun={["email", "emails"]}
            />
          </>
        ) : null}
      </ListState>
    </SectionCard>
  );
}
