import type { AdminPassPromiseClaim } from "@kerb/shared";
import { PASS_PROMISE_MIN_LESSONS } from "@kerb/shared";
import GraduationCap from "lucide-react/icons/graduation-cap";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { type Column, DataTable } from "@/components/ui/data-table";
import { DocumentTitle } from "@/components/ui/document-title";
import { ListState } from "@/components/ui/list-state";
import { Pager } from "@/components/ui/pager";
import { ReasonField } from "@/components/ui/reason-field";
import { SectionCard } from "@/components/ui/section-card";
import { errorMessage } from "@/lib/api-error";
import { formatDate, formatDateTime, formatTime } from "@/lib/format";
import { useAdminPassPromiseClaims, useDecidePassPromiseClaim } from "../api/pass-promise-claims";

const STATUS_TONES = { PENDING: "warning", APPROVED: "success", DECLINED: "neutral" } as const;
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/**
 * /admin/pass-promise (issue 33): learners who failed a test taken with a Kerb pack claim a free second
 * pack; the admin reads the recorded outcome and the lessons counted, then approves (a pack credit is
 * issued) or declines with a reason the learner reads.
 */
export function AdminPassPromisePage() {
  const [page, setPage] = useState(1);
  const query = useAdminPassPromiseClaims(page);
  const decide = useDecidePassPromiseClaim();
  const [declining, setDeclining] = useState<AdminPassPromiseClaim | null>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);

  const closeDecline = () => {
    setDeclining(null);
    setReason("");
    setReasonError(null);
  };
  const confirmDecline = () => {
    if (!declining) return;
    if (!reason.trim()) {
      setReasonError("Say why the claim is declined");
      return;
    }
    decide.mutate(
      { id: declining.id, decision: "decline", note: reason.trim() },
      { onSuccess: closeDecline },
    );
  };

  const columns: Column<AdminPassPromiseClaim>[] = [
    {
      header: "Learner",
      cell: (c) => (
        <span className="flex flex-col">
          <span className="font-semibold text-slate-900">{fullName(c.student)}</span>
          <span className="break-all text-slate-600">{c.student.email}</span>
        </span>
      ),
    },
    {
      header: "Test",
      cell: (c) => (
        <span className="flex flex-col text-slate-700">
          <span>
            {formatDate(c.testPack.testAt)} at {formatTime(c.testPack.testAt)}, {c.testPack.centre.name}
          </span>
          <span className="text-slate-600">
            {fullName(c.instructor)}: {c.testPack.outcome === "FAILED" ? "not passed" : c.testPack.outcome}
            {c.testPack.note ? ` (“${c.testPack.note}”)` : ""}
          </span>
        </span>
      ),
    },
    {
      header: "Lessons",
      cell: (c) => (
        <span className={c.completedLessons < PASS_PROMISE_MIN_LESSONS ? "text-red-800" : "text-slate-700"}>
          {c.completedLessons} completed
        </span>
      ),
    },
    {
      header: "Claim",
      cell: (c) =>
        c.status === "PENDING" ? (
          <span className="flex flex-wrap gap-2">
            <Button
              size="sm"
              isLoading={
                decide.isPending && decide.variables?.id === c.id && decide.variables.decision === "approve"
              }
              onClick={() => decide.mutate({ id: c.id, decision: "approve" })}
            >
              Approve
            </Button>
            <Button size="sm" variant="outline" onClick={() => setDeclining(c)}>
              Decline
            </Button>
          </span>
        ) : (
          <span className="flex flex-col gap-1">
            <Badge tone={STATUS_TONES[c.status]}>{c.status === "APPROVED" ? "Approved" : "Declined"}</Badge>
            <span className="text-slate-600 text-xs">
              {c.decidedAt ? formatDateTime(c.decidedAt) : null}
              {c.decidedBy ? ` by ${fullName(c.decidedBy)}` : null}
            </span>
          </span>
        ),
    },
  ];

  return (
    <SectionCard
      title="Pass promise"
      description={`A learner with at least ${PASS_PROMISE_MIN_LESSONS} lessons and a test package on Kerb who did not pass may claim a free second package, once. Approving issues a test-package credit.`}
    >
      <DocumentTitle title="Pass promise" />
      {decide.isError && !declining ? (
        <Alert tone="error" title="The claim was not decided">
          {errorMessage(decide.error, "Please try again.")}
        </Alert>
      ) : null}
      <ListState
        query={query}
        isEmpty={query.data?.items.length === 0}
        loadingLabel="Loading claims…"
        errorTitle="We couldn't load the claims"
        empty={{
          icon: <GraduationCap className="size-6" />,
          title: "No claims yet",
          description: "When a learner claims a free second test package, the claim waits here for you.",
        }}
      >
        {query.data ? (
          <>
            <DataTable
              caption="Pass-promise claims"
              columns={columns}
              rows={query.data.items}
              rowKey={(c) => c.id}
            />
            <Pager
              page={page}
              pageSize={query.data.pageSize}
              total={query.data.total}
              onPageChange={setPage}
              isFetching={query.isFetching}
              noun={["claim", "claims"]}
            />
          </>
        ) : null}
      </ListState>
      <ConfirmDialog
        isOpen={declining !== null}
        onOpenChange={(open) => (open ? undefined : closeDecline())}
        title="Decline this claim?"
        description={declining ? `${fullName(declining.student)} reads your reason.` : undefined}
        confirmLabel="Decline claim"
        confirmVariant="danger"
        onConfirm={confirmDecline}
        isPending={decide.isPending}
      >
        <ReasonField value={reason} onChange={setReason} error={reasonError} hint="Shown to the learner." />
        {decide.isError ? (
          <Alert tone="error">{errorMessage(decide.error, "Please try again.")}</Alert>
        ) : null}
      </ConfirmDialog>
    </SectionCard>
  );
}
