import { zodResolver } from "@hookform/resolvers/zod";
import {
  ADMIN_INSTRUCTOR_SORTS,
  type AdminInstructor,
  type AdminInstructorSort,
  adminInstructorsQuery,
  VERIFICATION_STATUSES,
} from "@kerb/shared";
import { DOCUMENT_EXPIRY_WARNING, vehicleTypeLabels } from "@kerb/shared/words";
import BadgeCheck from "lucide-react/icons/badge-check";
import CalendarClock from "lucide-react/icons/calendar-clock";
import Search from "lucide-react/icons/search";
import UserCheck from "lucide-react/icons/user-check";
import UserX from "lucide-react/icons/user-x";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { type Column, DataTable } from "@/components/ui/data-table";
import { DocumentTitle } from "@/components/ui/document-title";
import { SelectField, TextField } from "@/components/ui/field";
import { ListState } from "@/components/ui/list-state";
import { Pager } from "@/components/ui/pager";
import { SectionCard } from "@/components/ui/section-card";
import { useAdminInstructors } from "@/lib/admin-instructors";
import { formatDate, formatDollars, formatIsoDate } from "@/lib/format";
import { pick, useListParams } from "@/lib/list-params";
import { ComplianceDialog } from "../components/compliance-dialog";
import { RejectInstructorDialog } from "../components/reject-instructor-dialog";
import { VERIFICATION_STATUS, VerificationBadge } from "../components/verification-badge";
import { VerifyInstructorDialog } from "../components/verify-instructor-dialog";

const PAGE_SIZE = 20;

const SORT_LABELS: Record<AdminInstructorSort, string> = {
  applied: "Oldest application first",
  name: "Name (A–Z)",
  expiry: "Earliest expiry first",
  rate: "Highest rate first",
};

// The API's own rule for the search text (trimmed, at most 100 characters, no control characters).
const searchForm = z.object({ search: adminInstructorsQuery.shape.search.unwrap() });
type SearchFormInput = z.input<typeof searchForm>;
type SearchFormValues = z.output<typeof searchForm>;

type Dialog = { kind: "verify" | "reject" | "compliance"; instructor: AdminInstructor } | null;

function ExpiryDate({ date, isExpired }: { date: string | null; isExpired: boolean }) {
  if (!date) return <span className="font-semibold text-red-700">not recorded</span>;
  return isExpired ? (
    <span className="font-semibold text-red-700">{formatIsoDate(date)} (expired)</span>
  ) : (
    <span>{formatIsoDate(date)}</span>
  );
}

export function AdminInstructorsPage() {
  const { values, page, setFilters, setPage } = useListParams([
    "status",
    "search",
    "sort",
    "flagged",
  ] as const);
  const isFlagged = values.flagged === "true";
  // The verification queue is the reason to come here: PENDING unless the admin searches, asks for
  // flagged instructors or picks another status.
  const statusValue = values.status || (values.search || isFlagged ? "ALL" : "PENDING");
  const status = pick(statusValue, VERIFICATION_STATUSES);
  const sort = pick(values.sort, ADMIN_INSTRUCTOR_SORTS) ?? "applied";
  const instructorsQuery = useAdminInstructors({
    status,
    search: values.search || undefined,
    sort: sort === "applied" ? undefined : sort,
    flagged: isFlagged || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const flaggedCount = useAdminInstructors({ flagged: true, page: 1, pageSize: 1 }).data?.total ?? 0;
  const flaggedId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SearchFormInput, unknown, SearchFormValues>({
    resolver: zodResolver(searchForm),
    defaultValues: { search: values.search },
  });
  // Back/forward changes the URL: keep the box in step with it.
  useEffect(() => reset({ search: values.search }), [values.search, reset]);
  const onSearch = handleSubmit(({ search }) => setFilters({ search }));
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
          <span className="break-all text-slate-600 lg:break-normal lg:[overflow-wrap:anywhere]">
            {i.email}
          </span>
          {i.phone ? <span className="whitespace-nowrap text-slate-600">{i.phone}</span> : null}
        </span>
      ),
    },
    {
      header: "Credentials",
      cell: (i) => (
        <span className="flex flex-col items-end lg:items-start">
          <span className="whitespace-nowrap">
            <span className="text-slate-600">Licence </span>
            <span className="font-mono">{i.licenseNumber}</span>
          </span>
          {/* The number reads WWC1234567E: no label needed beside it. */}
          {i.wwcNumber ? (
            <span className="font-mono">{i.wwcNumber}</span>
          ) : (
            <span className="font-semibold text-red-700">WWC number not given</span>
          )}
          <span className="text-slate-600">
            {vehicleTypeLabels[i.vehicleType]} · {formatDollars(i.standardRate)}/hr
          </span>
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
          {i.suspended ? <Badge tone="danger">Suspended</Badge> : null}
          {i.verificationStatus === "VERIFIED" && !i.compliance.isListed ? (
            <Badge tone="danger">Not listed</Badge>
          ) : null}
          {i.verificationStatus === "VERIFIED" && (i.compliance.licenseMissing || i.compliance.wwcMissing) ? (
            <Badge tone="warning">Dates missing</Badge>
          ) : null}
          {i.compliance.expiringSoon ? <Badge tone="warning">Expires soon</Badge> : null}
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
          // Stacked from lg up: three buttons side by side pushed the table past a 1280 px screen.
          <span className="flex flex-wrap gap-2 lg:flex-col lg:items-stretch">
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
        <search>
          <form
            onSubmit={onSearch}
            noValidate
            className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_auto_auto_auto] lg:items-start"
          >
            <TextField
              label="Search instructors"
              type="search"
              placeholder="Name, email or licence number"
              error={errors.search?.message}
              {...register("search")}
            />
            <SelectField
              label="Status"
              value={status ?? "ALL"}
              options={[
                ...VERIFICATION_STATUSES.map((s) => ({ value: s, label: VERIFICATION_STATUS[s].label })),
                { value: "ALL", label: "All instructors" },
              ]}
              onChange={(event) => {
                setNotice(null);
                setFilters({ status: event.target.value });
              }}
              className="lg:w-48"
            />
            <SelectField
              label="Sort by"
              value={sort}
              options={ADMIN_INSTRUCTOR_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
              onChange={(event) =>
                setFilters({ sort: event.target.value === "applied" ? "" : event.target.value })
              }
              className="lg:w-56"
            />
            <Button
              type="submit"
              className="lg:mt-6.5"
              icon={<Search className="size-4" aria-hidden="true" />}
            >
              Search
            </Button>
            <div className="flex min-h-11 items-center gap-3 sm:col-span-2 lg:col-span-4">
              <input
                id={flaggedId}
                type="checkbox"
                checked={isFlagged}
                onChange={(event) => setFilters({ flagged: event.target.checked ? "true" : "" })}
                className="size-5 shrink-0 accent-brand-600"
              />
              <label htmlFor={flaggedId} className="font-medium text-slate-900 text-sm">
                Only instructors whose documents need attention{flaggedCount > 0 ? ` (${flaggedCount})` : ""}
              </label>
            </div>
          </form>
        </search>
      }
    >
      <DocumentTitle title="Instructors · Admin" />
      <div className="flex flex-col gap-4">
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {flaggedCount > 0 && !isFlagged ? (
          <Alert
            tone="warning"
            title={`${flaggedCount} verified ${flaggedCount === 1 ? "instructor has" : "instructors have"} documents needing attention`}
            action={
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setFilters({ flagged: "true", sort: "expiry" })}
              >
                Show them
              </Button>
            }
          >
            A licence or Working With Children check expiry is missing, past or within{" "}
            {DOCUMENT_EXPIRY_WARNING}. Instructors without both dates on record, or with one expired, are not
            listed to students.
          </Alert>
        ) : null}
        <ListState
          query={instructorsQuery}
          isEmpty={data?.items.length === 0}
          loadingLabel="Loading instructors…"
          errorTitle="We couldn't load instructors"
          empty={{
            icon: <UserCheck className="size-6" />,
            title:
              status === "PENDING" && !values.search && !isFlagged
                ? "No instructors waiting for verification"
                : isFlagged
                  ? "No documents need attention"
                  : "No instructors found",
            description:
              status === "PENDING" && !values.search && !isFlagged
                ? "New instructor applications will appear here. Choose another status to see everyone else."
                : isFlagged
                  ? `Every verified instructor has both expiry dates on record, none within ${DOCUMENT_EXPIRY_WARNING}.`
                  : "Nobody matches these filters. Try another name, status or filter.",
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
                noun={["instructor", "instructors"]}
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
