import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DocumentTitle } from "@/components/ui/document-title";
import { ErrorState } from "@/components/ui/error-state";
import { PageSpinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-error";
import { formatDateTime } from "@/lib/format";
import { useClosureRequests, useCompleteClosure } from "../api/privacy";

/** /admin/closure-requests: accounts their owners asked to close; completing one anonymises it. */
export function AdminClosureRequestsPage() {
  const query = useClosureRequests();
  const complete = useCompleteClosure();

  return (
    <div className="flex flex-col gap-6">
      <DocumentTitle title="Closure requests" />
      <div>
        <h2 className="font-semibold text-slate-900 text-xl">Closure requests</h2>
        <p className="text-slate-600 text-sm">
          Closing removes the person's name, email, phone and messages; their payments and tax invoices stay.
        </p>
      </div>
      {complete.isError ? (
        <Alert tone="error" title="The account was not closed">
          {errorMessage(complete.error, "Please try again.")}
        </Alert>
      ) : null}
      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <ErrorState
          title="We couldn't load the requests"
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : query.data.requests.length === 0 ? (
        <p className="text-slate-600">No one has asked for their account to be closed.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-slate-200 border-b text-slate-600">
              <th className="py-2">Account</th>
              <th className="py-2">Reason</th>
              <th className="py-2">Asked</th>
              <th className="py-2">Status</th>
            </tr>
          </thead>
          <tbody>
            {query.data.requests.map((r) => (
              <tr key={r.id} className="border-slate-100 border-b align-top">
                <td className="py-2">
                  <div className="font-medium text-slate-900">{r.name}</div>
                  <div className="text-slate-600">
                    {r.email} · {r.role.toLowerCase()}
                  </div>
                </td>
                <td className="py-2 text-slate-700">{r.reason ?? "—"}</td>
                <td className="py-2 text-slate-700">{formatDateTime(r.requestedAt)}</td>
                <td className="py-2">
                  {r.completedAt ? (
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
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
