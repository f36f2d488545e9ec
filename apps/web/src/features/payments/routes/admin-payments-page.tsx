import { type AdminPayment, PAYMENT_PROVIDERS, PAYMENT_STATUSES } from "@kerb/shared";
import { paymentTypeLabels } from "@kerb/shared/words";
import Receipt from "lucide-react/icons/receipt";
import { Button } from "@/components/ui/button";
import { type Column, DataTable } from "@/components/ui/data-table";
import { DocumentTitle } from "@/components/ui/document-title";
import { SelectField } from "@/components/ui/field";
import { ListState } from "@/components/ui/list-state";
import { Pager } from "@/components/ui/pager";
import { SectionCard } from "@/components/ui/section-card";
import { StatusFilter } from "@/components/ui/status-filter";
import { formatDate, formatDollars } from "@/lib/format";
import { pick, useListParams } from "@/lib/list-params";
import { useAdminPayments } from "../api/get-admin-payments";
import { PAYMENT_STATUS, PaymentStatusBadge } from "../components/payment-status-badge";

const PAGE_SIZE = 20;
const PROVIDERS = { demo: "Demo", stripe: "Stripe" } as const;

const COLUMNS: Column<AdminPayment>[] = [
  {
    header: "Invoice",
    cell: (p) => <span className="font-mono font-semibold text-slate-900">{p.invoiceNumber}</span>,
  },
  {
    header: "Customer",
    cell: (p) => (
      <span className="flex flex-col">
        <span>
          {p.user.firstName} {p.user.lastName}
        </span>
        <span className="break-all text-slate-600 lg:break-normal">{p.user.email}</span>
      </span>
    ),
  },
  { header: "Type", cell: (p) => paymentTypeLabels[p.type] ?? p.type },
  {
    header: "Amount",
    align: "right",
    cell: (p) => (
      <span className="flex flex-col items-end">
        <span className="font-semibold text-slate-900">{formatDollars(p.amount)}</span>
        <span className="text-slate-600 text-xs">incl. {formatDollars(p.gst)} GST</span>
        {p.refunded > 0 ? (
          <span className="text-red-700 text-xs">{formatDollars(p.refunded)} refunded</span>
        ) : null}
      </span>
    ),
  },
  { header: "Provider", cell: (p) => PROVIDERS[p.provider] ?? p.provider },
  { header: "Status", cell: (p) => <PaymentStatusBadge status={p.status} /> },
  {
    header: "Date",
    cell: (p) => (
      <span className="flex flex-col items-end lg:items-start">
        <span>{formatDate(p.createdAt)}</span>
        {p.paidAt ? <span className="text-slate-600 text-xs">Paid {formatDate(p.paidAt)}</span> : null}
      </span>
    ),
  },
];

export function AdminPaymentsPage() {
  const { values, page, setFilters, setPage } = useListParams(["status", "provider"] as const);
  const status = pick(values.status, PAYMENT_STATUSES);
  const provider = pick(values.provider, PAYMENT_PROVIDERS);
  const paymentsQuery = useAdminPayments({ status, provider, page, pageSize: PAGE_SIZE });
  const data = paymentsQuery.data;
  const hasFilters = Boolean(status || provider);

  return (
    <SectionCard
      title="Payments"
      description="Card and demo payments, newest first. Amounts are in AUD and include GST."
      filters={
        <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:max-w-xl">
          <StatusFilter
            statuses={PAYMENT_STATUSES}
            styles={PAYMENT_STATUS}
            allLabel="All statuses"
            value={status}
            onChange={(next) => setFilters({ status: next })}
          />
          <SelectField
            label="Provider"
            value={provider ?? ""}
            options={[
              { value: "", label: "All providers" },
              ...PAYMENT_PROVIDERS.map((p) => ({ value: p, label: PROVIDERS[p] })),
            ]}
            onChange={(event) => setFilters({ provider: event.target.value })}
          />
        </div>
      }
    >
      <DocumentTitle title="Payments · Admin" />
      <ListState
        query={paymentsQuery}
        isEmpty={data?.items.length === 0}
        loadingLabel="Loading payments…"
        errorTitle="We couldn't load payments"
        empty={{
          icon: <Receipt className="size-6" />,
          title: "No payments found",
          description: hasFilters
            ? "Nothing matches these filters. Choose another status or provider."
            : "Payments appear here when students buy bundles or book lessons.",
          action: hasFilters ? (
            <Button variant="secondary" onClick={() => setFilters({ status: "", provider: "" })}>
              Clear filters
            </Button>
          ) : undefined,
        }}
      >
        {data ? (
          <>
            <DataTable caption="Payments" columns={COLUMNS} rows={data.items} rowKey={(p) => p.id} />
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onPageChange={setPage}
              isFetching={paymentsQuery.isFetching}
              noun={["payment", "payments"]}
            />
          </>
        ) : null}
      </ListState>
    </SectionCard>
  );
}
