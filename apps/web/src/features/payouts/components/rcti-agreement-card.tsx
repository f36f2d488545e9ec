import CheckCircle2 from "lucide-react/icons/circle-check";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/format";
import { useAcceptRctiAgreement, useRctiAgreement } from "../api/rcti-agreement";

export const RCTI_AGREEMENT_ID = "rcti-agreement";

/** Takes the instructor to the agreement (the earnings page's "Read the agreement"). */
export function focusRctiAgreement() {
  const card = document.getElementById(RCTI_AGREEMENT_ID);
  card?.scrollIntoView?.({ block: "start" });
  card?.focus();
}

/**
 * Kerb's recipient-created tax invoice agreement, to read and accept: Kerb issues no RCTI, and so makes no
 * payout, until the current version is accepted (again after an ABN or GST change).
 */
export function RctiAgreementCard() {
  const agreementQuery = useRctiAgreement();
  const accept = useAcceptRctiAgreement();
  const agreement = agreementQuery.data;
  return (
    <section id={RCTI_AGREEMENT_ID} tabIndex={-1} aria-labelledby={`${RCTI_AGREEMENT_ID}-title`}>
      <Card>
        <CardHeader
          title={
            <span id={`${RCTI_AGREEMENT_ID}-title`}>
              {agreement?.name ?? "Recipient-created tax invoice agreement"}
            </span>
          }
          description="Kerb writes the tax invoices for your lessons (recipient-created tax invoices, RCTIs) under this written agreement. You are paid only once you have accepted it."
        />
        <CardContent className="flex flex-col gap-4">
          {agreementQuery.isPending ? (
            <SkeletonGroup label="Loading the agreement…">
              <Skeleton className="h-32 w-full" />
            </SkeletonGroup>
          ) : agreementQuery.isError ? (
            <ErrorState
              title="We couldn't load the agreement"
              error={agreementQuery.error}
              onRetry={() => agreementQuery.refetch()}
              isRetrying={agreementQuery.isFetching}
            />
          ) : agreement ? (
            <>
              <p className="text-slate-600 text-sm">Version {agreement.version}</p>
              <ol className="flex list-decimal flex-col gap-2 pl-5 text-slate-800 text-sm">
                {agreement.clauses.map((clause) => (
                  <li key={clause}>{clause}</li>
                ))}
              </ol>
              {agreement.current ? (
                <p className="flex items-center gap-2 text-brand-800 text-sm">
                  <CheckCircle2 className="size-4" aria-hidden="true" />
                  You accepted this agreement
                  {agreement.lastAccepted ? ` on ${formatDate(agreement.lastAccepted.acceptedAt)}` : ""}.
                </p>
              ) : (
                <>
                  <Alert tone="warning" title="Your payouts wait for this agreement">
                    {agreement.lastAccepted?.reaskedAt
                      ? "Your ABN or GST registration changed, or the agreement did: please read it and accept it again."
                      : agreement.lastAccepted
                        ? "Kerb has a new version of the agreement: please read it and accept it."
                        : "Please read the agreement and accept it."}{" "}
                    Your earnings keep adding up meanwhile, and the first Monday payout after you accept pays
                    everything owed.
                  </Alert>
                  <div>
                    <Button
                      onClick={() => accept.mutate(agreement.version)}
                      isLoading={accept.isPending}
                      loadingText="Accepting…"
                    >
                      I accept this agreement
                    </Button>
                  </div>
                </>
              )}
              {accept.isError ? (
                <ErrorState title="The agreement was not accepted" error={accept.error} />
              ) : null}
              {accept.isSuccess ? <Alert tone="success">Agreement accepted: you will be paid.</Alert> : null}
            </>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
