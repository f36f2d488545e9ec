import type { AdminJob, JobRunOutcome } from "@kerb/shared";
import Timer from "lucide-react/icons/timer";
import { type Column, DataTable } from "@/components/ui/data-table";
import { DocumentTitle } from "@/components/ui/document-title";
import { ListState } from "@/components/ui/list-state";
import { SectionCard } from "@/components/ui/section-card";
import { StatusBadge, type StatusStyle } from "@/components/ui/status-badge";
import { formatDateTime } from "@/lib/format";
import { useJobs } from "../api/get-jobs";

const OUTCOME: Record<JobRunOutcome | "never", StatusStyle> = {
  running: { label: "Running", tone: "warning" },
  ok: { label: "OK", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
  never: { label: "Not run yet", tone: "neutral" },
};

/** "Every 5 min", "Every 30 s", or "Off" for a job switched off on this server. */
function everyLabel(seconds: number): string {
  if (seconds === 0) return "Off";
  if (seconds % 3600 === 0) return `Every ${seconds / 3600} h`;
  if (seconds % 60 === 0) return `Every ${seconds / 60} min`;
  return `Every ${seconds} s`;
}

const columns: Column<AdminJob>[] = [
  {
    header: "Job",
    cell: (job) => (
      <span className="flex flex-col gap-1">
        <span className="font-semibold text-slate-900">{job.name}</span>
        <span className="text-slate-600 text-xs">{job.description}</span>
      </span>
    ),
  },
  { header: "Interval", cell: (job) => everyLabel(job.intervalSeconds) },
  {
    header: "Last run",
    cell: (job) => (
      <span className="flex flex-col items-end gap-1 lg:items-start">
        <StatusBadge status={job.lastRun?.outcome ?? "never"} styles={OUTCOME} />
        {job.lastRun ? (
          <span className="text-slate-600 text-xs">Started {formatDateTime(job.lastRun.startedAt)}</span>
        ) : null}
        {job.lastRun?.error ? (
          <span className="max-w-64 text-red-700 text-xs">{job.lastRun.error}</span>
        ) : null}
      </span>
    ),
  },
  {
    header: "Last success",
    cell: (job) => (job.lastRun?.lastSucceededAt ? formatDateTime(job.lastRun.lastSucceededAt) : "—"),
  },
  { header: "Failures", cell: (job) => job.lastRun?.failures ?? 0 },
  {
    header: "Queue",
    cell: (job) =>
      job.queue ? (
        <span className="flex flex-col items-end lg:items-start">
          <span>{job.queue.depth} waiting</span>
          {job.queue.failing > 0 ? (
            <span className="text-amber-700 text-xs">{job.queue.failing} retrying after a failure</span>
          ) : null}
          {job.queue.failed > 0 ? (
            <span className="text-red-700 text-xs">{job.queue.failed} given up</span>
          ) : null}
        </span>
      ) : (
        "—"
      ),
  },
];

export function AdminJobsPage() {
  const jobsQuery = useJobs();
  const jobs = jobsQuery.data?.items;
  return (
    <SectionCard
      title="Jobs"
      description="The work Kerb does in the background, whichever server ran it: when each job last ran and how it went, and what the email and refund queues still hold. The same figures are in the metrics."
    >
      <DocumentTitle title="Jobs · Admin" />
      <ListState
        query={jobsQuery}
        isEmpty={jobs?.length === 0}
        loadingLabel="Loading jobs…"
        errorTitle="We couldn't load the jobs"
        empty={{
          icon: <Timer className="size-6" />,
          title: "No jobs",
          description: "This server runs no background jobs.",
        }}
      >
        {jobs ? (
          <DataTable caption="Background jobs" columns={columns} rows={jobs} rowKey={(job) => job.name} />
        ) : null}
      </ListState>
    </SectionCard>
  );
}
