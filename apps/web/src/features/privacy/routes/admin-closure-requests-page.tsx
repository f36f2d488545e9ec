import type { AdminClosureRequests } from "@kerb/shared";
import UserX from "lucide-react/icons/user-x";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { type Column, DataTable } from "@/components/ui/data-table";
import { DocumentTitle } from "@/components/ui/document-title";
import { ListState } from "@/components/ui/list-state";
import { SectionCard } from "@/components/ui/section-card";
import { errorMessage } from "@/lib/api-error";
import { formatDateTime } from "@/lib/format";
import { useClosureRequests, useCompleteClosure } from "../api/privacy";

/** /admin/closure-requests: accounts their owners asked to close; completing one anonymises it. */
export function AdminClosureRequestsPage() {
  const query = useClosureRequests();
  const complete = useCompleteClosure();

  const columns: Column<AdminClosureRequests["requests"][number]>[] = [
    {
      header: "Account",
      cell: (r) => (
        <span className="flex flex-col">
          <span className="font-semibold text-slate-900">{r.name}</span>
          <span className="break-all text-slate-600 lg:break-normal">
            {r.email} · {r.role.toLowerCase()}
          </span>
        </span>
      ),
    },
    { header: "Reason", cell: (r) => <span className="text-slate-700">{r.reason ?? "—"}</span> },
    { header: "Asked", cell: (r) => formatDateTime(r.requestedAt) },
    {
      header: "Status",
      cell: (r) =>
        r.completedAt ? (
          <span className="text-slate-600">Closed {formatDateTime(r.completedAt)}</span>
        ) : (
          <Button
            size="sm"
            variant="danger"
            isLoading={complete.isPending && complete.variables === r.id}
            loadingText="Closing…"
            onClick={() => complete.mutate(r.id)}
          >
            Close account
          </Button>
        ),
    },
  ];

  return (
    <SectionCard
      title="Closure requests"
      description="Closing removes the person's name, email, phone and messages; their payments and tax invoices stay."
    >
      <DocumentTitle title="Closure requests" />
      {complete.isError ? (
        <Alert tone="error" title="The account was not closed">
          {errorMessage(complete.error, "Please try again.")}
        </Alert>
      ) : null}
      <ListState
        query={query}
        isEmpty={query.data?.requests.length === 0}
        loadingLabel="Loading closure requests…"
        errorTitle="We couldn't load the requests"
        empty={{
          icon: <UserX className="size-6" />,
          title: "No closure requests",
          description: "When someone asks for their account to be closed, the request waits here for you.",
        }}
      >
        {query.data ? (
          <DataTable
            caption="Account closure requests"
            columns={columns}
            rows={query.data.requests}
            rowKey={(r) => r.id}
          />
        ) : null}
      </ListState>
    </SectionCard>
  );
}
