import { Navigate, useNavigate, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Container } from "@/components/ui/container";
import { DocumentTitle } from "@/components/ui/document-title";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-error";
import { useCurrentUser } from "@/lib/auth-store";
import { safeReturnPath } from "@/lib/safe-return-path";
import { useAcceptLegal, useOutstandingLegal } from "../api/privacy";
import { LegalDocumentText } from "../components/legal-document";

/**
 * /legal/accept: after signing in, a new version of the terms, privacy policy or instructor agreement is
 * read and accepted before going on to `returnTo`.
 */
export function AcceptLegalPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeReturnPath(searchParams.get("returnTo")) ?? paths.home();
  const outstanding = useOutstandingLegal();
  const accept = useAcceptLegal();

  if (!user) return <Navigate to={paths.auth.login()} replace />;
  if (outstanding.isPending) return <PageSpinner />;
  if (outstanding.isError) {
    return (
      <ErrorState
        title="We couldn't load the terms"
        error={outstanding.error}
        onRetry={() => void outstanding.refetch()}
        isRetrying={outstanding.isFetching}
      />
    );
  }
  if (outstanding.data.length === 0) return <Navigate to={next} replace />;

  return (
    <Container className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        <DocumentTitle title="Updated terms" />
        <PageHeader
          title="We've updated our terms"
          description="Please read and accept the new version before you go on."
        />
        <Card>
          <CardContent className="flex flex-col gap-8">
            {outstanding.data.map((d) => (
              <LegalDocumentText key={d.document} document={d.document} />
            ))}
          </CardContent>
        </Card>
        {accept.isError ? (
          <Alert tone="error" title="We couldn't record your acceptance">
            {errorMessage(accept.error, "Please try again.")}
          </Alert>
        ) : null}
        <div>
          <Button
            isLoading={accept.isPending}
            loadingText="Saving…"
            onClick={() =>
              accept.mutate(outstanding.data, {
                onSuccess: (answer) => {
                  if (answer.outstandingLegal.length === 0) navigate(next, { replace: true });
                },
              })
            }
          >
            I accept
          </Button>
        </div>
      </div>
    </Container>
  );
}
