import type { ComplianceFollowUpLesson } from "@kerb/shared";
import { unlistedReasonText } from "@kerb/shared/rules";
import { DOCUMENT_EXPIRY_WARNING } from "@kerb/shared/words";
import ShieldCheck from "lucide-react/icons/shield-check";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { type Column, DataTable } from "@/components/ui/data-table";
import { DocumentTitle } from "@/components/ui/document-title";
import { ListState } from "@/components/ui/list-state";
import { Pager } from "@/components/ui/pager";
import { SectionCard } from "@/components/ui/section-card";
import { paths } from "@/config/paths";
import { AdminCancelDialog } from "@/features/lessons";
import { useAdminInstructors } from "@/lib/admin-instructors";
import { formatDate, formatDateTime, formatDollars, formatIsoDate, formatTimeRange } from "@/lib/format";
import { useListParams } from "@/lib/list-params";
import { useComplianceFollowUp } from "../api/get-compliance-follow-up";
import { HeldLessonsSection } from "../components/held-lessons-section";

const PAGE_SIZE = 20;
const PAID_WITH = { CARD: "Card", BUNDLE: "Bundle credit" } as const;

const reasonLabel = (reason: ComplianceFollowUpLesson["reasons"][number]) => {
  const text = unlistedReasonText(reason);
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * Compliance follow-up: lessons still to come whose instructor may not teach them (delisted, a document
 * expired or not on record). The student has been emailed and may cancel with a full refund; from here
 * the operator cancels on their behalf, or records renewed dates on the Instructors page. Below it, the
 * held lessons: taught while the instructor was not allowed to teach, each waiting to be paid or refunded.
 */
export function AdminCompliancePage() {
  const { page, setPage } = useListParams([] as const);
  const followUpQuery = useComplianceFollowUp({ page, pageSize: PAGE_SIZE });
  // One row is enough: only the count of flagged instructors is shown here.
  const flaggedQuery = useAdminInstructors({ flagged: true, page: 1, pageSize: 1 });
  const flagged = flaggedQuery.data?.total ?? 0;
  const data = followUpQuery.data;
  const [cancelling, setCancelling] = useState<ComplianceFollowUpLesson | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const columns: Column<ComplianceFollowUpLesson>[] = [
    {
      header: "Lesson",
      cell: (l) => (
        <span className="flex flex-col">
          <span className="font-semibold text-slate-900">{formatDate(l.startTime)}</span>
          <span className="text-slate-600">
            {formatTimeRange(l.startTime, l.endTime)} · {l.suburb}
          </span>
        </span>
      ),
    },
    {
      header: "Instructor",
      cell: (l) => (
        <span className="flex flex-col items-end gap-1 lg:items-start">
          <span className="font-medium text-slate-900">
            {l.instructor.firstName} {l.instructor.lastName}
          </span>
          {l.reasons.map((reason) => (
            <Badge key={reason} tone="danger">
              {reasonLabel(reason)}
            </Badge>
          ))}
          <span className="text-slate-600 text-xs">
            Licence{" "}
            {l.instructor.licenseExpiresOn ? formatIsoDate(l.instructor.licenseExpiresOn) : "not recorded"} ·
            WWC {l.instructor.wwcExpiresOn ? formatIsoDate(l.instructor.wwcExpiresOn) : "not recorded"}
          </span>
        </span>
      ),
    },
    {
      header: "Student",
      cell: (l) => (
        <span className="flex flex-col items-end lg:items-start">
          <span className="font-medium text-slate-900">
            {l.student.firstName} {l.student.lastName}
          </span>
          <span className="break-all text-slate-600 lg:break-normal">{l.student.email}</span>
        </span>
      ),
    },
    {
      header: "Paid",
      cell: (l) => (
        <span className="flex flex-col items-end lg:items-start">
          <span>{formatDollars(l.price)}</span>
          <span className="text-slate-600">{l.paidWith ? PAID_WITH[l.paidWith] : "Not paid"}</span>
        </span>
      ),
    },
    {
      header: "Student told",
      cell: (l) =>
        l.studentNotifiedAt ? (
          <span>Emailed {formatDateTime(l.studentNotifiedAt)}</span>
        ) : (
          <span className="text-slate-600">Not emailed: record the dates or contact them</span>
        ),
    },
    {
      header: "Actions",
      isActions: true,
      cell: (l) => (
        <Button
          size="sm"
          variant="outline"
          aria-label={`Cancel ${l.student.firstName} ${l.student.lastName}'s lesson on ${formatDate(l.startTime)} with a full refund`}
          onClick={() => {
            setNotice(null);
            setCancelling(l);
          }}
        >
          Cancel with full refund
        </Button>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <SectionCard
        title="Compliance follow-up"
        description="Lessons still to come whose instructor may not teach them. Students are emailed once and can cancel with a full refund or move to another instructor; you can cancel for them here."
      >
        <DocumentTitle title="Compliance · Admin" />
        <div className="flex flex-col gap-4">
          {flagged > 0 ? (
            <Alert
              tone="warning"
              title={`${flagged} ${flagged === 1 ? "instructor needs" : "instructors need"} their documents checked`}
              action={
                <ButtonLink
                  size="sm"
                  variant="secondary"
                  to={`${paths.admin.instructors()}?flagged=true&sort=expiry`}
                >
                  Review instructors
                </ButtonLink>
              }
            >
              A licence or Working With Children check expiry is missing, past or within{" "}
              {DOCUMENT_EXPIRY_WARNING}. Without both dates on record an instructor is not listed.
            </Alert>
          ) : null}
          {notice ? <Alert tone="success">{notice}</Alert> : null}
          <ListState
            query={followUpQuery}
            isEmpty={data?.items.length === 0}
            loadingLabel="Loading lessons to follow up…"
            errorTitle="We couldn't load the follow-up list"
            empty={{
              icon: <ShieldCheck className="size-6" />,
              title: "Nothing to follow up",
              description:
                "Every lesson still to come is with an instructor who is verified and has current documents.",
            }}
          >
            {data ? (
              <>
                <DataTable
                  caption="Lessons to follow up"
                  columns={columns}
                  rows={data.items}
                  rowKey={(l) => l.id}
                />
                <Pager
                  page={page}
                  pageSize={PAGE_SIZE}
                  total={data.total}
                  onPageChange={setPage}
                  isFetching={followUpQuery.isFetching}
                  noun={["lesson", "lessons"]}
                />
              </>
            ) : null}
          </ListState>
        </div>
        <AdminCancelDialog booking={cancelling} onClose={() => setCancelling(null)} onCancelled={setNotice} />
      </SectionCard>
      <HeldLessonsSection />
    </div>
  );
}
