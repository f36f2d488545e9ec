import type { AuditEntry } from "@kerb/shared";
import { formatAud } from "@kerb/shared/rules";
import { FileClock } from "lucide-react";
import { DocumentTitle } from "@/components/ui/document-title";
import { Pager } from "@/components/ui/pager";
import { formatDate, formatTime } from "@/lib/format";
import { useAuditLog } from "../api/get-audit-log";
import { type Column, DataTable } from "../components/data-table";
import { ListState } from "../components/list-state";
import { SectionCard } from "../components/section-card";
import { useListParams } from "../utils/search-params";

const PAGE_SIZE = 25;

const ACTIONS: Record<string, string> = {
  "booking.cancel": "Cancelled a booking",
  "booking.reschedule": "Rescheduled a lesson",
  "bundle.spend": "Booked lessons with bundle credits",
  "bundle.instructor_change": "Moved bundle credits to another instructor",
  "refund.retry": "Retried a card refund",
  "instructor.verify": "Verified an instructor",
  "instructor.reject": "Rejected an instructor",
  "instructor.compliance_update": "Updated compliance dates",
};

/** The few detail fields worth a line of their own; the full record stays one click away. */
function summarize(details: unknown): string[] {
  if (!details || typeof details !== "object") return [];
  const d = details as Record<string, unknown>;
  const lines: string[] = [];
  if (typeof d.reason === "string" && d.reason) lines.push(`Reason: ${d.reason}`);
  if (typeof d.cancelledBy === "string") lines.push(`By: ${d.cancelledBy.toLowerCase()}`);
  if (typeof d.refundCents === "number" && d.refundCents > 0) {
    lines.push(`Refund: ${formatAud(d.refundCents)}`);
  }
  if (d.bundleCreditReturned === true) lines.push("Bundle credit returned");
  if (typeof d.licenseExpiresOn === "string") lines.push(`Licence expires ${d.licenseExpiresOn}`);
  if (typeof d.wwcExpiresOn === "string") lines.push(`WWC expires ${d.wwcExpiresOn}`);
  const after = d.after as Record<string, unknown> | undefined;
  if (after && typeof after === "object") {
    for (const [key, value] of Object.entries(after))
      lines.push(`${key}: ${value === null ? "cleared" : String(value)}`);
  }
  return lines;
}

const COLUMNS: Column<AuditEntry>[] = [
  {
    header: "When",
    cell: (e) => (
      <span className="flex flex-col">
        <span className="font-semibold text-slate-900">{formatDate(e.createdAt)}</span>
        <span className="text-slate-600">{formatTime(e.createdAt)}</span>
      </span>
    ),
  },
  {
    header: "Who",
    cell: (e) =>
      e.actor ? (
        <span className="flex flex-col items-end lg:items-start">
          <span>
            {e.actor.firstName} {e.actor.lastName}
          </span>
          <span className="break-all text-slate-600 lg:break-normal">{e.actor.email}</span>
        </span>
      ) : (
        <span className="text-slate-600">System</span>
      ),
  },
  {
    header: "What",
    cell: (e) => {
      const lines = summarize(e.details);
      return (
        <span className="flex flex-col items-end gap-0.5 lg:items-start">
          <span className="font-medium text-slate-900">{ACTIONS[e.action] ?? e.action}</span>
          <span className="text-slate-600 text-xs">
            {e.targetType}
            {e.targetId ? ` ${e.targetId.slice(0, 8)}` : ""}
          </span>
          {lines.map((line) => (
            <span key={line} className="text-slate-700 text-xs">
              {line}
            </span>
          ))}
        </span>
      );
    },
  },
  {
    header: "Details",
    cell: (e) =>
      e.details === null || e.details === undefined ? (
        <span className="text-slate-400">—</span>
      ) : (
        <details className="max-w-full text-left lg:max-w-xs">
          <summary className="cursor-pointer font-medium text-brand-700">Show record</summary>
          <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-slate-50 p-2 text-xs">
            {JSON.stringify(e.details, null, 2)}
          </pre>
        </details>
      ),
  },
];

export function AdminAuditLogPage() {
  const { page, setPage } = useListParams([] as const);
  const auditQuery = useAuditLog({ page, pageSize: PAGE_SIZE });
  const data = auditQuery.data;

  return (
    <SectionCard
      title="Audit log"
      description="Who changed what and when, newest first. Times are Sydney time."
    >
      <DocumentTitle title="Audit log · Admin" />
      <ListState
        query={auditQuery}
        isEmpty={data?.items.length === 0}
        loadingLabel="Loading the audit log…"
        errorTitle="We couldn't load the audit log"
        empty={{
          icon: <FileClock className="size-6" />,
          title: "Nothing recorded yet",
          description: "Verifications, rejections, compliance changes and cancellations are recorded here.",
        }}
      >
        {data ? (
          <>
            <DataTable caption="Audit log" columns={COLUMNS} rows={data.items} rowKey={(e) => e.id} />
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onPageChange={setPage}
              isFetching={auditQuery.isFetching}
              noun={data.total === 1 ? "entry" : "entries"}
            />
          </>
        ) : null}
      </ListState>
    </SectionCard>
  );
}
