import { zodResolver } from "@hookform/resolvers/zod";
import { type AuditEntry, auditLogQuery } from "@kerb/shared";
import { type AuditAction, auditActionFamilies, auditActionLabels } from "@kerb/shared/words";
import FileClock from "lucide-react/icons/file-clock";
import Search from "lucide-react/icons/search";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { type Column, DataTable } from "@/components/ui/data-table";
import { DocumentTitle } from "@/components/ui/document-title";
import { SelectField, TextField } from "@/components/ui/field";
import { ListState } from "@/components/ui/list-state";
import { Pager } from "@/components/ui/pager";
import { SectionCard } from "@/components/ui/section-card";
import { formatDate, formatTime } from "@/lib/format";
import { useListParams } from "@/lib/list-params";
import { useAuditLog } from "../api/get-audit-log";
import { describeAuditEntry } from "../utils/describe-audit-entry";

const PAGE_SIZE = 25;

/** An action's words; one this build does not know (a newer server's) reads as its name. */
const actionLabel = (action: string) =>
  Object.hasOwn(auditActionLabels, action) ? auditActionLabels[action as AuditAction] : action;

/** The action filter: families first (every action starting with it), then single actions. */
const ACTION_FILTERS = [
  { value: "", label: "All actions" },
  ...auditActionFamilies.map(({ prefix, label }) => ({ value: prefix, label })),
  ...Object.entries(auditActionLabels).map(([value, label]) => ({ value, label })),
];

// The API's own rules for the filters; the dates are the inputs' YYYY-MM-DD.
const filterForm = z
  .object({
    actor: auditLogQuery.shape.actor.unwrap(),
    from: z.union([z.literal(""), auditLogQuery.shape.from.unwrap()]),
    to: z.union([z.literal(""), auditLogQuery.shape.to.unwrap()]),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: "From must be on or before To",
    path: ["to"],
  });
type FilterFormInput = z.input<typeof filterForm>;
type FilterFormValues = z.output<typeof filterForm>;

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
          <span className="break-all text-slate-600 lg:break-normal lg:[overflow-wrap:anywhere]">
            {e.actor.email}
          </span>
        </span>
      ) : (
        <span className="text-slate-600">System</span>
      ),
  },
  {
    header: "What",
    cell: (e) => {
      const lines = describeAuditEntry(e.action, e.details);
      return (
        <span className="flex flex-col items-end gap-0.5 lg:items-start">
          <span className="font-medium text-slate-900">{actionLabel(e.action)}</span>
          <span className="text-slate-600 text-xs">
            {e.targetType}
            {e.targetId ? ` ${e.targetId.slice(0, 8)}` : ""}
          </span>
          {lines.map((line) => (
            <span key={line} className="text-slate-700 text-xs [overflow-wrap:anywhere]">
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
  const { values, page, setFilters, setPage } = useListParams(["actor", "action", "from", "to"] as const);
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors },
  } = useForm<FilterFormInput, unknown, FilterFormValues>({
    resolver: zodResolver(filterForm),
    defaultValues: { actor: values.actor, from: values.from, to: values.to },
  });
  // Back/forward changes the URL: keep the fields in step with it.
  useEffect(
    () => reset({ actor: values.actor, from: values.from, to: values.to }),
    [values.actor, values.from, values.to, reset],
  );
  const onFilter = handleSubmit((filters) => setFilters(filters));
  const action = ACTION_FILTERS.some((a) => a.value === values.action) ? values.action : "";
  const auditQuery = useAuditLog({
    actor: values.actor || undefined,
    action: action || undefined,
    from: values.from || undefined,
    to: values.to || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const data = auditQuery.data;
  const hasFilters = Boolean(values.actor || action || values.from || values.to);

  return (
    <SectionCard
      title="Audit log"
      description="Who changed what and when, newest first, with the values before and after. Times are Sydney time."
      filters={
        <search>
          <form
            onSubmit={onFilter}
            noValidate
            className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-start"
          >
            <TextField
              label="Who"
              type="search"
              placeholder="Name or email"
              error={errors.actor?.message}
              {...register("actor")}
            />
            <SelectField
              label="Action"
              value={action}
              options={ACTION_FILTERS}
              onChange={(event) => setFilters({ ...getValues(), action: event.target.value })}
            />
            <TextField label="From" type="date" error={errors.from?.message} {...register("from")} />
            <TextField label="To" type="date" error={errors.to?.message} {...register("to")} />
            <Button
              type="submit"
              className="lg:mt-6.5"
              icon={<Search className="size-4" aria-hidden="true" />}
            >
              Filter
            </Button>
          </form>
        </search>
      }
    >
      <DocumentTitle title="Audit log · Admin" />
      <ListState
        query={auditQuery}
        isEmpty={data?.items.length === 0}
        loadingLabel="Loading the audit log…"
        errorTitle="We couldn't load the audit log"
        empty={{
          icon: <FileClock className="size-6" />,
          title: hasFilters ? "No entries match these filters" : "Nothing recorded yet",
          description: hasFilters
            ? "Try another name, action or date range."
            : "Verifications, lesson outcomes, cancellations, refunds, rates, hours and overrides are recorded here.",
          action: hasFilters ? (
            <Button
              variant="secondary"
              onClick={() => {
                reset({ actor: "", from: "", to: "" });
                setFilters({ actor: "", action: "", from: "", to: "" });
              }}
            >
              Clear filters
            </Button>
          ) : undefined,
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
              noun={["entry", "entries"]}
            />
          </>
        ) : null}
      </ListState>
    </SectionCard>
  );
}
