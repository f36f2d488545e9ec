import { type AdminInstructor, VERIFICATION_STATUSES } from "@kerb/shared";
import { BadgeCheck, CalendarClock, UserCheck, UserX } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DocumentTitle } from "@/components/ui/document-title";
import { SelectField } from "@/components/ui/field";
import { Pager } from "@/components/ui/pager";
import { formatDate, formatDollars, formatIsoDate } from "@/lib/format";
import { useAdminInstructors } from "../api/get-admin-instructors";
import { ComplianceDialog } from "../components/compliance-dialog";
import { type Column, DataTable } from "../components/data-table";
import { ListState } from "../components/list-state";
import { RejectInstructorDialog } from "../components/reject-instructor-dialog";
import { SectionCard } from "../components/section-card";
import { VERIFICATION_STATUS, VerificationBadge } from "../components/status-badges";
import { VerifyInstructorDialog } from "../components/verify-instructor-dialog";
import { pick, useListParams } from "../utils/search-params";

const PAGE_SIZE = 20;
const VEHICLES = { AUTOMATIC: "Automatic", MANUAL: "Manual", BOTH: "Auto and manual" } as const;

type Dialog = { kind: "verify" | "reject" | "compliance"; instructor: AdminInstructor } | null;

function ExpiryDate({ date, isExpired }: { date: string | null; isExpired: boolean }) {
  if (!date) return <span className="text-slate-500">not recorded</span>;
  return isExpired ? (
    <span className="font-semibold text-red-700">{formatIsoDate(date)} (expired)</span>
  ) : (
    <span>{formatIsoDate(date)}</span>
  );
}

export function AdminInstructorsPage() {
  const { values, page, setFilters, setPage } = useListParams(["status"] as const);
  // The verification queue is the reason to come here: PENDING unless another filter is chosen.
  const statusValue = values.status || "PENDING";
  const status = pick(statusValue, VERIFICATION_STATUSES);
  const instructorsQuery = useAdminInstructors({ status, page, pageSize: PAGE_SIZE });
  const data = instructorsQuery.data;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const open = (kind: NonNullable<Dialog>["kind"], instructor: AdminInstructor) => {
    setNotice(null);
    setDialog({ kind, instructor });
  };

  const columns: Column<AdminInstructor>[] = [
    {
      header: "Instructor",
      cell: (i) => (
        <span className="flex flex-col">
          <span className="font-semibold text-slate-900">
            {i.firstName} {i.lastName}
          </span>
          <span className="break-all text-slate-600 lg:break-normal">{i.email}</span>
          {i.phone ? <span className="text-slate-600">{i.phone}</span> : null}
        </span>
      ),
    },
    {
      header: "Licence",
      cell: (i) => (
        <span className="flex flex-col items-end lg:items-start">
          <span className="font-mono">{i.licenseNumber}</span>
          <span className="text-slate-600">{VEHICLES[i.vehicleType]}</span>
          <span className="text-slate-600">{formatDollars(i.standardRate)}/hr</span>
        </span>
      ),
    },
    {
      header: "Service areas",
      cell: (i) => (
        <span title={i.suburbs.join(", ")}>
          {i.suburbs.length <= 3
            ? i.suburbs.join(", ")
            : `${i.suburbs.slice(0, 3).join(", ")} +${i.suburbs.length - 3}`}
        </span>
      ),
    },
    {
      header: "Status",
      cell: (i) => (
        <span className="flex flex-col items-end gap-1 lg:items-start">
          <VerificationBadge status={i.verificationStatus} />
          {i.verificationStatus === "VERIFIED" && !i.compliance.isListed ? (
            <Badge tone="danger">Not listed</Badge>
          ) : null}
          <span className="whitespace-nowrap text-slate-600 text-xs">Applied {formatDate(i.createdAt)}</span>
        </span>
      ),
    },
    {
      header: "Expiry dates",
      cell: (i) => (
        <span className="flex flex-col items-end lg:items-start lg:whitespace-nowrap">
          <span>
            <span className="text-slate-600">Licence: </span>
            <ExpiryDate date={i.licenseExpiresOn} isExpired={i.compliance.licenseExpired} />
          </span>
          <span>
            <span className="text-slate-600">WWC: </span>
            <ExpiryDate date={i.wwcExpiresOn} isExpired={i.compliance.wwcExpired} />
          </span>
        </span>
      ),
    },
    {
      header: "Actions",
      isActions: true,
      cell: (i) => {
        const name = `${i.firstName} ${i.lastName}`;
        return (
          <span className="flex flex-wrap gap-2 lg:flex-nowrap lg:justify-end">
            {i.verificationStatus !== "VERIFIED" ? (
              <Button
                size="sm"
                aria-label={`Verify ${name}`}
                onClick={() => open("verify", i)}
                icon={<BadgeCheck className="size-4" aria-hidden="true" />}
              >
                Verify
              </Button>
            ) : null}
            {i.verificationStatus !== "REJECTED" ? (
              <Button
                size="sm"
                variant="outline"
                aria-label={`Reject ${name}`}
                onClick={() => open("reject", i)}
                icon={<UserX className="size-4" aria-hidden="true" />}
              >
                Reject
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Edit compliance dates for ${name}`}
              onClick={() => open("compliance", i)}
              icon={<CalendarClock className="size-4" aria-hidden="true" />}
            >
              Dates
            </Button>
          </span>
        );
      },
    },
  ];

  return (
    <SectionCard
      title="Instructors"
      description="Check licences before verifying: only verified instructors with current licence and WWC dates are listed for students."
      filters={
        <SelectField
          label="Status"
          value={statusValue === "ALL" ? "ALL" : (status ?? "PENDING")}
          options={[
            ...VERIFICATION_STATUSES.map((s) => ({ value: s, label: VERIFICATION_STATUS[s].label })),
            { value: "ALL", label: "All instructors" },
          ]}
          onChange={(event) => {
            setNotice(null);
            setFilters({ status: event.target.value === "PENDING" ? "" : event.target.value });
          }}
          className="sm:w-56"
        />
      }
    >
      <DocumentTitle title="Instructors · Admin" />
      <div className="flex flex-col gap-4">
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        <ListState
          query={instructorsQuery}
          isEmpty={data?.items.length === 0}
          loadingLabel="Loading instructors…"
          errorTitle="We couldn't load instructors"
          empty={{
            icon: <UserCheck className="size-6" />,
            title: status === "PENDING" ? "No instructors waiting for verification" : "No instructors found",
            description:
              status === "PENDING"
                ? "New instructor applications will appear here. Choose another status to see everyone else."
                : "Nobody matches this status. Try another filter.",
          }}
        >
          {data ? (
            <>
              <DataTable caption="Instructors" columns={columns} rows={data.items} rowKey={(i) => i.id} />
              <Pager
                page={page}
                pageSize={PAGE_SIZE}
                total={data.total}
                onPageChange={setPage}
                isFetching={instructorsQuery.isFetching}
                noun={data.total === 1 ? "instructor" : "instructors"}
              />
            </>
          ) : null}
        </ListState>
      </div>
      <VerifyInstructorDialog
        instructor={dialog?.kind === "verify" ? dialog.instructor : null}
        onClose={() => setDialog(null)}
        onVerified={setNotice}
      />
      <RejectInstructorDialog
        instructor={dialog?.kind === "reject" ? dialog.instructor : null}
        onClose={() => setDialog(null)}
        onRejected={setNotice}
      />
      <ComplianceDialog
        instructor={dialog?.kind === "compliance" ? dialog.instructor : null}
        onClose={() => setDialog(null)}
        onSaved={setNotice}
      />
    </SectionCard>
  );
}
