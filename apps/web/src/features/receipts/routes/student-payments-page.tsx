import Receipt from "lucide-react/icons/receipt";
import { ButtonLink } from "@/components/ui/button";
import { Container } from "@/components/ui/container";
import { DocumentTitle } from "@/components/ui/document-title";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton, SkeletonGroup, SkeletonRepeat } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useStudentPayments } from "../api/get-student-payments";
import { PaymentCard } from "../components/payment-card";

/** /student/payments: every payment with its refunds, and a PDF tax invoice for each paid one. */
export function StudentPaymentsPage() {
  const paymentsQuery = useStudentPayments();
  const payments = paymentsQuery.data?.payments ?? [];

  return (
    <Container className="flex flex-col gap-8 py-8 sm:py-12">
      <DocumentTitle title="Payments" />
      <PageHeader
        title="Payments"
        description="Your receipts, refunds and tax invoices. Refunds appear as adjustment notes on the payment's tax invoice."
      />

      {paymentsQuery.isPending ? (
        <SkeletonGroup label="Loading payments…" className="flex flex-col gap-4">
          <SkeletonRepeat count={3}>
            <Skeleton className="h-44 rounded-2xl" />
          </SkeletonRepeat>
        </SkeletonGroup>
      ) : paymentsQuery.isError ? (
        <ErrorState
          title="We couldn't load your payments"
          error={paymentsQuery.error}
          onRetry={() => paymentsQuery.refetch()}
          isRetrying={paymentsQuery.isFetching}
        />
      ) : payments.length === 0 ? (
        <EmptyState
          icon={<Receipt className="size-6" />}
          title="No payments yet — book your first lesson"
          description="Once you pay for lessons or a bundle, the receipt and its tax invoice appear here."
          action={<ButtonLink to={paths.student.book()}>Book a lesson</ButtonLink>}
        />
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Payments, newest first">
          {payments.map((payment) => (
            <PaymentCard key={payment.id} payment={payment} />
          ))}
        </ul>
      )}
    </Container>
  );
}
