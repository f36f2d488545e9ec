import { type AdminBooking, BOOKING_STATUSES } from "@kerb/shared";
import CalendarClock from "lucide-react/icons/calendar-clock";
import CalendarDays from "lucide-react/icons/calendar-days";
import CalendarX from "lucide-react/icons/calendar-x";
import Scale from "lucide-react/icons/scale";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { type Column, DataTable } from "@/components/ui/data-table";
import { DocumentTitle } from "@/components/ui/document-title";
import { SelectField, TextField } from "@/components/ui/field";
import { ListState } from "@/components/ui/list-state";
import { Pager } from "@/components/ui/pager";
import { PoolHoursBadge } from "@/components/ui/pool-hours-badge";
import { SectionCard } from "@/components/ui/section-card";
import { BOOKING_STATUS, BookingStatusBadge } from "@/components/ui/status-badge";
import { StatusFilter } from "@/components/ui/status-filter";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { useAdminInstructors } from "@/lib/admin-instructors";
import { formatDate, formatDollars, formatTimeRange } from "@/lib/format";
import { pick, useListParams } from "@/lib/list-params";
import { useAdminBookings } from "../api/get-admin-bookings";
import { AdminCancelDialog } from "../components/admin-cancel-dialog";
import { NoShowDisputeDialog } from "../components/no-show-dispute-dialog";
import { ProposeMoveDialog } from "../components/propose-move-dialog";
import { TestPackLabel } from "../components/test-pack-label";
import { canProposeMove, lessonTimeWords } from "../utils/lesson-timing";

const PAGE_SIZE = 20;

/** Who cancelled a lesson, as the admin reads it (bookings.cancelled_by). */
const CANCELLED_BY: Record<NonNullable<AdminBooking["cancelledBy"]>, string> = {
  STUDENT: "the student",
  INSTRUCTOR: "the instructor",
  ADMIN: "an admin",
};
/** A no-show an admin can still settle: not settled, and its dispute window still open. */
const isDisputeOpen = (b: AdminBooking, now: number) =>
  b.noShowDispute !== null &&
  b.noShowDispute.resolution === null &&
  new Date(b.noShowDispute.closesAt).getTime() >= now;

/** Under a no-show's status: until when it can be disputed, or how it was settled. */
function NoShowDisputeNote({ booking, now }: { booking: AdminBooking; now: number }) {
  const dispute = booking.noShowDispute;
  if (!dispute) return null;
  const text =
    dispute.resolution === "REFUND"
      ? `Dispute upheld: ${booking.refund ? `${formatDollars(booking.refund)} refunded` : "credit returned"}`
      : dispute.resolution === "KEEP"
        ? "Dispute settled: kept"
        : isDisputeOpen(booking, now)
          ? `Disputable until ${formatDate(dispute.closesAt)}`
          : "Dispute window closed";
  return <span className="whitespace-nowrap text-slate-700 text-xs">{text}</span>;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f-]{36}$/i;

export function AdminBookingsPage() {
  const { values, page, setFilters, setPage } = useListParams([
    "status",
    "from",
    "to",
    "instructorId",
  ] as const);
  const status = pick(values.status, BOOKING_STATUSES);
  const from = ISO_DATE.test(values.from) ? values.from : undefined;
  const to = ISO_DATE.test(values.to) ? values.to : undefined;
  const instructorId = UUID.test(values.instructorId) ? values.instructorId : undefined;
  const isRangeInvalid = Boolean(from && to && from > to);

  const bookingsQuery = useAdminBookings({
    status,
    from,
    to: isRangeInvalid ? undefined : to,
    instructorId,
    page,
    pageSize: PAGE_SIZE,
  });
  const instructorsQuery = useAdminInstructors({ page: 1, pageSize: 100 });
  const data = bookingsQuery.data;
  const [cancelling, setCancelling] = useState<AdminBooking | null>(null);
  const [disputing, setDisputing] = useState<AdminBooking | null>(null);
  const [proposing, setProposing] = useState<AdminBooking | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const now = Date.now();
  const hasFilters = Boolean(status || from || to || instructorId);

  const columns: Column<AdminBooking>[] = [
    {
      header: "Lesson",
      cell: (b) => (
        <span className="flex flex-col">
          <span className="font-semibold text-slate-900">{formatDate(b.startTime)}</span>
          <span className="text-slate-600">{formatTimeRange(b.startTime, b.endTime)}</span>
          <TestPackLabel pack={b.testPack} className="mt-1" />
        </span>
      ),
    },
    {
      header: "Student",
      cell: (b) => (
        <span className="flex flex-col">
          <span>
            {b.student.firstName} {b.student.lastName}
          </span>
          <span className="break-all text-slate-600 lg:break-normal lg:[overflow-wrap:anywhere]">
            {b.student.email}
          </span>
        </span>
      ),
    },
    { header: "Instructor", cell: (b) => `${b.instructor.firstName} ${b.instructor.lastName}` },
    { header: "Suburb", cell: (b) => b.suburb },
    {
      header: "Price",
      align: "right",
      cell: (b) => (
        <span className="flex flex-col items-end gap-1">
          <span>{formatDollars(b.price)}</span>
          {b.isPoolHours ? <PoolHoursBadge /> : null}
        </span>
      ),
    },
    {
      header: "Status",
      cell: (b) => (
        <span className="flex flex-col items-end gap-1 lg:items-start">
          <BookingStatusBadge status={b.status} />
          {b.status === "CANCELLED" && b.cancelledBy ? (
            <span className="whitespace-nowrap text-slate-700 text-xs">
              by {CANCELLED_BY[b.cancelledBy]}
              {b.cancelledAt ? ` on ${formatDate(b.cancelledAt)}` : ""}
            </span>
          ) : null}
          {b.status === "CANCELLED" && b.refund !== null && b.refund > 0 ? (
            <span className="text-slate-600 text-xs">{formatDollars(b.refund)} refunded</span>
          ) : null}
          {b.noShowDispute ? <NoShowDisputeNote booking={b} now={now} /> : null}
          {b.moveProposal ? (
            <span className="text-slate-700 text-xs">
              New time proposed by {b.moveProposal.proposedBy === "ADMIN" ? "Kerb" : "the instructor"}:{" "}
              {lessonTimeWords(b.moveProposal)}, waiting for the student
            </span>
          ) : null}
          {/* The learner and instructor's conversation, for a dispute (reading it is audited). */}
          <TextLink
            to={paths.admin.messages({ studentId: b.student.id, instructorId: b.instructor.id })}
            aria-label={`Messages between ${b.student.firstName} ${b.student.lastName} and ${b.instructor.firstName} ${b.instructor.lastName}`}
            className="text-sm"
          >
            Messages
          </TextLink>
        </span>
      ),
    },
    {
      header: "Actions",
      isActions: true,
      cell: (b) =>
        isDisputeOpen(b, now) ? (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Settle no-show dispute for ${b.student.firstName} ${b.student.lastName} on ${formatDate(b.startTime)}`}
            icon={<Scale className="size-4" aria-hidden="true" />}
            onClick={() => {
              setNotice(null);
              setDisputing(b);
            }}
          >
            Settle dispute
          </Button>
        ) : b.status === "SCHEDULED" && new Date(b.startTime).getTime() > now ? (
          <span className="flex flex-wrap justify-end gap-2">
            {canProposeMove(b, now) && !b.testPack ? (
              <Button
                size="sm"
                variant="outline"
                aria-label={`Propose a new time for ${b.student.firstName} ${b.student.lastName}'s lesson on ${formatDate(b.startTime)}`}
                icon={<CalendarClock className="size-4" aria-hidden="true" />}
                onClick={() => {
                  setNotice(null);
                  setProposing(b);
                }}
              >
                Propose time
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="outline"
              className="text-red-800"
              aria-label={`Cancel booking for ${b.student.firstName} ${b.student.lastName} on ${formatDate(b.startTime)}`}
              icon={<CalendarX className="size-4" aria-hidden="true" />}
              onClick={() => {
                setNotice(null);
                setCancelling(b);
              }}
            >
              Cancel
            </Button>
          </span>
        ) : null,
    },
  ];

  return (
    <SectionCard
      title="Bookings"
      description="Every lesson, latest first. Dates are Sydney dates of the lesson start. Cancelling refunds the student in full."
      filters={
        <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4">
          <StatusFilter
            statuses={BOOKING_STATUSES}
            styles={BOOKING_STATUS}
            allLabel="All statuses"
            value={status}
            onChange={(next) => setFilters({ status: next })}
          />
          <SelectField
            label="Instructor"
            value={instructorId ?? ""}
            options={[
              { value: "", label: instructorsQuery.isPending ? "Loading instructors…" : "All instructors" },
              ...(instructorsQuery.data?.items ?? []).map((i) => ({
                value: i.id,
                label: `${i.firstName} ${i.lastName}`,
              })),
            ]}
            onChange={(event) => setFilters({ instructorId: event.target.value })}
          />
          <TextField
            label="From date"
            type="date"
            value={values.from}
            max={to}
            onChange={(event) => setFilters({ from: event.target.value })}
          />
          <TextField
            label="To date"
            type="date"
            value={values.to}
            min={from}
            error={isRangeInvalid ? "To date must be on or after the from date" : undefined}
            onChange={(event) => setFilters({ to: event.target.value })}
          />
        </div>
      }
    >
      <DocumentTitle title="Bookings · Admin" />
      <div className="flex flex-col gap-4">
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        <ListState
          query={bookingsQuery}
          isEmpty={data?.items.length === 0}
          loadingLabel="Loading bookings…"
          errorTitle="We couldn't load bookings"
          empty={{
            icon: <CalendarDays className="size-6" />,
            title: "No bookings found",
            description: hasFilters
              ? "Nothing matches these filters. Widen the dates or choose another status."
              : "Bookings appear here as soon as students book.",
            action: hasFilters ? (
              <Button
                variant="secondary"
                onClick={() => setFilters({ status: "", from: "", to: "", instructorId: "" })}
              >
                Clear filters
              </Button>
            ) : undefined,
          }}
        >
          {data ? (
            <>
              <DataTable caption="Bookings" columns={columns} rows={data.items} rowKey={(b) => b.id} />
              <Pager
                page={page}
                pageSize={PAGE_SIZE}
                total={data.total}
                onPageChange={setPage}
                isFetching={bookingsQuery.isFetching}
                noun={["booking", "bookings"]}
              />
            </>
          ) : null}
        </ListState>
      </div>
      <AdminCancelDialog booking={cancelling} onClose={() => setCancelling(null)} onCancelled={setNotice} />
      <NoShowDisputeDialog booking={disputing} onClose={() => setDisputing(null)} onResolved={setNotice} />
      {proposing ? (
        <ProposeMoveDialog
          lesson={proposing}
          proposer="admin"
          isOpen
          onOpenChange={(open) => {
            if (!open) setProposing(null);
          }}
          onProposed={setNotice}
        />
      ) : null}
    </SectionCard>
  );
}
